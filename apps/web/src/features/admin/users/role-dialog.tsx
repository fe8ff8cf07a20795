import { ROLES, type Role } from '@ovation/shared/constants';
import type { AdminUser } from '@ovation/shared/schemas/admin-users';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/dialog/form-modal';

interface RoleDialogProps {
  /** The user whose role changes; null closes the dialog. */
  user: AdminUser | null;
  busy: boolean;
  onConfirm: (user: AdminUser, role: Role) => void;
  onClose: () => void;
}

/** Change role: the three roles as radio buttons, the current one chosen; saving needs another choice. */
export function RoleDialog({ user, busy, onConfirm, onClose }: RoleDialogProps) {
  const { t } = useTranslation('admin-users');
  const id = useId();
  const [choice, setChoice] = useState<{ userId: string; role: Role } | null>(null);
  // A newly opened dialog starts from the user's current role.
  const role = choice && user && choice.userId === user._id ? choice.role : user?.role;
  const demotesAdmin = user?.role === 'admin' && role !== 'admin';

  return (
    <FormModal
      open={user !== null}
      title={user ? t('role.title', { name: `\u2068${user.name}\u2069` }) : ''}
      description={t('role.description')}
      onClose={onClose}
      onSubmit={() => user && role && role !== user.role && onConfirm(user, role)}
      submitLabel={t('role.save')}
      busyLabel={t('role.saving')}
      busy={busy}
      submitDisabled={!user || role === user.role}
      size="sm"
    >
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-semibold text-ink-200">{t('role.legend')}</legend>
        {ROLES.map((option) => (
          <label
            key={option}
            htmlFor={`${id}-${option}`}
            className="flex cursor-pointer items-start gap-3 rounded-2xl border border-white/10 bg-white/[0.03] p-3 has-[:checked]:border-gold-400/60 has-[:checked]:bg-gold-400/[0.06]"
          >
            <input
              id={`${id}-${option}`}
              type="radio"
              name={`${id}-role`}
              value={option}
              checked={role === option}
              onChange={() => user && setChoice({ userId: user._id, role: option })}
              className="mt-1 size-4 accent-gold-400"
            />
            <span className="min-w-0">
              <span className="block font-semibold text-ink-50">
                {t(`roles.${option}`)}
                {user?.role === option && (
                  <span className="ms-2 text-xs font-normal text-ink-400">({t('role.current')})</span>
                )}
              </span>
              <span className="block text-sm text-ink-400">{t(`role.${option}Hint`)}</span>
            </span>
          </label>
        ))}
      </fieldset>
      {demotesAdmin && (
        <p role="note" className="rounded-xl bg-coral-400/10 px-3 py-2 text-sm text-coral-300">
          {t('role.adminWarning')}
        </p>
      )}
    </FormModal>
  );
}
