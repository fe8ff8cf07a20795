import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { TransferProgress } from '../../lib/send-multipart';

export interface UploadProgressProps {
  /** What `sendMultipart`'s onProgress last reported; null while nothing is being sent (nothing shows). */
  progress: TransferProgress | null;
  /** 'Upload progress': names the bar. */
  label: string;
  /** Shown instead of the figure once every byte is sent and the server is still working ('Processing…'). */
  processingLabel?: string;
}

/**
 * An upload's progress bar under a form: a native <progress> named by its label, the percentage in the
 * reader's language (Intl), and, once every byte is sent, what the server is doing meanwhile.
 */
export function UploadProgress({ progress, label, processingLabel }: UploadProgressProps) {
  const { i18n } = useTranslation();
  const id = useId();
  if (!progress) return null;
  const share = progress.total > 0 ? Math.min(1, progress.loaded / progress.total) : 0;
  const sent = progress.total > 0 && progress.loaded >= progress.total;
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 0 });
  return (
    <div>
      <div className="mb-1.5 flex items-baseline justify-between gap-3 text-sm">
        <label htmlFor={id} className="font-semibold text-ink-100">
          {label}
        </label>
        <span className="font-semibold text-ink-50 tabular-nums">
          {sent && processingLabel ? processingLabel : percent.format(share)}
        </span>
      </div>
      <progress
        id={id}
        max={1}
        value={share}
        className="block h-2.5 w-full appearance-none overflow-hidden rounded-full bg-white/10 [&::-moz-progress-bar]:bg-gold-400 [&::-webkit-progress-bar]:bg-white/10 [&::-webkit-progress-value]:rounded-full [&::-webkit-progress-value]:bg-gold-400 [&::-webkit-progress-value]:transition-[width]"
      />
    </div>
  );
}
