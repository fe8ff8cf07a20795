import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button-styles';
import { ClockIcon } from '../../../components/ui/icons';
import { Modal } from '../../../components/ui/modal';
import { showToast } from '../../../components/ui/toast';
import { votingStatusQuery } from '../../../domain/voting/api/use-voting-status';
import { serverClock } from '../../../domain/voting/server-clock';
import { splitCountdown } from '../../../domain/voting/vote-rules';
import { resolveVotingPeriod } from '../../../domain/voting/voting-period';
import { markCountdownSeen } from '../../../domain/voting/voting-storage';

/** Re-check the status every 30 s, the first time 100 ms after opening (the public spec). */
const STATUS_RECHECK_MS = 30_000;
const FIRST_CHECK_MS = 100;
/** 3 s: 'voting now open' stays this long before the modal closes itself (the public spec). */
const OPEN_NOTICE_MS = 3000;

/**
 * The pre-voting countdown (the public spec's Layout): days, hours, minutes and seconds to the start,
 * ticking each second on the server's clock. At zero it says voting is open, closes after 3 seconds and
 * a toast repeats it. Seeing or dismissing it is remembered for an hour (countdownModalLastSeen).
 */
export default function CountdownModal() {
  const { t, i18n } = useTranslation('voting');
  const [open, setOpen] = useState(true);
  const [nowOpen, setNowOpen] = useState(false);
  const { data: status, refetch } = useQuery({ ...votingStatusQuery, refetchInterval: STATUS_RECHECK_MS });
  const period = resolveVotingPeriod(status);
  // Phone clocks drift: count on the server's clock (the device's corrected by the measured offset).
  const [now, setNow] = useState(() => serverClock.now());
  const startsAt = period.start.getTime();

  useEffect(() => {
    markCountdownSeen();
    const first = window.setTimeout(() => void refetch(), FIRST_CHECK_MS);
    return () => window.clearTimeout(first);
  }, [refetch]);

  useEffect(() => {
    if (!open || nowOpen) return;
    // Ticks when a whole second is left to the start on the server's clock, so zero shows as voting opens.
    let timer: number | undefined;
    const tick = () => {
      const current = serverClock.now();
      setNow(current);
      const toNextSecond = (((startsAt - current) % 1000) + 1000) % 1000;
      timer = window.setTimeout(tick, toNextSecond || 1000);
    };
    tick();
    return () => window.clearTimeout(timer);
  }, [open, nowOpen, startsAt]);

  // An admin switched the vote off while the countdown was on screen: there is no opening to count down to.
  const switchedOff = period.phase === 'closed';
  if (switchedOff && open) setOpen(false);
  // Whole seconds left, rounded up: "00:00:00:01" shows until the last second is over, and zero is the opening.
  const remaining = Math.ceil((startsAt - now) / 1000) * 1000;
  const reachedZero = !switchedOff && (remaining <= 0 || status?.isAllowed === true);
  if (reachedZero && !nowOpen) setNowOpen(true);
  useEffect(() => {
    if (!nowOpen) return;
    // The vote buttons opened by themselves at zero (use-voting-period); nobody calls the server now.
    const timer = window.setTimeout(() => {
      setOpen(false);
      showToast(t('countdown.openToast'), 'success');
    }, OPEN_NOTICE_MS);
    return () => window.clearTimeout(timer);
  }, [nowOpen, t]);

  const close = () => {
    markCountdownSeen();
    setOpen(false);
  };
  const parts = splitCountdown(remaining);
  const units = [
    { key: 'days', value: parts.days, label: t('countdown.days') },
    { key: 'hours', value: parts.hours, label: t('countdown.hours') },
    { key: 'minutes', value: parts.minutes, label: t('countdown.minutes') },
    { key: 'seconds', value: parts.seconds, label: t('countdown.seconds') },
  ];
  const numbers = new Intl.NumberFormat(i18n.language, { minimumIntegerDigits: 2 });
  const startText = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'full', timeStyle: 'short' }).format(
    period.start,
  );

  return (
    <Modal
      open={open}
      onClose={close}
      size="md"
      eyebrow={
        <span
          aria-hidden="true"
          className="mb-4 grid size-12 place-items-center rounded-2xl bg-gold-400/15 text-gold-300"
        >
          <ClockIcon className="size-6" />
        </span>
      }
      title={nowOpen ? t('countdown.openTitle') : t('countdown.title')}
      description={nowOpen ? t('countdown.openText') : t('countdown.description', { date: startText })}
    >
      {nowOpen ? (
        <p
          role="status"
          className="mt-6 rounded-2xl bg-jade-400/15 p-5 text-center text-xl font-bold text-jade-300"
        >
          {t('countdown.openTitle')}
        </p>
      ) : (
        <div
          role="timer"
          aria-label={t('countdown.timerLabel')}
          className="mt-6 grid grid-cols-4 gap-2 sm:gap-3"
        >
          {units.map((unit) => (
            <div
              key={unit.key}
              className="rounded-2xl bg-ink-950/70 px-1 py-3 text-center ring-1 ring-white/10 sm:py-4"
            >
              <span className="block font-display text-3xl font-black tabular-nums text-gold-300 sm:text-4xl">
                {numbers.format(unit.value)}
              </span>
              <span className="mt-1 block text-xs font-medium text-ink-300 sm:text-sm">{unit.label}</span>
            </div>
          ))}
        </div>
      )}
      <div className="mt-6 flex flex-col gap-3 sm:flex-row">
        <Link to="/songs" onClick={close} className={buttonClass('primary', 'md', 'flex-1')}>
          {t('countdown.browse')}
        </Link>
        <button type="button" onClick={close} className={buttonClass('secondary', 'md', 'flex-1')}>
          {t('countdown.dismiss')}
        </button>
      </div>
    </Modal>
  );
}
