import type { ErrorCode, VoteResult, VotingReasonCode } from '@ovation/shared';
import { DEFAULT_LANGUAGE, isLanguageCode, type LanguageCode } from '@ovation/shared/languages';
import type { FastifyBaseLogger } from 'fastify';
import type { CaptchaVerifier } from '../../lib/captcha';
import type { Clock } from '../../lib/clock';
import type { Database } from '../../lib/db';
import { AppError, Conflict, Forbidden, Invalid, NotFound, Unauthorized } from '../../lib/errors';
import type { Metrics } from '../../lib/metrics';
import type { RequestMeta } from '../../lib/request-meta';
import { translate } from '../../lib/translate';
import type { Viewer } from '../../lib/viewer';
import { getPlatformSettings } from '../settings/service';
import type { CastStatus } from './cast-vote-repository';
import * as eligibility from './eligibility-repository';
import { votesAsFan } from './policy';
import type { VoteRetryPasses } from './retry-pass';
import { getVotingStatus } from './service';
import { type VoteBatcher, voteUnavailable } from './vote-batcher';
import { quotaFor, renewalOf } from './vote-rules';

export interface VotingDependencies {
  db: Database;
  clock: Clock;
  captcha: CaptchaVerifier;
  logger: FastifyBaseLogger;
  /** Casts votes in batches, one transaction each (group commit). */
  batcher: VoteBatcher;
  retryPasses: VoteRetryPasses;
  /** Counts votes by outcome and retry passes (absent in tests that build the service alone). */
  metrics?: Pick<Metrics, 'votes' | 'voteRetryPasses'>;
}

/** The refusal of a vote while voting is closed, by the status's reason code. */
const CLOSED_REASONS = {
  notStarted: 'VOTING_NOT_STARTED',
  disabled: 'VOTING_DISABLED',
  ended: 'VOTING_ENDED',
} as const satisfies Record<Exclude<VotingReasonCode, 'active'>, ErrorCode>;

/** The database's own check of the window (cast_votes) agrees with the status read above, at the vote's instant. */
const CLOSED_IN_DATABASE: Partial<Record<CastStatus, (typeof CLOSED_REASONS)[keyof typeof CLOSED_REASONS]>> =
  {
    'voting-disabled': 'VOTING_DISABLED',
    'voting-not-started': 'VOTING_NOT_STARTED',
    'voting-ended': 'VOTING_ENDED',
  };

/** Throws unless voting is open now and the viewer is a fan allowed to vote. */
async function requireVoter(deps: VotingDependencies, viewer: Viewer, now: Date) {
  if (!viewer) throw Unauthorized('LOGIN_TO_VOTE');
  if (!votesAsFan(viewer)) throw Forbidden('ONLY_FANS_CAN_VOTE');
  const [status, settings] = await Promise.all([
    getVotingStatus(deps.db, { now: () => now }),
    getPlatformSettings(deps.db),
  ]);
  if (status.reasonCode !== 'active') throw Forbidden(CLOSED_REASONS[status.reasonCode]);
  if (settings.securitySettings.requireEmailVerification && !viewer.emailVerified) {
    throw Forbidden('VERIFY_EMAIL_TO_VOTE');
  }
  return { voter: viewer, status, settings };
}

/**
 * Casts a fan's vote for an approved song. The fan's rights are checked here; the window, the song and
 * the quotas again inside the database transaction of the vote's batch (vote-batcher.ts), so they hold
 * under any concurrency and across server instances. Answers only once the batch has committed. Every
 * outcome is counted (ovation_votes_total): accepted, refused with its code, or unavailable (503).
 */
export async function castVote(
  deps: VotingDependencies,
  viewer: Viewer,
  input: { songId: string; captchaToken?: string; retryPass?: string },
  meta: RequestMeta,
): Promise<{ message: string; result: VoteResult }> {
  try {
    const cast = await castCheckedVote(deps, viewer, input, meta);
    deps.metrics?.votes.inc({ outcome: 'accepted', reason: '' });
    return cast;
  } catch (error) {
    if (error instanceof AppError) {
      const outcome = error.status === 503 ? 'unavailable' : 'refused';
      deps.metrics?.votes.inc({ outcome, reason: error.code });
      if (error.extra?.retryPass) deps.metrics?.voteRetryPasses.inc({ event: 'issued' });
    }
    throw error;
  }
}

async function castCheckedVote(
  deps: VotingDependencies,
  viewer: Viewer,
  input: { songId: string; captchaToken?: string; retryPass?: string },
  meta: RequestMeta,
): Promise<{ message: string; result: VoteResult }> {
  // One instant for the whole vote: the window check and the vote's time agree even if the CAPTCHA
  // check takes seconds.
  const now = deps.clock.now();
  const { voter, status, settings } = await requireVoter(deps, viewer, now);
  const passed =
    input.retryPass !== undefined &&
    (await deps.retryPasses.redeem(input.retryPass, voter.id, input.songId, now));
  if (passed) deps.metrics?.voteRetryPasses.inc({ event: 'redeemed' });
  if (settings.securitySettings.requireCaptcha && !passed) {
    if (!input.captchaToken) throw Invalid('CAPTCHA_REQUIRED_TO_VOTE');
    if (!(await deps.captcha.verify(input.captchaToken, meta.ip))) throw Invalid('CAPTCHA_FAILED');
  }
  const quota = quotaFor(settings, status, now);
  const outcome = await deps.batcher
    .cast({
      vote: {
        userId: voter.id,
        songId: input.songId,
        ip: meta.ip,
        ipPrefix: meta.ipPrefix,
        deviceType: meta.deviceType,
        deviceSignature: meta.deviceSignature,
        deviceId: meta.deviceId,
        at: now,
      },
      quota,
    })
    .catch((error: unknown) => {
      // Nothing was stored: the client may send this vote again once, without solving a new CAPTCHA.
      if (error instanceof AppError && error.status === 503 && !error.extra?.maybeStored) {
        throw voteUnavailable({ retryPass: deps.retryPasses.issue(voter.id, input.songId, now) });
      }
      throw error;
    });
  const closed = CLOSED_IN_DATABASE[outcome.status];
  if (closed) throw Forbidden(closed);
  if (outcome.status === 'song-not-found') throw NotFound('SONG_NOT_FOUND');
  if (outcome.status === 'category-quota-used') {
    const nextVoteTime = renewalOf(outcome.oldestInWindow, quota.daily);
    throw Conflict(quota.daily ? 'ALREADY_VOTED_IN_CATEGORY_TODAY' : 'CATEGORY_VOTES_USED', {
      extra: { nextVoteTime: nextVoteTime?.toISOString() ?? null, dailyVoteLimit: quota.perCategory },
    });
  }
  if (outcome.status === 'song-quota-used') {
    const nextVoteTime = renewalOf(outcome.oldestForSong, quota.daily);
    throw Conflict('ALREADY_VOTED_FOR_SONG', {
      extra: { nextVoteTime: nextVoteTime?.toISOString() ?? null },
    });
  }
  const remainingVotes = Math.max(0, quota.perCategory - outcome.votesInWindow);
  const categoryName = outcome.categoryName ?? '';
  const result: VoteResult = {
    voteId: String(outcome.voteId),
    songId: input.songId,
    categoryId: outcome.categoryId ?? '',
    category: categoryName,
    dailyVoteCount: outcome.votesInWindow,
    dailyVoteLimit: quota.perCategory,
    remainingVotes,
    quotaWindow: quota.daily ? 'day' : 'votingPeriod',
    nextVoteTime:
      remainingVotes === 0 ? (renewalOf(outcome.oldestInWindow, quota.daily)?.toISOString() ?? null) : null,
    createdAt: now.toISOString(),
  };
  return { message: voteSubmittedMessage(languageOf(voter), result), result };
}

/** The language a signed-in voter's messages are answered in: the one saved in their profile. */
function languageOf(viewer: NonNullable<Viewer>): LanguageCode {
  return isLanguageCode(viewer.language) ? viewer.language : DEFAULT_LANGUAGE;
}

/**
 * What the vote's answer says, in the voter's language from the shared catalogs: the votes left in the
 * category (today, with a daily quota), else that the quota is used up. The result carries the same facts
 * as codes (remainingVotes, quotaWindow, category), from which the web app words it itself.
 */
function voteSubmittedMessage(language: LanguageCode, result: VoteResult): string {
  const parameters = { count: result.remainingVotes, category: result.category };
  const daily = result.quotaWindow === 'day';
  let key = daily ? 'success.voteDailyLimitReached' : 'success.voteAllUsed';
  if (result.remainingVotes > 0) key = daily ? 'success.voteRemainingToday' : 'success.voteRemaining';
  return translate(language, key, parameters) ?? key;
}

/** Whether the viewer may vote in a category now, and when they may next if not. */
export async function checkCategoryEligibility(deps: VotingDependencies, viewer: Viewer, categoryId: string) {
  if (!viewer) throw Unauthorized('LOGIN_TO_VOTE');
  if (!(await eligibility.categoryExists(deps.db, categoryId))) throw NotFound('CATEGORY_NOT_FOUND');
  const [status, settings] = await Promise.all([
    getVotingStatus(deps.db, deps.clock),
    getPlatformSettings(deps.db),
  ]);
  const quota = quotaFor(settings, status, deps.clock.now());
  const votes = await eligibility.findFanVotesInCategory(deps.db, viewer.id, categoryId, quota.windowStart);
  const used = votes.length >= quota.perCategory;
  const latest = votes[0];
  const verifiedEnough = !settings.securitySettings.requireEmailVerification || viewer.emailVerified;
  return {
    canVote: status.isAllowed && votesAsFan(viewer) && verifiedEnough && !used,
    hasVoted: votes.length > 0,
    hasVotedToday: quota.daily && votes.length > 0,
    nextVoteTime: used ? (renewalOf(votes.at(-1)?.createdAt, quota.daily)?.toISOString() ?? null) : null,
    userId: viewer.id,
    votedSongId: latest?.songId ?? null,
    votedSongTitle: latest?.title ?? null,
    dailyVoteCount: votes.length,
    dailyVoteLimit: quota.perCategory,
    remainingVotes: Math.max(0, quota.perCategory - votes.length),
  };
}

/** Whether the viewer may vote for a song now, with the cooldown when not. */
export async function checkSongEligibility(deps: VotingDependencies, viewer: Viewer, songId: string) {
  if (!viewer) throw Unauthorized('LOGIN_TO_VOTE');
  const song = await eligibility.findVotableSong(deps.db, songId);
  if (!song) throw NotFound('SONG_NOT_FOUND');
  const category = await checkCategoryEligibility(deps, viewer, song.categoryId);
  const [status, settings] = await Promise.all([
    getVotingStatus(deps.db, deps.clock),
    getPlatformSettings(deps.db),
  ]);
  const now = deps.clock.now();
  const quota = quotaFor(settings, status, now);
  const votes = await eligibility.findFanVotesInCategory(
    deps.db,
    viewer.id,
    song.categoryId,
    quota.windowStart,
  );
  const forSong = votes.filter((vote) => vote.songId === songId);
  const songUsed = forSong.length >= quota.perSong;
  const blockedUntil = songUsed
    ? renewalOf(forSong.at(-1)?.createdAt, quota.daily)
    : category.nextVoteTime
      ? new Date(category.nextVoteTime)
      : null;
  const hoursRemaining = blockedUntil
    ? Math.max(0, Math.round(((blockedUntil.getTime() - now.getTime()) / 3_600_000) * 10) / 10)
    : 0;
  return {
    canVote: category.canVote && !songUsed,
    hasVoted: forSong.length > 0,
    cooldownExpiry: blockedUntil?.toISOString() ?? null,
    hoursRemaining,
    voteTime: forSong[0]?.createdAt.toISOString() ?? null,
  };
}

/** The voters of a song, for admins. */
export async function listSongVoters(deps: VotingDependencies, songId: string) {
  const rows = await eligibility.findSongVoters(deps.db, songId);
  return rows.map((row) => ({
    _id: String(row.id),
    createdAt: row.createdAt.toISOString(),
    user: row.userId ? { _id: row.userId, name: row.name ?? '', role: row.role ?? 'fan' } : null,
  }));
}
