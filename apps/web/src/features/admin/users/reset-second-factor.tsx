import type { AdminUser } from '@ovation/shared/schemas/admin-users';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/dialog/confirm-dialog';
import { buttonClass } from '../../../components/ui/button-styles';
import { isolate } from '../../../lib/bidi';
import { useAction } from '../../../lib/use-action';
import { resetSecondFactor } from './api';

/**
 * Reset a colleague's two-step sign-in (a lost phone): their authenticator and recovery codes stop working,
 * and they set it up again at their next sign-in when the platform requires it. Shown on another admin's
 * card only: one's own is turned off from the profile.
 */
export function ResetSecondFactorButton({ user }: { user: AdminUser }) {
  const { t } = useTranslation('admin-users');
  const [open, setOpen] = useState(false);
  const reset = useAction({
    action: () => resetSecondFactor(user),
    success: t('secondFactor.done'),
    failure: t('secondFactor.failed'),
    onSuccess: () => setOpen(false),
    onError: () => setOpen(false),
  });
  return (
    <>
      <button type="button" onClick={() => setOpen(true)} className={buttonClass('ghost', 'sm')}>
        {t('secondFactor.action')}
      </button>
      <ConfirmDialog
        open={open}
        title={t('secondFactor.title', { name: isolate(user.name) })}
        description={t('secondFactor.description')}
        confirmLabel={t('secondFactor.confirm')}
        tone="danger"
        busy={reset.isPending}
        onConfirm={() => reset.mutate()}
        onCancel={() => setOpen(false)}
      />
    </>
  );
}
