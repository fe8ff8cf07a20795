import { MAX_REASON_LENGTH } from '@ovation/shared/schemas/admin-songs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/dialog/confirm-dialog';
import { inputClass } from '../../../components/form/control-styles';
import { FormField } from '../../../components/form/form-field';
import { isolate } from './activity-text';

/**
 * Reject a pending song from the dashboard, with an optional reason the artist reads (at most 500
 * characters, as the server checks). The reason starts empty each time the dialog opens.
 */
export function RejectSongDialog({
  title,
  busy,
  onConfirm,
  onCancel,
}: {
  /** The song's title; null when closed. */
  title: string | null;
  busy: boolean;
  onConfirm: (reason: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('admin-dashboard');
  const [reason, setReason] = useState('');
  const [lastTitle, setLastTitle] = useState(title);
  if (title !== lastTitle) {
    setLastTitle(title);
    if (title !== null) setReason('');
  }
  const tooLong = reason.trim().length > MAX_REASON_LENGTH;
  return (
    <ConfirmDialog
      open={title !== null}
      title={t('reject.title')}
      description={t('reject.description', { title: isolate(title ?? '') })}
      confirmLabel={t('reject.confirm')}
      busy={busy}
      onConfirm={() => {
        if (!tooLong) onConfirm(reason.trim());
      }}
      onCancel={onCancel}
    >
      <FormField
        id="dashboard-reject-reason"
        label={t('reject.reason')}
        optional
        hint={t('reject.reasonHint')}
        keepHintOnError
        counter={{ length: reason.length, max: MAX_REASON_LENGTH }}
        className="mt-5"
      >
        {(control) => (
          <textarea
            {...control}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            maxLength={MAX_REASON_LENGTH}
            rows={3}
            placeholder={t('reject.reasonPlaceholder')}
            className={inputClass(tooLong, 'resize-y')}
          />
        )}
      </FormField>
    </ConfirmDialog>
  );
}
