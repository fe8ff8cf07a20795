import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/dialog/form-modal';
import { TextAreaField } from '../../../components/form/text-area-field';
import { isolate } from '../../../lib/bidi';
import { useAction } from '../../../lib/use-action';
import {
  quarantineVotes,
  REASON_MAX_LENGTH,
  REASON_MIN_LENGTH,
  STALE_AFTER_VOTE_CHANGE,
  type VoteCluster,
} from './api';
import { useClusterLabel } from './cluster-label';

/** What is about to be quarantined: every valid vote of a cluster, or the valid votes picked in a list. */
export type QuarantineTarget =
  | { kind: 'cluster'; cluster: VoteCluster }
  | { kind: 'selection'; voteIds: number[] };

/**
 * Asks why before votes are set aside, then quarantines them (they leave the count at once and wait for a
 * decision). A failure stays in the dialog, with the server's reason in the admin's language.
 */
export function QuarantineModal({
  target,
  onClose,
  onDone,
}: {
  target: QuarantineTarget | null;
  onClose: () => void;
  onDone?: () => void;
}) {
  const { t } = useTranslation('admin-integrity');
  const wordLabel = useClusterLabel();
  const id = useId();
  const [reason, setReason] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [shown, setShown] = useState(target);
  if (target !== shown) {
    setShown(target);
    if (target) {
      setReason('');
      setFieldError(null);
      setFailure(null);
    }
  }

  const quarantine = useAction({
    action: quarantineVotes,
    success: (result) => t('quarantine.done', { count: result.data.changed }),
    failure: t('quarantine.failed'),
    toastOnError: false,
    invalidate: STALE_AFTER_VOTE_CHANGE,
    onSuccess: () => {
      onDone?.();
      onClose();
    },
    onError: (_error, message) => setFailure(message),
  });

  const current = target ?? shown;
  const submit = () => {
    const text = reason.trim();
    if (text.length < REASON_MIN_LENGTH) {
      setFieldError(t('quarantine.reasonTooShort'));
      return;
    }
    if (!current) return;
    setFailure(null);
    quarantine.mutate(
      current.kind === 'cluster'
        ? { reason: text, filter: current.cluster.filter, label: current.cluster.label }
        : { reason: text, voteIds: current.voteIds },
    );
  };

  const description = !current
    ? undefined
    : current.kind === 'cluster'
      ? t('quarantine.clusterText', {
          count: current.cluster.validVotes,
          label: isolate(wordLabel(current.cluster.label, current.cluster.kind).text),
          song: isolate(current.cluster.songTitle),
        })
      : t('quarantine.selectedText', { count: current.voteIds.length });

  return (
    <FormModal
      open={target !== null}
      title={current?.kind === 'selection' ? t('quarantine.selectedTitle') : t('quarantine.clusterTitle')}
      description={description}
      onClose={() => {
        if (!quarantine.isPending) onClose();
      }}
      onSubmit={submit}
      submitLabel={t('quarantine.submit')}
      busyLabel={t('quarantine.busy')}
      busy={quarantine.isPending}
      error={failure}
    >
      <TextAreaField
        id={`${id}-reason`}
        label={t('quarantine.reason')}
        required
        hint={t('quarantine.reasonHint')}
        placeholder={t('quarantine.reasonPlaceholder')}
        maxLength={REASON_MAX_LENGTH}
        rows={3}
        dir="auto"
        value={reason}
        onChange={(value) => {
          setReason(value);
          setFieldError(null);
        }}
        error={fieldError}
      />
    </FormModal>
  );
}
