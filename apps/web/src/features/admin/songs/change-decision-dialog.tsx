import type { SongStatus } from '@ovation/shared/constants';
import {
  type AdminSong,
  MAX_REASON_LENGTH,
  type ModerationAction,
  STATUS_OF_ACTION,
} from '@ovation/shared/schemas/admin-songs';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/dialog/form-modal';
import { TextAreaField } from '../../../components/form/text-area-field';
import { useAction } from '../../../lib/use-action';
import { changeDecision } from '../lib/song-moderation';
import { adminSongsKeys } from './api';

const ACTIONS: readonly ModerationAction[] = ['approve', 'reject', 'reopen'];

interface ChangeDecisionDialogProps {
  /** The approved or rejected song whose decision changes; null closes the dialog. */
  song: AdminSong | null;
  /** After the change is saved (the dialog then closes). */
  onDone: (song: AdminSong) => void;
  /** After a refusal (another admin was first...): the list is refreshed behind the open dialog. */
  onRefused: () => void;
  onClose: () => void;
}

/**
 * Change decision on an approved or rejected song: the other statuses as radio buttons (approved,
 * rejected, back to pending review), a reason the artist reads (required), and what it means for the
 * song's votes: they stay, and count again only while the song is approved. The change is sent with the
 * status the admin saw, so a decision another admin took meanwhile is refused (and said so here).
 */
export function ChangeDecisionDialog({ song, onDone, onRefused, onClose }: ChangeDecisionDialogProps) {
  const { t, i18n } = useTranslation('admin-songs');
  const id = useId();
  const [choice, setChoice] = useState<ModerationAction | null>(null);
  const [reason, setReason] = useState('');
  const [missingReason, setMissingReason] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [shown, setShown] = useState(song);
  if (song !== shown) {
    setShown(song);
    setChoice(null);
    setReason('');
    setMissingReason(false);
    setError(null);
  }
  const decide = useAction({
    action: changeDecision,
    success: (_result, variables) => t(`decision.done.${variables.action}`),
    failure: t('decision.failed'),
    invalidate: [adminSongsKeys.all],
    // The dialog stays open on a refusal and says why (another admin was first, results published...).
    toastOnError: false,
    onSuccess: (_data, variables) => {
      onDone(variables.song);
      onClose();
    },
    onError: (_error, message) => {
      setError(message);
      onRefused();
    },
  });
  const options = ACTIONS.filter((action) => STATUS_OF_ACTION[action] !== song?.status);
  const action = choice ?? options[0] ?? null;
  const status: SongStatus | null = action ? STATUS_OF_ACTION[action] : null;
  const votes = song?.totalVotes ?? 0;
  const tooLong = reason.trim().length > MAX_REASON_LENGTH;

  return (
    <FormModal
      open={song !== null}
      title={t('decision.title')}
      description={song ? t('decision.description', { title: `\u2068${song.title}\u2069` }) : ''}
      onClose={onClose}
      onSubmit={() => {
        if (!song || !action || tooLong) return;
        if (reason.trim() === '') {
          setMissingReason(true);
          return;
        }
        decide.mutate({ song, action, reason: reason.trim() });
      }}
      submitLabel={t('decision.save')}
      busyLabel={t('decision.saving')}
      busy={decide.isPending}
      error={error}
      size="sm"
    >
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-semibold text-ink-200">
          {t('decision.legend', { status: song ? t(`status.${song.status}`) : '' })}
        </legend>
        {options.map((option) => (
          <label
            key={option}
            htmlFor={`${id}-${option}`}
            className="flex cursor-pointer items-start gap-3 rounded-2xl border border-white/10 bg-white/[0.03] p-3 has-[:checked]:border-gold-400/60 has-[:checked]:bg-gold-400/[0.06]"
          >
            <input
              id={`${id}-${option}`}
              type="radio"
              name={`${id}-decision`}
              value={option}
              checked={action === option}
              onChange={() => setChoice(option)}
              className="mt-1 size-4 accent-gold-400"
            />
            <span className="min-w-0">
              <span className="block font-semibold text-ink-50">{t(`decision.to.${option}`)}</span>
              <span className="block text-sm text-ink-400">{t(`decision.hint.${option}`)}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <TextAreaField
        id={`${id}-reason`}
        label={t('decision.reason')}
        required
        hint={t('decision.reasonHint')}
        keepHintOnError
        error={missingReason ? t('decision.reasonRequired') : null}
        maxLength={MAX_REASON_LENGTH}
        invalid={tooLong || missingReason}
        dir="auto"
        value={reason}
        onChange={(value) => {
          setReason(value);
          if (value.trim()) setMissingReason(false);
        }}
      />
      {votes > 0 && status && (
        <p role="note" className="rounded-xl bg-white/[0.04] px-3 py-2 text-sm text-ink-200">
          {t(status === 'approved' ? 'decision.votesCountAgain' : 'decision.votesKept', {
            count: votes,
            number: new Intl.NumberFormat(i18n.language).format(votes),
          })}
        </p>
      )}
    </FormModal>
  );
}
