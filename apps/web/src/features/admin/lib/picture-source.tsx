import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Where a banner's or an ad's picture comes from: a file from this computer, or an image of the library. */
export type ImageSource = 'upload' | 'library';

const SOURCES = ['upload', 'library'] as const satisfies readonly ImageSource[];

interface PictureSourceProps {
  /** The radio group's name (unique on the page). */
  name: string;
  source: ImageSource;
  onSource: (source: ImageSource) => void;
  /** Marks the legend required (a new item must have a picture). */
  required: boolean;
  /** The drop zone, shown while `source` is 'upload'. */
  upload: ReactNode;
  /** The library picker, shown while `source` is 'library'. */
  library: ReactNode;
}

/**
 * The banner and ad forms' "Picture" field: two radio buttons styled as one switch (Upload a file /
 * Choose from the library), then the drop zone or the library picker the choice asks for.
 */
export function PictureSource({ name, source, onSource, required, upload, library }: PictureSourceProps) {
  const { t } = useTranslation('admin');
  return (
    <fieldset className="min-w-0">
      <legend className="mb-1.5 text-sm font-semibold text-ink-100">
        {t('kit.imageSource.legend')}
        {required && (
          <span aria-hidden="true" className="ms-0.5 text-coral-300">
            *
          </span>
        )}
      </legend>
      <div className="grid grid-cols-2 gap-1 rounded-2xl bg-white/[0.04] p-1 ring-1 ring-white/10">
        {SOURCES.map((each) => (
          <label
            key={each}
            className={`flex min-h-11 cursor-pointer items-center justify-center rounded-xl px-3 text-center text-sm font-semibold transition-colors has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-gold-300 ${
              source === each ? 'bg-gold-400 text-ink-950' : 'text-ink-200 hover:bg-white/[0.06]'
            }`}
          >
            <input
              type="radio"
              name={name}
              value={each}
              checked={source === each}
              onChange={() => onSource(each)}
              className="sr-only"
            />
            {t(`kit.imageSource.${each}`)}
          </label>
        ))}
      </div>
      <div className="mt-4">{source === 'upload' ? upload : library}</div>
    </fieldset>
  );
}
