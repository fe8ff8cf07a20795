import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AwardIcon, BallotIcon, MusicIcon } from '../../../components/ui/icons';
import { BrandMark } from '../../../components/ui/logo';
import { useVotingRuleText } from '../../../domain/voting/voting-rule';

/**
 * The frame of the login and register screens: the form on a card, and on wide screens a panel beside it
 * that says what the account is for. Phones get only the card, full width, so the form starts at the top.
 */
export function AuthLayout({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  const { t } = useTranslation('auth');
  const votingRule = useVotingRuleText();
  const perks = [
    { Icon: MusicIcon, text: t('layout.perkListen') },
    { Icon: BallotIcon, text: t('layout.perkVote', { rule: votingRule }) },
    { Icon: AwardIcon, text: t('layout.perkCrown') },
  ];
  return (
    <section className="glow-backdrop relative overflow-hidden">
      <div aria-hidden="true" className="kente-pattern absolute inset-0 opacity-40" />
      <div
        className={`relative mx-auto grid w-full gap-10 px-4 pt-6 pb-16 sm:px-6 sm:pt-12 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.1fr)] lg:items-start lg:gap-16 lg:px-8 lg:pt-16 ${
          wide ? 'max-w-6xl' : 'max-w-5xl'
        }`}
      >
        <aside className="hidden lg:sticky lg:top-28 lg:block">
          <BrandMark className="size-14" />
          <p className="mt-6 text-sm font-semibold tracking-wider text-gold-300 uppercase">
            {t('layout.kicker')}
          </p>
          <h2 className="mt-3 text-4xl leading-tight font-extrabold tracking-tight text-ink-50">
            {t('layout.title')}
          </h2>
          <ul className="mt-8 flex flex-col gap-4">
            {perks.map(({ Icon, text }) => (
              <li key={text} className="flex items-center gap-4 text-ink-200">
                <span className="grid size-11 shrink-0 place-items-center rounded-xl bg-white/[0.05] text-gold-300 ring-1 ring-white/10">
                  <Icon className="size-5" />
                </span>
                {text}
              </li>
            ))}
          </ul>
          <p className="mt-10 max-w-sm border-s-2 border-gold-400/60 ps-4 text-sm text-ink-400">
            {t('layout.fairPlay')}
          </p>
        </aside>
        <div className="mx-auto w-full max-w-lg animate-rise rounded-3xl border border-white/10 bg-ink-900/85 p-5 shadow-2xl shadow-black/40 backdrop-blur sm:p-8">
          {children}
        </div>
      </div>
    </section>
  );
}

/** A one-line notice above a form: an error (`alert`) or a neutral status. */
export function FormNotice({ tone, children }: { tone: 'error' | 'info'; children: ReactNode }) {
  return (
    <p
      role={tone === 'error' ? 'alert' : 'status'}
      className={`rounded-2xl border px-4 py-3 text-sm ${
        tone === 'error'
          ? 'border-coral-400/40 bg-coral-400/10 text-coral-200'
          : 'border-gold-400/30 bg-gold-400/10 text-gold-100'
      }`}
    >
      {children}
    </p>
  );
}
