import { type AnalyticsCategory, VOTE_REPORT_COLUMNS } from '@ovation/shared';
import type { CellValue } from '../../lib/downloads';

/** The report's file name before its date (lib/downloads.ts datedFileName): vote-report-YYYY-MM-DD.csv. */
export const VOTE_REPORT_PREFIX = 'vote-report';

export const VOTE_REPORT_HEADER: string[] = [...VOTE_REPORT_COLUMNS];

/**
 * The report's rows, one batch per category (in the admins' order), songs ranked as on the analytics
 * screen. Percentages keep two decimals as text ('12.50'), so a spreadsheet shows what the screen shows;
 * titles and names go through the CSV writer's formula guard (lib/downloads.ts).
 */
export function* voteReportRows(categories: AnalyticsCategory[]): Generator<CellValue[][]> {
  for (const category of categories) {
    if (category.songs.length === 0) continue;
    yield category.songs.map((song) => [
      category.name,
      song.title,
      song.artist,
      song.totalVotes,
      song.share.toFixed(2),
      song.isWinner ? 'Winner' : 'Contender',
      song.rank,
      song.quarantinedVotes,
      song.invalidVotes,
      song.votesWithSetAside,
      song.rankWithSetAside,
    ]);
  }
}
