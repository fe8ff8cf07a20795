import { useTranslation } from 'react-i18next';
import { MusicIcon, UsersIcon } from '../../../components/ui/icons';

export type SelfServiceRole = 'fan' | 'artist';

/** Fan (the default) or artist, as two large radio cards with what each account can do. */
export function RoleChoice({
  value,
  onChange,
}: {
  value: SelfServiceRole;
  onChange: (role: SelfServiceRole) => void;
}) {
  const { t } = useTranslation('auth');
  const choices = [
    { role: 'fan' as const, Icon: UsersIcon, title: t('role.fan'), text: t('role.fanText') },
    { role: 'artist' as const, Icon: MusicIcon, title: t('role.artist'), text: t('role.artistText') },
  ];
  return (
    <fieldset className="min-w-0">
      <legend className="mb-2 text-sm font-semibold text-ink-100">{t('role.legend')}</legend>
      <div className="grid grid-cols-2 gap-3">
        {choices.map(({ role, Icon, title, text }) => (
          <label
            key={role}
            className="group relative flex cursor-pointer flex-col gap-1 rounded-2xl border border-white/12 bg-white/[0.03] p-3.5 transition-colors hover:border-white/25 has-checked:border-gold-400 has-checked:bg-gold-400/[0.08] has-focus-visible:ring-4 has-focus-visible:ring-gold-400/30 sm:p-4"
          >
            <input
              type="radio"
              name="role"
              value={role}
              checked={value === role}
              onChange={() => onChange(role)}
              className="peer sr-only"
            />
            <span className="flex items-center justify-between gap-2">
              <Icon className="size-5 text-ink-400 group-has-checked:text-gold-300" />
              <span
                aria-hidden="true"
                className="grid size-5 place-items-center rounded-full border-2 border-white/25 group-has-checked:border-gold-400"
              >
                <span className="size-2.5 scale-0 rounded-full bg-gold-400 transition-transform group-has-checked:scale-100" />
              </span>
            </span>
            <span className="mt-1 font-semibold text-ink-50">{title}</span>
            <span className="text-sm leading-snug text-ink-400">{text}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
