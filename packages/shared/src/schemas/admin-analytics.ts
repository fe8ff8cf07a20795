import { z } from 'zod';
import { categoryTranslationsSchema } from './catalog';
import { dataEnvelope } from './envelope';

/**
 * Results visibility: vote totals and winners stay admin-only until an admin publishes the
 * results. `showLiveStandings` (on by default) lets the public category pages rank songs by votes, without
 * numbers, before that; off, they list songs in a neutral order until publication.
 */
export const resultsSettingsSchema = z.object({
  published: z.boolean(),
  showLiveStandings: z.boolean(),
  /** When the results were published (null while they are not). */
  publishedAt: z.string().nullable(),
  /** The admin who published them (null while unpublished, or once that account is deleted). */
  publishedBy: z.object({ _id: z.string(), name: z.string() }).nullable(),
});
export type ResultsSettings = z.infer<typeof resultsSettingsSchema>;
export const resultsSettingsResponseSchema = dataEnvelope(resultsSettingsSchema);

/** PUT /admin/results: both switches; an unchanged PUT answers 200 without an audit entry. */
/**
 * The switches to change, each alone or both: a switch left out keeps its stored value, so an admin
 * toggling one switch from a page loaded before another admin's change never undoes that change.
 */
export const updateResultsBodySchema = z
  .object({
    published: z.boolean().optional(),
    showLiveStandings: z.boolean().optional(),
  })
  .refine((body) => body.published !== undefined || body.showLiveStandings !== undefined, {
    message: 'Give published, showLiveStandings or both',
  });
export type UpdateResultsBody = z.infer<typeof updateResultsBodySchema>;

/** One approved song of a category on the analytics screen and in the report. */
export const analyticsSongSchema = z.object({
  _id: z.string(),
  title: z.string(),
  artist: z.string(),
  albumCover: z.string().nullable(),
  /** Valid votes only. */
  totalVotes: z.number().int(),
  /** Percent of the category's valid votes, two decimals (12.35); 0 when the category has none. */
  share: z.number(),
  /** Competition rank by valid votes: ties share a rank and the next is skipped (1, 1, 3). */
  rank: z.number().int(),
  /** Votes set aside by fraud review, pending a decision. */
  quarantinedVotes: z.number().int(),
  /** Votes confirmed invalid. */
  invalidVotes: z.number().int(),
  /** Valid + quarantined + invalid: what the count would be without fraud review. */
  votesWithSetAside: z.number().int(),
  /** Competition rank by votesWithSetAside. */
  rankWithSetAside: z.number().int(),
  isWinner: z.boolean(),
});
export type AnalyticsSong = z.infer<typeof analyticsSongSchema>;

export const analyticsCategorySchema = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  icon: z.string(),
  translations: categoryTranslationsSchema,
  /** Valid votes of the category's approved songs. */
  totalVotes: z.number().int(),
  /** Approved songs. */
  totalSongs: z.number().int(),
  winnerSongId: z.string().nullable(),
  /** True when any song's rank with the set-aside votes counted differs from its rank by valid votes. */
  rankingDiffers: z.boolean(),
  /** The chosen winner's row wherever it ranks (null without a winner), so a page of leaders still shows it. */
  winner: analyticsSongSchema.nullable(),
  /** A winner is chosen and no longer ranks first by valid votes (its votes were set aside, or others overtook it). */
  winnerNoLongerLeads: z.boolean(),
  /**
   * The lead rests on votes under review: with the quarantined votes counted back in, a different song
   * would rank first, so confirming them invalid or restoring them can change who leads.
   */
  leadUnderReview: z.boolean(),
  /** Where `songs` starts in the full ranking (0 for the leaders). */
  offset: z.number().int(),
  /** By valid votes (desc), then title: every approved song, or the page asked for (`totalSongs` counts them all). */
  songs: z.array(analyticsSongSchema),
});
export type AnalyticsCategory = z.infer<typeof analyticsCategorySchema>;

/** GET /admin/analytics (the admin spec's "Vote analytics", with the fraud-review columns). */
export const adminAnalyticsSchema = z.object({
  totals: z.object({
    /** Every valid vote. */
    totalVotes: z.number().int(),
    /** Approved songs. */
    totalSongs: z.number().int(),
    totalCategories: z.number().int(),
    /** totalVotes / totalSongs, two decimals; 0 without songs. */
    avgVotesPerSong: z.number(),
    quarantinedVotes: z.number().int(),
    invalidVotes: z.number().int(),
  }),
  results: resultsSettingsSchema,
  /** Whether voting is open now: selecting a winner then needs `confirmVotingOpen`. */
  votingOpen: z.boolean(),
  /** In the admins' order (sortOrder, then name). */
  categories: z.array(analyticsCategorySchema),
});
export type AdminAnalytics = z.infer<typeof adminAnalyticsSchema>;

/** The most songs one category page of the analytics answer may list: a screen shows the rest on demand. */
export const MAX_ANALYTICS_SONGS_PER_CATEGORY = 500;

/**
 * GET /admin/analytics's query. Without it every category lists every approved song; `songsPerCategory`
 * lists that many from `offset` (the leaders by default), and `categoryId` answers one category alone,
 * so a screen can show each category's leaders and page through the rest on demand.
 */
export const adminAnalyticsQuerySchema = z.object({
  songsPerCategory: z.coerce.number().int().min(1).max(MAX_ANALYTICS_SONGS_PER_CATEGORY).optional(),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  categoryId: z.string().uuid().optional(),
});
export type AdminAnalyticsQuery = z.infer<typeof adminAnalyticsQuerySchema>;
export const adminAnalyticsResponseSchema = dataEnvelope(adminAnalyticsSchema);

export const winnerParamsSchema = z.object({ categoryId: z.string().uuid() });

/**
 * POST /admin/categories/{categoryId}/winner. While voting is open the server answers 409
 * VOTING_STILL_OPEN unless `confirmVotingOpen` is true (the second confirmation that says so).
 */
export const selectWinnerBodySchema = z.object({
  songId: z.string().uuid(),
  confirmVotingOpen: z.boolean().optional(),
});
export type SelectWinnerBody = z.infer<typeof selectWinnerBodySchema>;

/** What a winner change did: `songId` is the new winner (null once cleared), `previousSongId` the one it replaced. */
export const winnerChangeSchema = z.object({
  categoryId: z.string(),
  songId: z.string().nullable(),
  previousSongId: z.string().nullable(),
});
export type WinnerChange = z.infer<typeof winnerChangeSchema>;
export const winnerChangeResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: winnerChangeSchema,
});

/** GET /admin/analytics/report: the CSV's columns, in order (the admin spec's report columns, then the fraud-review ones). */
export const VOTE_REPORT_COLUMNS = [
  'Category',
  'Song',
  'Artist',
  'Votes',
  'Percentage',
  'Status',
  'Rank',
  'Quarantined votes',
  'Invalid votes',
  'Votes with set-aside',
  'Rank with set-aside',
] as const;
