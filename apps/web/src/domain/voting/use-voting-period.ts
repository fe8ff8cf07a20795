import type { VotingStatus } from '@ovation/shared';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { eligibilityKeys } from './api/use-eligibility';
import { useVotingStatus, votingKeys } from './api/use-voting-status';
import { serverClock } from './server-clock';
import { nextPhaseChange, resolveVotingPeriod, type VotingPeriod } from './voting-period';

/** ~24.8 days: the longest delay setTimeout keeps; a later change is waited for in steps. */
const MAX_TIMER_MS = 2 ** 31 - 1;
/**
 * 2 to 30 s after the opening or the close, each device asks the server once again (the status and the
 * fan's eligibility), at a random moment in that spread: the screens have already changed on their own,
 * and thousands of devices do not all call at the same second.
 */
export const RECHECK_MIN_MS = 2000;
export const RECHECK_SPREAD_MS = 28_000;

export function recheckDelay(random: () => number = Math.random): number {
  return RECHECK_MIN_MS + Math.floor(random() * RECHECK_SPREAD_MS);
}

/** Phase changes this device has already scheduled its one recheck for (shared by every button). */
const scheduledRechecks = new Set<number>();

function scheduleRecheck(queryClient: QueryClient, change: number) {
  if (scheduledRechecks.has(change)) return;
  scheduledRechecks.add(change);
  window.setTimeout(() => {
    void queryClient.invalidateQueries({ queryKey: votingKeys.status });
    void queryClient.invalidateQueries({ queryKey: eligibilityKeys.all });
  }, recheckDelay());
}

export interface VotingPeriodState {
  period: VotingPeriod;
  status: VotingStatus | undefined;
  isPending: boolean;
}

/**
 * The voting period now, on the server's clock, re-rendered at the very moment it opens or closes: a
 * timer set for the next change from the known start and end (no call to the server at that second),
 * checked again when a sleeping phone or a background tab comes back.
 */
export function useVotingPeriod(): VotingPeriodState {
  const queryClient = useQueryClient();
  const { data: status, isPending } = useVotingStatus();
  const [, setTick] = useState(0);
  const change = nextPhaseChange(status, serverClock.now());

  useEffect(() => {
    if (change === null) return;
    let timer: number | undefined;
    const arm = () => {
      window.clearTimeout(timer);
      const wait = change - serverClock.now();
      if (wait <= 0) {
        setTick((tick) => tick + 1);
        scheduleRecheck(queryClient, change);
        return;
      }
      timer = window.setTimeout(arm, Math.min(wait, MAX_TIMER_MS));
    };
    arm();
    const onVisible = () => {
      if (document.visibilityState === 'visible') arm();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [change, queryClient]);

  return { period: resolveVotingPeriod(status), status, isPending };
}
