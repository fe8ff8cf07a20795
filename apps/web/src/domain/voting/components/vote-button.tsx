import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ButtonSize, buttonClass } from '../../../components/ui/button-styles';
import { InlineSpinner } from '../../../components/ui/spinner';
import { showToast } from '../../../components/ui/toast';
import { useSession } from '../../../lib/session';
import { serverClock } from '../server-clock';
import { useVotingPeriod } from '../use-voting-period';
import {
  ELIGIBILITY_RECHECK_MS,
  type Eligibility,
  remainingHoursMinutes,
  resolveVoteButtonState,
} from '../vote-rules';
import type { VoteFlowProps, VoteSong } from './vote-flow';

// Everything after the click (login prompt, CAPTCHA, the call, toasts, confetti, the success modal) is one
// lazily loaded chunk: the button itself stays a few hundred bytes on the home page.
const loadVoteFlow = () => import('./vote-flow');
const VoteFlow = lazy(loadVoteFlow);

export interface VoteButtonProps {
  song: VoteSong;
  /** 'long' reads 'Vote for this Song' (song page); 'short' reads 'Vote' (cards). */
  label?: 'short' | 'long';
  size?: ButtonSize;
  className?: string;
  /**
   * What the server said about this fan and song (EligibleVoteButton fetches it). Without it the button
   * offers the vote and the server decides: the light variant for the home page.
   */
  eligibility?: Eligibility;
  /** How a successful vote is announced: a toast (lists) or the success modal (song page). */
  success?: VoteFlowProps['success'];
  /**
   * Set by EligibleVoteButton for a signed-in fan: true while the fan's check is on its way. When set (true
   * or false), the button also waits for the voting status, and reads a neutral 'Checking…' until both are
   * known, so a fan who voted never sees 'Vote' turn into 'Voted'.
   */
  checking?: boolean;
}

/** Re-renders every minute while a countdown is shown, so 'Xh Ym' stays true and ends on time. */
function useMinuteTick(active: boolean) {
  const [, setTick] = useState(0);
  useEffect(() => {
    if (!active) return;
    const timer = window.setInterval(() => setTick((tick) => tick + 1), ELIGIBILITY_RECHECK_MS);
    return () => window.clearInterval(timer);
  }, [active]);
}

/**
 * The one vote button used everywhere (the public spec): 'Voting...', 'Voted ✓' with the time left,
 * '{n}h cooldown', closed (not started / ended), or votable. Guests are offered Login and Register,
 * non-fans get the fans-only message; the server has the last word on every vote.
 */
export function VoteButton({
  song,
  label = 'short',
  size = 'sm',
  className = '',
  eligibility,
  success = 'toast',
  checking,
}: VoteButtonProps) {
  const { t } = useTranslation();
  const session = useSession();
  const { period, isPending: periodPending } = useVotingPeriod();
  const [flow, setFlow] = useState<'closed' | 'opening' | 'open' | 'submitting'>('closed');
  const buttonRef = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);
  useMinuteTick(eligibility?.canVote === false);
  const state = resolveVoteButtonState({
    pending: flow === 'submitting',
    phase: period.phase,
    eligibility,
    now: Date.now(),
    // The opening on this device's clock, to compare with when the eligibility answer came.
    openedAt: period.start.getTime() - serverClock.offset(),
    checking: checking === true || (checking !== undefined && periodPending),
  });

  // A dialog of the vote (login, CAPTCHA, success) leaves the page when it closes, and focus would fall to
  // the page's body: it goes back to this button, where the keyboard or screen reader user left off.
  useEffect(() => {
    if (flow !== 'closed' || !returnFocus.current) return;
    returnFocus.current = false;
    const active = document.activeElement;
    if (!active || active === document.body) buttonRef.current?.focus({ preventScroll: true });
  }, [flow]);

  const onClick = () => {
    if (flow !== 'closed') return;
    if (state.kind === 'closed') {
      const date = new Intl.DateTimeFormat(document.documentElement.lang || 'en', {
        dateStyle: 'long',
      }).format(period.start);
      const message = {
        notStarted: period.opensLater
          ? t('voteButton.notStartedMessage', { date })
          : t('voteButton.notStarted'),
        closed: t('voteButton.closedMessage'),
        ended: t('voteButton.endedMessage'),
      }[state.phase];
      showToast(message, 'info');
      return;
    }
    // Voted, cooling down or used: the button stays focusable (so focus can come back to it) but does nothing.
    if (state.kind !== 'votable') return;
    if (session.user && session.user.role !== 'fan') {
      showToast(t('errors.ONLY_FANS_CAN_VOTE'), 'error');
      return;
    }
    setFlow('opening');
  };

  // aria-disabled, not disabled: a disabled button drops the focus, which then cannot come back to it.
  const unavailable = state.kind !== 'votable';
  const votable = state.kind === 'votable';
  let content: ReactNode;
  switch (state.kind) {
    case 'voting':
      content = (
        <>
          <InlineSpinner />
          {t('voteButton.voting')}
        </>
      );
      break;
    case 'voted': {
      const left = state.remainingMs === null ? null : remainingHoursMinutes(state.remainingMs);
      content = (
        <>
          {t('voteButton.voted')}
          {left && (
            <span className="text-xs font-medium tabular-nums opacity-80">
              {t('voteButton.timeLeft', left)}
            </span>
          )}
        </>
      );
      break;
    }
    case 'cooldown':
      content = t('voteButton.cooldown', { hours: state.hours });
      break;
    case 'checking':
      content = (
        <>
          <InlineSpinner />
          {t('voteButton.checking')}
        </>
      );
      break;
    case 'used':
      content = t('voteButton.used');
      break;
    case 'closed':
      content = {
        notStarted: t('voteButton.notStarted'),
        closed: t('voteButton.closed'),
        ended: t('voteButton.ended'),
      }[state.phase];
      break;
    default:
      content = (
        <>
          {flow === 'opening' && <InlineSpinner />}
          {label === 'long' ? t('voteButton.voteForSong') : t('voteButton.vote')}
        </>
      );
  }

  const variant = state.kind === 'voted' ? 'jade' : votable ? 'primary' : 'secondary';
  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        onClick={onClick}
        onPointerEnter={() => void loadVoteFlow()}
        onFocus={() => void loadVoteFlow()}
        aria-disabled={unavailable || undefined}
        aria-busy={flow === 'opening' || flow === 'submitting' || state.kind === 'checking' || undefined}
        data-vote-state={state.kind}
        className={buttonClass(
          variant,
          size,
          `${state.kind === 'voted' ? 'cursor-default opacity-90' : state.kind === 'closed' ? 'opacity-60' : unavailable ? 'cursor-not-allowed opacity-50' : ''} ${className}`,
        )}
      >
        {content}
        <span className="sr-only">: {song.title}</span>
      </button>
      {flow !== 'closed' && (
        <Suspense fallback={null}>
          <VoteFlow
            song={song}
            success={success}
            onStatus={(next) => {
              if (next === 'done') returnFocus.current = true;
              setFlow(next === 'done' ? 'closed' : next);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
