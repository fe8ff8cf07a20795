import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/dialog/confirm-dialog';
import { showToast, TOAST_ERROR_MS } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { isolate } from '../../../lib/bidi';
import { useAction } from '../../../lib/use-action';
import { useCategoryName } from '../lib/category-names';
import {
  type AnalyticsCategory,
  type AnalyticsSong,
  analyticsKeys,
  clearWinner,
  PUBLIC_RESULT_KEYS,
  selectWinner,
} from './api';
import { useRankFormat } from './category-ranking';
import { NoteList } from './notes';

/**
 * The winner being chosen. `votingOpen`: voting is open, so the confirmation says so and sends
 * `confirmVotingOpen`; `refused`: the server refused because voting opened after the screen was read (the
 * second question).
 */
export interface WinnerChoice {
  category: AnalyticsCategory;
  song: AnalyticsSong;
  votingOpen: boolean;
  refused?: boolean;
}

/**
 * 'Confirm Winner Selection' (the admin spec): the choice, the winner it replaces, and what to weigh
 * before confirming: voting still open, the song not first, the lead resting on votes under review, the
 * set-aside votes changing the ranking. If voting opened after the screen was read, the server refuses
 * (409 VOTING_STILL_OPEN) and the dialog asks a second time, saying so, before sending again with
 * `confirmVotingOpen`.
 */
export function SelectWinnerDialog({
  choice,
  onChange,
}: {
  choice: WinnerChoice | null;
  onChange: (choice: WinnerChoice | null) => void;
}) {
  const { t } = useTranslation('admin-analytics');
  const categoryName = useCategoryName({ lookUp: false });
  const formatRank = useRankFormat();
  const select = useAction({
    action: selectWinner,
    success: t('winner.done'),
    failure: t('winner.failed'),
    toastOnError: false,
    invalidate: [analyticsKeys.all, ...PUBLIC_RESULT_KEYS],
    onSuccess: () => onChange(null),
    onError: (error, message) => {
      if (error instanceof ApiError && error.code === 'VOTING_STILL_OPEN' && choice) {
        onChange({ ...choice, votingOpen: true, refused: true });
        return;
      }
      // Closed first: a toast sits under a modal's backdrop.
      onChange(null);
      showToast(message, 'error', TOAST_ERROR_MS);
    },
  });

  const category = choice?.category;
  const song = choice?.song;
  const name = category ? isolate(categoryName(category)) : '';
  const current = category?.winner;
  const refused = choice?.refused === true;
  const send = () =>
    choice &&
    select.mutate({
      categoryId: choice.category._id,
      songId: choice.song._id,
      confirmVotingOpen: choice.votingOpen,
    });

  const notes: string[] = [];
  if (category && song && !refused) {
    if (choice?.votingOpen) notes.push(t('winner.votingOpen'));
    if (current && current._id !== song._id)
      notes.push(t('winner.replaces', { title: isolate(current.title) }));
    if (song.rank > 1) notes.push(t('winner.notFirst', { rank: formatRank(song.rank) }));
    if (category.leadUnderReview) notes.push(t('winner.leadUnderReview'));
    if (category.rankingDiffers) {
      notes.push(
        t('winner.differs', {
          rank: formatRank(song.rankWithSetAside),
          votes: t('ranking.votes', { count: song.votesWithSetAside }),
        }),
      );
    }
  }
  const title = song ? isolate(song.title) : '';

  // One dialog for both questions: the second replaces the first's words in place.
  return (
    <ConfirmDialog
      open={choice !== null}
      title={refused ? t('winner.openTitle') : t('winner.title')}
      description={
        !song
          ? ''
          : refused
            ? t('winner.openText', { title, category: name })
            : t('winner.text', { title, artist: isolate(song.artist), category: name })
      }
      confirmLabel={choice?.votingOpen ? t('winner.openConfirm') : t('winner.confirm')}
      tone="primary"
      busy={select.isPending}
      onConfirm={send}
      onCancel={() => onChange(null)}
    >
      {notes.length > 0 && (
        <NoteList>
          {notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </NoteList>
      )}
    </ConfirmDialog>
  );
}

/** Clear winner: the category has no winner again (DELETE), after a question. */
export function ClearWinnerDialog({
  target,
  onClose,
}: {
  target: { category: AnalyticsCategory; song: AnalyticsSong } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin-analytics');
  const categoryName = useCategoryName({ lookUp: false });
  const clear = useAction({
    action: (categoryId: string) => clearWinner(categoryId),
    success: t('winner.cleared'),
    failure: t('winner.clearFailed'),
    invalidate: [analyticsKeys.all, ...PUBLIC_RESULT_KEYS],
    onSuccess: onClose,
    onError: onClose,
  });
  return (
    <ConfirmDialog
      open={target !== null}
      title={t('winner.clearTitle')}
      description={
        target
          ? t('winner.clearText', {
              title: isolate(target.song.title),
              category: isolate(categoryName(target.category)),
            })
          : ''
      }
      confirmLabel={t('winner.clearConfirm')}
      busy={clear.isPending}
      onConfirm={() => target && clear.mutate(target.category._id)}
      onCancel={onClose}
    />
  );
}
