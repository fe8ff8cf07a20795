import type { Database } from '../../lib/db';
import type { CellValue, DownloadOutcome } from '../../lib/downloads';
import { type Actor, audit } from '../audit/service';
import * as repository from './report-repository';

/**
 * The report's file name before its date (lib/downloads.ts datedFileName): integrity-report-YYYY-MM-DD.csv,
 * as the screen's `integrityReportFilename` names it when the answer carries no name.
 */
export const INTEGRITY_REPORT_PREFIX = 'integrity-report';

/** The report's columns: per category, what counts and what was set aside, and why. */
export const INTEGRITY_REPORT_HEADER = [
  'Category',
  'Valid votes',
  'Quarantined votes',
  'Invalid votes',
  'Reasons',
  'Decided by',
];

/** Between several reasons or names in one cell. */
const LIST_SEPARATOR = '; ';

interface ReviewMention {
  reviewId: number;
  reason: string;
  status: string;
  decidedBy: string | null;
}

/** 'Reason (state)' for each review, and the distinct names of who decided them. */
function summarise(reviews: ReviewMention[]) {
  const unique = [...new Map(reviews.map((review) => [review.reviewId, review])).values()];
  const reasons = unique.map((review) => `${review.reason} (${review.status})`);
  const deciders = [...new Set(unique.map((review) => review.decidedBy).filter(Boolean))];
  return { reasons: reasons.join(LIST_SEPARATOR), decidedBy: deciders.join(LIST_SEPARATOR) };
}

/**
 * The integrity report's rows: one per category in the public order, then a Total row. Valid votes are the
 * tallies (what every total shows); quarantined and invalid votes are counted from the vote rows; Reasons
 * lists every review that touched the category with its state (open, invalidated, restored), Decided by
 * the admins who decided them. Small (one row per category): built whole, then streamed by sendCsv.
 */
export async function buildIntegrityReport(db: Database): Promise<CellValue[][]> {
  const [categories, valid, setAside, reviews] = await Promise.all([
    repository.findCategoriesInOrder(db),
    repository.countValidVotesByCategory(db),
    repository.countSetAsideVotesByCategory(db),
    repository.findReviewsByCategory(db),
  ]);
  const rows: CellValue[][] = [];
  const total = { valid: 0, quarantined: 0, invalid: 0 };
  for (const category of categories) {
    const counts = setAside.get(category.id) ?? { quarantined: 0, invalid: 0 };
    const validVotes = valid.get(category.id) ?? 0;
    const summary = summarise(reviews.filter((review) => review.categoryId === category.id));
    rows.push([
      category.name,
      validVotes,
      counts.quarantined,
      counts.invalid,
      summary.reasons,
      summary.decidedBy,
    ]);
    total.valid += validVotes;
    total.quarantined += counts.quarantined;
    total.invalid += counts.invalid;
  }
  const all = summarise(reviews);
  rows.push(['Total', total.valid, total.quarantined, total.invalid, all.reasons, all.decidedBy]);
  return rows;
}

/**
 * The report's download, audited once it was sent with its SHA-256, byte and row counts (or what had been
 * sent when the client went away), so a report handed on can be matched to the log.
 */
export async function recordIntegrityReportDownload(
  db: Database,
  actor: Actor,
  download: { filename: string } & DownloadOutcome,
) {
  await audit(db, actor, { action: 'integrity.exported', targetType: 'report', details: download });
}
