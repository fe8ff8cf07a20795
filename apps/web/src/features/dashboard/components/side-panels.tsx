import type { ComponentType, SVGProps } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ArrowEndIcon, MusicIcon, UserIcon } from '../../../components/ui/icons';
import { useVotingRuleText } from '../../../domain/voting/voting-rule';
import { ChartIcon, LightbulbIcon, UploadIcon } from './dashboard-icons';

/** 'Performance charts coming soon': a placeholder card with a drawn chart behind the text. */
export function ChartsPlaceholder() {
  const { t } = useTranslation('dashboard');
  return (
    <section
      aria-labelledby="dashboard-charts"
      className="relative overflow-hidden rounded-3xl border border-white/[0.08] bg-ink-900/80 p-6"
    >
      <div aria-hidden="true" className="absolute inset-x-6 bottom-0 flex h-16 items-end gap-2 opacity-25">
        {[35, 55, 40, 70, 60, 85, 75, 95].map((height) => (
          <span
            key={height}
            className="flex-1 rounded-t-md bg-gradient-to-t from-jade-500/40 to-gold-400/70"
            style={{ height: `${height}%` }}
          />
        ))}
      </div>
      <div className="relative flex items-start gap-3 pb-16">
        <span className="grid size-11 shrink-0 place-items-center rounded-xl bg-gold-400/10 text-gold-300">
          <ChartIcon />
        </span>
        <div>
          <h2 id="dashboard-charts" className="font-bold text-ink-50">
            {t('charts.title')}
          </h2>
          <p className="mt-0.5 text-sm text-ink-300">{t('charts.text')}</p>
        </div>
      </div>
    </section>
  );
}

type ActionKey = 'upload' | 'browse' | 'profile';

const ACTIONS: { key: ActionKey; to: string; Icon: ComponentType<SVGProps<SVGSVGElement>>; tone: string }[] =
  [
    { key: 'upload', to: '/upload', Icon: UploadIcon, tone: 'bg-gold-400/10 text-gold-300' },
    { key: 'browse', to: '/songs', Icon: MusicIcon, tone: 'bg-jade-400/10 text-jade-300' },
    { key: 'profile', to: '/profile', Icon: UserIcon, tone: 'bg-coral-400/10 text-coral-300' },
  ];

/** Quick Actions: upload, browse songs, view profile. */
export function QuickActions() {
  const { t } = useTranslation('dashboard');
  return (
    <nav
      aria-labelledby="dashboard-actions"
      className="rounded-3xl border border-white/[0.08] bg-ink-900/80 p-4 sm:p-5"
    >
      <h2 id="dashboard-actions" className="px-1 font-bold text-ink-50">
        {t('actions.title')}
      </h2>
      <ul className="mt-3 space-y-1">
        {ACTIONS.map(({ key, to, Icon, tone }) => (
          <li key={key}>
            <Link
              to={to}
              className="group flex min-h-14 items-center gap-3 rounded-2xl p-2 transition-colors hover:bg-white/[0.05]"
            >
              <span className={`grid size-10 shrink-0 place-items-center rounded-xl ${tone}`}>
                <Icon className="size-5" />
              </span>
              <span className="min-w-0 flex-1">
                <span className="block font-semibold text-ink-50">{t(`actions.${key}`)}</span>
                <span className="block text-sm text-ink-400">{t(`actions.${key}Text`)}</span>
              </span>
              <ArrowEndIcon className="size-4 shrink-0 text-ink-500 transition-colors group-hover:text-gold-300" />
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

const TIPS = ['share', 'cover', 'story', 'daily'] as const;

/** Tips for Success: static advice. */
export function TipsForSuccess() {
  const { t } = useTranslation('dashboard');
  const votingRule = useVotingRuleText();
  return (
    <section
      aria-labelledby="dashboard-tips"
      className="rounded-3xl border border-white/[0.08] bg-ink-900/80 p-4 sm:p-5"
    >
      <h2 id="dashboard-tips" className="flex items-center gap-2 px-1 font-bold text-ink-50">
        <LightbulbIcon className="size-5 text-gold-300" />
        {t('tips.title')}
      </h2>
      <ol className="mt-3 space-y-3">
        {TIPS.map((tip, index) => (
          <li key={tip} className="flex gap-3 px-1">
            <span
              aria-hidden="true"
              className="grid size-7 shrink-0 place-items-center rounded-full bg-jade-400/15 text-sm font-bold text-jade-300"
            >
              {index + 1}
            </span>
            <p className="text-sm">
              <span className="block font-semibold text-ink-100">{t(`tips.${tip}Title`)}</span>
              <span className="text-ink-400">{t(`tips.${tip}Text`, { rule: votingRule })}</span>
            </p>
          </li>
        ))}
      </ol>
    </section>
  );
}
