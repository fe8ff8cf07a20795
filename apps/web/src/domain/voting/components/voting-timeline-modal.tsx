import { useTranslation } from 'react-i18next';
import { AwardIcon, CalendarIcon, CheckIcon, ClockIcon } from '../../../components/ui/icons';
import { Modal } from '../../../components/ui/modal';
import { EVENT_DATES, type VotingPeriod } from '../voting-period';
import { useVotingRuleText } from '../voting-rule';

const DAY_MS = 24 * 60 * 60 * 1000;

interface Milestone {
  key: string;
  label: string;
  when: string;
  at: Date;
  Icon: typeof CalendarIcon;
}

/** The voting period and the awards week, as a timeline with the current phase (the public spec's Home). */
export function VotingTimelineModal({
  open,
  onClose,
  voting,
}: {
  open: boolean;
  onClose: () => void;
  voting: VotingPeriod;
}) {
  const { t, i18n } = useTranslation();
  const votingRule = useVotingRuleText();
  const locale = i18n.language;
  const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short' });
  // The event's days are calendar dates: format them in UTC so no time zone shifts them by a day.
  const eventDays = new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const eventStart = new Date(`${EVENT_DATES.start}T00:00:00Z`);
  const eventEnd = new Date(`${EVENT_DATES.end}T00:00:00Z`);

  const milestones: Milestone[] = [
    {
      key: 'opens',
      label: t('voting.opens'),
      when: dateTime.format(voting.start),
      at: voting.start,
      Icon: CalendarIcon,
    },
    {
      key: 'event',
      label: t('voting.awardsWeek'),
      when: eventDays.formatRange(eventStart, eventEnd),
      at: eventStart,
      Icon: AwardIcon,
    },
    {
      key: 'closes',
      label: t('voting.closes'),
      when: dateTime.format(voting.end),
      at: voting.end,
      Icon: ClockIcon,
    },
  ].sort((a, b) => a.at.getTime() - b.at.getTime());

  const total = Math.max(voting.end.getTime() - voting.start.getTime(), 1);
  const spent = Math.min(Math.max(voting.now.getTime() - voting.start.getTime(), 0), total);
  const percent = Math.round((spent / total) * 100);
  const daysLeft = Math.max(0, Math.ceil((voting.end.getTime() - voting.now.getTime()) / DAY_MS));
  const daysToStart = Math.max(0, Math.ceil((voting.start.getTime() - voting.now.getTime()) / DAY_MS));

  const phaseText = {
    active: t('voting.statusActive'),
    notStarted: t('voting.statusNotStarted'),
    closed: t('voting.statusClosed'),
    ended: t('voting.statusEnded'),
  }[voting.phase];
  const detail = {
    active: t('voting.daysLeft', { count: daysLeft }),
    notStarted: voting.opensLater
      ? t('voting.daysToStart', { count: daysToStart })
      : t('voting.statusNotStarted'),
    closed: t('voting.closedDetail'),
    ended: t('voting.thanks'),
  }[voting.phase];

  return (
    <Modal
      open={open}
      onClose={onClose}
      size="md"
      title={t('voting.timelineTitle')}
      description={t('voting.timelineDescription')}
    >
      <div className="mt-6 rounded-2xl border border-white/10 bg-ink-950/60 p-4">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <p
            className={`font-bold ${voting.phase === 'active' ? 'text-jade-300' : voting.phase === 'ended' || voting.phase === 'closed' ? 'text-ink-300' : 'text-gold-300'}`}
          >
            {phaseText}
          </p>
          <p className="text-sm text-ink-300">{detail}</p>
        </div>
        <div
          role="progressbar"
          aria-label={t('voting.progressLabel')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="mt-3 h-2 overflow-hidden rounded-full bg-white/10"
        >
          <div
            className="h-full rounded-full bg-gradient-to-r from-gold-400 to-jade-400 rtl:bg-gradient-to-l"
            style={{ width: `${percent}%` }}
          />
        </div>
      </div>

      <ol className="mt-6 grid gap-0">
        {milestones.map(({ key, label, when, at, Icon }, position) => {
          const past = at.getTime() <= voting.now.getTime();
          const last = position === milestones.length - 1;
          return (
            <li key={key} className="relative flex gap-4 pb-6 last:pb-0">
              {!last && (
                <span
                  aria-hidden="true"
                  className="absolute start-[1.3rem] top-11 bottom-0 w-px bg-white/15"
                />
              )}
              <span
                className={`relative grid size-11 shrink-0 place-items-center rounded-full border ${
                  past
                    ? 'border-jade-400/50 bg-jade-400/15 text-jade-300'
                    : 'border-gold-400/50 bg-gold-400/10 text-gold-300'
                }`}
              >
                {past ? <CheckIcon className="size-5" /> : <Icon className="size-5" />}
              </span>
              <div className="pt-1">
                <p className="font-semibold text-ink-50">{label}</p>
                <p className="text-ink-300">{when}</p>
              </div>
            </li>
          );
        })}
      </ol>

      <p className="mt-6 rounded-2xl bg-gold-400/10 p-4 text-sm text-gold-200">
        {t('voting.ruleReminder', { rule: votingRule })}
      </p>
    </Modal>
  );
}
