import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data/data-table';
import { EmptyState } from '../../../components/data/empty-state';
import { buttonClass } from '../../../components/ui/button-styles';
import { SearchIcon } from '../../../components/ui/icons';
import { isolate } from '../../../lib/bidi';
import type { IntegrityVote, VoteStatus } from './api';
import type { Formats } from './use-formats';
import { useVoteColumns } from './vote-columns';

/**
 * A page of votes with row selection. A signal's votes offer Quarantine selected (the picked valid ones),
 * a review's offer Restore selected (the picked quarantined ones); each says why it is disabled when none
 * of the picked rows applies.
 */
export function VotesTable({
  rows,
  loading,
  formats,
  selected,
  onSelect,
  action,
}: {
  rows: readonly IntegrityVote[] | undefined;
  loading: boolean;
  formats: Formats;
  selected: ReadonlySet<string>;
  onSelect: (next: Set<string>) => void;
  action: { kind: 'quarantine' | 'restore'; onPick: (voteIds: number[]) => void };
}) {
  const { t } = useTranslation('admin-integrity');
  const columns = useVoteColumns(formats, action.kind === 'quarantine');
  const byId = new Map((rows ?? []).map((vote) => [String(vote.id), vote]));
  const pickedWith = (wanted: VoteStatus, ids: string[]) =>
    ids.flatMap((key) => {
      const vote = byId.get(key);
      return vote?.status === wanted ? [vote.id] : [];
    });
  return (
    <DataTable
      label={t('votes.table.label')}
      columns={columns}
      rows={rows}
      rowKey={(vote) => String(vote.id)}
      loading={loading}
      minWidthClass="min-w-[52rem]"
      selection={{
        selected,
        onChange: onSelect,
        rowLabel: (vote) =>
          t('votes.rowLabel', { name: isolate(vote.fan.name), time: formats.dateTime(vote.createdAt) }),
      }}
      bulkActions={(ids) =>
        action.kind === 'quarantine' ? (
          <BulkButton
            label={t('votes.quarantineSelected')}
            disabledText={t('votes.nothingToQuarantine')}
            tone="danger"
            ids={pickedWith('valid', ids)}
            onClick={action.onPick}
          />
        ) : (
          <BulkButton
            label={t('votes.restoreSelected')}
            disabledText={t('votes.nothingToRestore')}
            tone="secondary"
            ids={pickedWith('quarantined', ids)}
            onClick={action.onPick}
          />
        )
      }
      empty={<EmptyState icon={<SearchIcon />} title={t('votes.empty')} description={t('votes.emptyText')} />}
    />
  );
}

/** A bulk action that acts on the picked rows it applies to; disabled, with the reason, when none do. */
function BulkButton({
  label,
  disabledText,
  tone,
  ids,
  onClick,
}: {
  label: string;
  disabledText: string;
  tone: 'danger' | 'secondary';
  ids: number[];
  onClick: (ids: number[]) => void;
}) {
  const id = useId();
  return (
    <>
      <button
        type="button"
        disabled={ids.length === 0}
        aria-describedby={ids.length === 0 ? id : undefined}
        onClick={() => onClick(ids)}
        className={buttonClass(tone, 'sm')}
      >
        {label}
      </button>
      {ids.length === 0 && (
        <span id={id} className="text-xs text-ink-300">
          {disabledText}
        </span>
      )}
    </>
  );
}
