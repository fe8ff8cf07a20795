import { ROLES } from '@ovation/shared/constants';
import { useTranslation } from 'react-i18next';
import { Panel } from '../layout/panel';
import type { DeviceType, OnlineStats } from './api';
import { DEVICE_ICONS } from './device-icons';
import { ROLE_COLOURS } from './role-colours';
import type { OnlineFormats } from './use-online-formats';

/** Mobile, tablet and desktop always show (a 0 says something); 'unknown' only when some sessions are. */
const SHOWN_DEVICES: readonly DeviceType[] = ['mobile', 'tablet', 'desktop'];

/** A share of the whole as a thin bar (decorative: the figure beside it says it). */
function ShareBar({ count, total, colour }: { count: number; total: number; colour: string }) {
  const share = total > 0 ? Math.min(1, count / total) : 0;
  return (
    <span aria-hidden="true" className="block h-1.5 overflow-hidden rounded-full bg-white/[0.06]">
      <span className={`block h-full rounded-full ${colour}`} style={{ inlineSize: `${share * 100}%` }} />
    </span>
  );
}

/** The admin spec's 'Users by Role': a card per role with its count, in the role's colour. */
export function UsersByRole({ stats, formats }: { stats: OnlineStats | undefined; formats: OnlineFormats }) {
  const { t } = useTranslation('admin-online-users');
  const counts = new Map(stats?.roles.map((role) => [role._id, role.count]));
  const total = stats?.currentOnline ?? 0;
  return (
    <Panel title={t('byRole.title')} testId="online-by-role">
      <ul className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-3">
        {[...ROLES].reverse().map((role) => {
          const count = counts.get(role) ?? 0;
          const colours = ROLE_COLOURS[role];
          return (
            <li key={role} className={`flex min-w-0 flex-col gap-2 rounded-2xl border p-4 ${colours.card}`}>
              <span className="text-sm font-semibold">{t(`roles.${role}`)}</span>
              <span className="text-2xl font-bold text-ink-50 tabular-nums">
                {stats ? formats.number(count) : '–'}
              </span>
              <ShareBar count={count} total={total} colour={colours.bar} />
            </li>
          );
        })}
      </ul>
    </Panel>
  );
}

/** The admin spec's 'Device Statistics': each device with 'N users'. */
export function DeviceStatistics({
  stats,
  formats,
}: {
  stats: OnlineStats | undefined;
  formats: OnlineFormats;
}) {
  const { t } = useTranslation('admin-online-users');
  const counts = new Map(stats?.devices.map((device) => [device._id, device.count]));
  const devices = (counts.get('unknown') ?? 0) > 0 ? [...SHOWN_DEVICES, 'unknown' as const] : SHOWN_DEVICES;
  const total = stats?.currentOnline ?? 0;
  return (
    <Panel title={t('deviceStats.title')} testId="online-devices">
      <ul className="flex flex-col gap-3">
        {devices.map((device) => {
          const Icon = DEVICE_ICONS[device];
          const count = counts.get(device) ?? 0;
          return (
            <li key={device} className="flex min-w-0 items-center gap-3">
              <span
                aria-hidden="true"
                className="grid size-10 shrink-0 place-items-center rounded-xl bg-gold-400/10 text-gold-300"
              >
                <Icon className="size-5" />
              </span>
              <div className="flex min-w-0 flex-1 flex-col gap-1.5">
                <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                  <span className="font-semibold text-ink-100">{t(`devices.${device}`)}</span>
                  <span className="text-sm text-ink-300 tabular-nums">
                    {stats ? t('deviceStats.users', { count, number: formats.number(count) }) : '–'}
                  </span>
                </div>
                <ShareBar count={count} total={total} colour="bg-gold-400" />
              </div>
            </li>
          );
        })}
      </ul>
    </Panel>
  );
}
