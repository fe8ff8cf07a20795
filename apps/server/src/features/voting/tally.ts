/**
 * Each song's vote total is spread over this many counter rows, picked at random per vote, so a burst
 * on one song takes 16 row locks in turn instead of queueing on one (see docs/architecture.md).
 */
export const VOTE_TALLY_SHARDS = 16;
