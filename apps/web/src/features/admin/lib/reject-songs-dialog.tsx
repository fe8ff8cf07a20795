import { MAX_REASON_LENGTH } from '@ovation/shared/schemas/admin-songs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/dialog/confirm-dialog';
import { TextAreaField } from '../../../components/form/text-area-field';

export interface RejectSongsDialogProps {
  /** What is being rejected: one song (its title) or several (their count); null when closed. */
  target: { title: string } | { count: number } | null;
  busy: boolean;
  onConfirm: (reason: string) => void;
  onCancel: () => void;
}

/**
 * Shared by the dashboard's pending approvals and the moderation screen.
 * Reject one song or the selected ones, with an optional reason the artist reads on their dashboard
 * (at most 500 characters, as the server checks). The reason starts empty each time the dialog opens.
 */
export function RejectSongsDialog({ target, busy, onConfirm, onCancel }: RejectSongsDialogProps) {
  const { t, i18n } = useTranslation('admin');
  const [reason, setReason] = useState('');
  const [lastTarget, setLastTarget] = useState(target);
  if (target !== lastTarget) {
    setLastTarget(target);
    if (target) setReason('');
  }
  const tooLong = reason.trim().length > MAX_REASON_LENGTH;
  const single = target && 'title' in target;
  const count = target && 'count' in target ? target.count : 0;
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <ConfirmDialog
      open={target !== null}
      title={
        single
          ? t('moderation.reject.title')
          : t('moderation.reject.bulkTitle', { count, number: number.format(count) })
      }
      description={
        single
          ? t('moderation.reject.description', { title: `\u2068${target.title}\u2069` })
          : t('moderation.reject.bulkDescription')
      }
      confirmLabel={t('moderation.reject.confirm')}
      busy={busy}
      onConfirm={() => {
        if (!tooLong) onConfirm(reason.trim());
      }}
      onCancel={onCancel}
    >
      <TextAreaField
        id="reject-reason"
        label={t('moderation.reject.reason')}
        optional
        hint={t('moderation.reject.reasonHint')}
        keepHintOnError
        className="mt-5"
        maxLength={MAX_REASON_LENGTH}
        invalid={tooLong}
        placeholder={t('moderation.reject.reasonPlaceholder')}
        value={reason}
        onChange={setReason}
      />
    </ConfirmDialog>
  );
}
