import { type AdminDashboard, RECENT_ACTIVITY_COUNT } from '@ovation/shared';
import type { Clock } from '../../lib/clock';
import type { Database } from '../../lib/db';
import { startOfDayIn, startOfWeekIn } from '../../lib/zoned-calendar';
import { listRecentAdminActivity } from '../audit/list-service';
import { countCategories } from '../categories/service';
import { getSongStats } from '../songs/admin-service';
import { countAccounts } from '../users/admin-service';
import { platformTimezone } from '../voting/settings-service';
import { countVotes } from '../voting/vote-count-service';

/**
 * GET /admin/dashboard: the platform's figures and its latest admin changes, composed from the features
 * that own them. "Today" and "this week" (from Monday) are days on the platform's wall clock: the voting
 * settings' timezone, so an admin in Lagos sees midnight in Lagos reset Today's Votes.
 */
export async function getAdminDashboard(deps: { db: Database; clock: Clock }): Promise<AdminDashboard> {
  const { db, clock } = deps;
  const now = clock.now();
  const timezone = await platformTimezone(db);
  const [users, songs, votes, totalCategories, recentActivity] = await Promise.all([
    countAccounts(db, now),
    getSongStats({ db }),
    countVotes(db, { todayStart: startOfDayIn(now, timezone), weekStart: startOfWeekIn(now, timezone) }),
    countCategories(db),
    listRecentAdminActivity(db, RECENT_ACTIVITY_COUNT),
  ]);
  return {
    stats: {
      totalUsers: users.total,
      totalSongs: songs.total,
      totalVotes: votes.total,
      totalCategories,
      activeUsers: users.signedInLast30Days,
      verifiedSongs: songs.approved,
      todayVotes: votes.today,
      weekVotes: votes.week,
    },
    recentActivity,
    timezone,
  };
}
