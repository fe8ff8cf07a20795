import type { ComponentType, SVGProps } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button-styles';
import { BallotIcon, MailIcon, SearchIcon, ShieldIcon, UserIcon } from '../../../components/ui/icons';
import { useVotingRuleText } from '../../../domain/voting/voting-rule';
import { useRegistrationOpen } from '../../../lib/public-settings';
import { SectionHeading } from './section-heading';

type StepKey = 'register' | 'verify' | 'browse' | 'vote';

const STEPS: { key: StepKey; Icon: ComponentType<SVGProps<SVGSVGElement>> }[] = [
  { key: 'register', Icon: UserIcon },
  { key: 'verify', Icon: MailIcon },
  { key: 'browse', Icon: SearchIcon },
  { key: 'vote', Icon: BallotIcon },
];

const RULES = ['ruleLogin', 'ruleFansOnly', 'ruleFinal', 'ruleNoBots'] as const;

/** The welcome guide: four steps and the voting rules the spec states to users. */
export function HowToVote({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation();
  const registrationOpen = useRegistrationOpen();
  const rule = useVotingRuleText();
  return (
    <section aria-labelledby="home-how-to-vote" className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
      <div className="glow-backdrop relative overflow-hidden rounded-3xl border border-white/[0.08] bg-ink-900 p-6 sm:p-10">
        <div aria-hidden="true" className="kente-pattern absolute inset-0 opacity-50" />
        <div className="relative">
          <SectionHeading
            id="home-how-to-vote"
            kicker={t('home.guide.kicker')}
            title={t('home.guide.title')}
            description={t('home.guide.description')}
          />
          <ol className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {STEPS.map(({ key, Icon }, position) => (
              <li key={key} className="relative rounded-2xl border border-white/[0.08] bg-ink-950/60 p-5">
                <div className="flex items-center gap-3">
                  <span className="grid size-11 place-items-center rounded-xl bg-gold-400 font-display text-lg font-black text-ink-950">
                    {position + 1}
                  </span>
                  <Icon className="size-6 text-jade-300" />
                </div>
                <h3 className="mt-4 text-lg font-bold text-ink-50">{t(`home.guide.${key}Title`)}</h3>
                <p className="mt-1 text-ink-300">{t(`home.guide.${key}Text`, { rule })}</p>
              </li>
            ))}
          </ol>
          <div className="mt-8 flex flex-col gap-6 lg:flex-row lg:items-end lg:justify-between">
            <div className="rounded-2xl border border-jade-400/25 bg-jade-400/[0.06] p-5 lg:max-w-2xl">
              <h3 className="flex items-center gap-2 font-bold text-jade-300">
                <ShieldIcon className="size-5" />
                {t('home.guide.rulesTitle')}
              </h3>
              <ul className="mt-3 grid gap-2 text-ink-200 sm:grid-cols-2 sm:gap-x-6">
                {RULES.map((rule) => (
                  <li key={rule} className="flex gap-2">
                    <span aria-hidden="true" className="mt-2.5 size-1.5 shrink-0 rounded-full bg-jade-400" />
                    {t(`home.guide.${rule}`)}
                  </li>
                ))}
              </ul>
            </div>
            <div className="flex flex-wrap gap-3">
              {signedIn ? (
                <Link to="/songs" className={buttonClass('primary', 'lg')}>
                  {t('home.hero.voteNow')}
                </Link>
              ) : (
                <>
                  {registrationOpen && (
                    <Link to="/register" className={buttonClass('primary', 'lg')}>
                      {t('home.guide.createAccount')}
                    </Link>
                  )}
                  <Link to="/login" className={buttonClass(registrationOpen ? 'secondary' : 'primary', 'lg')}>
                    {t('nav.login')}
                  </Link>
                </>
              )}
            </div>
          </div>
        </div>
      </div>
    </section>
  );
}
