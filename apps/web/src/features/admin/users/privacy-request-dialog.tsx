import type { AdminUser } from '@ovation/shared/schemas/admin-users';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/form/text-field';
import { buttonClass } from '../../../components/ui/button-styles';
import { Modal } from '../../../components/ui/modal';
import { InlineSpinner } from '../../../components/ui/spinner';
import { isolate } from '../../../lib/bidi';
import { localInputValue } from '../../../lib/local-time';
import { useAction } from '../../../lib/use-action';
import { adminUsersKeys, answerAccessRequest, answerDeletionRequest, privacyRequestsQuery } from './api';

/**
 * A request a user sent about their data (by e-mail, by post), answered here: the day it arrived, then a
 * copy of their data (the file they would download themselves) or the deletion of their account (as if
 * they had deleted it: signing in within 30 days restores it). Past requests show when they arrived, when
 * they were answered, and the 30-day date they had to be answered by.
 */
export function PrivacyRequestDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  const { t, i18n } = useTranslation('admin-users');
  const id = useId();
  const [receivedAt, setReceivedAt] = useState(() => localInputValue('date'));
  const [confirmDelete, setConfirmDelete] = useState(false);
  const requests = useQuery({ ...privacyRequestsQuery(user?._id ?? ''), enabled: user !== null });
  const dates = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  const close = () => {
    setReceivedAt(localInputValue('date'));
    setConfirmDelete(false);
    onClose();
  };
  const access = useAction({
    action: answerAccessRequest,
    success: t('privacy.accessDone'),
    failure: t('privacy.failed'),
    invalidate: [adminUsersKeys.all],
  });
  const deletion = useAction({
    action: answerDeletionRequest,
    success: (message) => message || t('privacy.deletionDone'),
    failure: t('privacy.failed'),
    invalidate: [adminUsersKeys.all],
    onSuccess: close,
  });
  const busy = access.isPending || deletion.isPending;

  return (
    <Modal
      open={user !== null}
      onClose={close}
      title={t('privacy.title', { name: isolate(user?.name ?? '') })}
      description={t('privacy.description')}
    >
      <div className="mt-6 flex flex-col gap-5">
        <TextField
          id={`${id}-received`}
          label={t('privacy.receivedAt')}
          hint={t('privacy.receivedAtHint')}
          type="date"
          value={receivedAt}
          onChange={setReceivedAt}
          max={localInputValue('date')}
          required
        />
        <div className="flex flex-col gap-2 sm:flex-row">
          <button
            type="button"
            disabled={busy || !user || !receivedAt}
            onClick={() => user && access.mutate({ userId: user._id, receivedAt })}
            className={buttonClass('primary', 'md', 'flex-1')}
          >
            {access.isPending && <InlineSpinner />}
            {t('privacy.sendCopy')}
          </button>
          <button
            type="button"
            disabled={busy || !user || !receivedAt || user.erasedAt !== null || !user.isActive}
            onClick={() => setConfirmDelete(true)}
            className={buttonClass('secondary', 'md', 'flex-1 text-coral-300')}
          >
            {t('privacy.delete')}
          </button>
        </div>
        {confirmDelete && user && (
          <div
            role="alert"
            className="rounded-xl border border-coral-400/30 bg-coral-400/10 p-4 text-sm text-ink-100"
          >
            <p>{t('privacy.deleteWarning')}</p>
            <div className="mt-3 flex flex-col gap-2 sm:flex-row">
              <button
                type="button"
                disabled={busy}
                onClick={() => deletion.mutate({ userId: user._id, receivedAt })}
                className={buttonClass('danger', 'sm')}
              >
                {deletion.isPending && <InlineSpinner />}
                {t('privacy.deleteConfirm')}
              </button>
              <button
                type="button"
                onClick={() => setConfirmDelete(false)}
                className={buttonClass('ghost', 'sm')}
              >
                {t('privacy.keep')}
              </button>
            </div>
          </div>
        )}
        <section aria-labelledby={`${id}-history`}>
          <h3 id={`${id}-history`} className="text-sm font-semibold text-ink-100">
            {t('privacy.history')}
          </h3>
          {requests.data && requests.data.length === 0 ? (
            <p className="mt-2 text-sm text-ink-400">{t('privacy.none')}</p>
          ) : (
            <ul className="mt-2 flex flex-col gap-2 text-sm">
              {(requests.data ?? []).map((request) => (
                <li key={request._id} className="rounded-xl bg-white/[0.04] px-3 py-2 text-ink-200">
                  <span className="font-semibold text-ink-50">{t(`privacy.kinds.${request.kind}`)}</span>
                  {' · '}
                  {t('privacy.answered', {
                    received: dates.format(new Date(request.receivedAt)),
                    answered: dates.format(new Date(request.answeredAt)),
                    due: dates.format(new Date(request.answerDueBy)),
                  })}
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </Modal>
  );
}
