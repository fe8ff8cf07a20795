import type { AdminUser, UserBulkAction, UserBulkOutcome } from '@ovation/shared/schemas/admin-users';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/dialog/confirm-dialog';
import { buttonClass } from '../../../components/ui/button-styles';
import { Modal } from '../../../components/ui/modal';
import { useAction } from '../../../lib/use-action';
import { adminUsersKeys, bulkUserAction } from './api';

const CHECKBOX_CLASS = 'size-5 cursor-pointer rounded accent-gold-400 disabled:cursor-not-allowed';

/** The tone of each action's button and confirmation: deactivating and signing out are the destructive ones. */
const ACTIONS: { action: UserBulkAction; tone: 'danger' | 'primary'; className: string }[] = [
  { action: 'deactivate', tone: 'danger', className: 'text-coral-300' },
  { action: 'reactivate', tone: 'primary', className: 'text-jade-300' },
  { action: 'endSessions', tone: 'danger', className: '' },
];

/** The checkbox that selects every user of the page (indeterminate when some are). */
function SelectPage({
  ids,
  selected,
  onChange,
}: {
  ids: string[];
  selected: ReadonlySet<string>;
  onChange: (next: Set<string>) => void;
}) {
  const { t } = useTranslation('admin-users');
  const ref = useRef<HTMLInputElement>(null);
  const count = ids.filter((id) => selected.has(id)).length;
  const all = ids.length > 0 && count === ids.length;
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = count > 0 && !all;
  }, [count, all]);
  return (
    <label className="inline-flex min-h-11 cursor-pointer items-center gap-2 text-sm font-semibold text-ink-100">
      <input
        ref={ref}
        type="checkbox"
        checked={all}
        disabled={ids.length === 0}
        onChange={() => onChange(all ? new Set() : new Set(ids))}
        className={CHECKBOX_CLASS}
      />
      {t('bulk.selectPage')}
    </label>
  );
}

/**
 * Bulk actions on the users list: select the page (or single cards), then deactivate, reactivate or end the
 * sessions of every selected user in one call, after a confirmation. The server answers each user's result:
 * the toast counts them, and users left alone (your own account, an erased one…) are listed with the reason.
 */
export function UserBulkBar({
  users,
  selected,
  onChange,
}: {
  users: readonly AdminUser[];
  selected: ReadonlySet<string>;
  onChange: (next: Set<string>) => void;
}) {
  const { t, i18n } = useTranslation('admin-users');
  const [confirming, setConfirming] = useState<UserBulkAction | null>(null);
  const [outcome, setOutcome] = useState<UserBulkOutcome | null>(null);
  const number = new Intl.NumberFormat(i18n.language);
  const ids = users.map((user) => user._id);
  const selectedIds = ids.filter((id) => selected.has(id));

  const run = useAction({
    action: bulkUserAction,
    success: (result) =>
      t('bulk.done', {
        done: number.format(result.done),
        unchanged: number.format(result.unchanged),
        skipped: number.format(result.skipped),
      }),
    failure: t('bulk.failed'),
    invalidate: [adminUsersKeys.all],
    onSuccess: (result) => {
      setConfirming(null);
      onChange(new Set());
      if (result.skipped > 0) setOutcome(result);
    },
    onError: () => setConfirming(null),
  });
  const tone = ACTIONS.find((item) => item.action === confirming)?.tone ?? 'danger';

  return (
    <div className="mb-4 flex flex-wrap items-center gap-x-4 gap-y-2 rounded-2xl border border-white/10 bg-ink-900/60 px-4 py-2">
      <SelectPage ids={ids} selected={selected} onChange={onChange} />
      {selectedIds.length > 0 && (
        <fieldset className="flex min-w-0 flex-wrap items-center gap-2">
          <legend className="sr-only">{t('bulk.label')}</legend>
          <p className="text-sm font-semibold text-gold-200" aria-live="polite">
            {t('bulk.selected', { number: number.format(selectedIds.length) })}
          </p>
          {ACTIONS.map((item) => (
            <button
              key={item.action}
              type="button"
              disabled={run.isPending}
              onClick={() => setConfirming(item.action)}
              className={buttonClass('secondary', 'sm', item.className)}
            >
              {t(`bulk.${item.action}`)}
            </button>
          ))}
          <button type="button" onClick={() => onChange(new Set())} className={buttonClass('ghost', 'sm')}>
            {t('bulk.clear')}
          </button>
        </fieldset>
      )}

      <ConfirmDialog
        open={confirming !== null}
        title={confirming ? t(`bulk.${confirming}Title`) : ''}
        description={confirming ? t(`bulk.${confirming}Description`) : undefined}
        confirmLabel={confirming ? t(`bulk.${confirming}`) : ''}
        tone={tone}
        busy={run.isPending}
        onConfirm={() => confirming && run.mutate({ action: confirming, userIds: selectedIds })}
        onCancel={() => setConfirming(null)}
      >
        <p className="mt-4 rounded-xl bg-white/[0.04] px-4 py-3 font-semibold text-ink-50">
          {t('bulk.selected', { number: number.format(selectedIds.length) })}
        </p>
      </ConfirmDialog>
      <SkippedUsers outcome={outcome} onClose={() => setOutcome(null)} />
    </div>
  );
}

/** The users a bulk action left alone, each with why (the refusal's words from the shell catalog). */
function SkippedUsers({ outcome, onClose }: { outcome: UserBulkOutcome | null; onClose: () => void }) {
  const { t } = useTranslation('admin-users');
  const { t: tShell } = useTranslation();
  const skipped = outcome?.results.filter((result) => result.outcome === 'skipped') ?? [];
  return (
    <Modal open={outcome !== null} onClose={onClose} title={t('bulk.skippedTitle')} size="md">
      <ul className="flex flex-col gap-2">
        {skipped.map((result) => (
          <li key={result._id} className="rounded-xl bg-white/[0.04] px-4 py-3">
            <p className="font-semibold break-words text-ink-50">
              <bdi>{result.user?.erasedAt ? t('card.erased') : (result.user?.name ?? result._id)}</bdi>
            </p>
            <p className="text-sm text-ink-300">{tShell(`errors.${result.reason ?? 'USER_NOT_FOUND'}`)}</p>
          </li>
        ))}
      </ul>
      <div className="mt-6 flex justify-end">
        <button type="button" onClick={onClose} className={buttonClass('primary', 'md')}>
          {t('bulk.close')}
        </button>
      </div>
    </Modal>
  );
}
