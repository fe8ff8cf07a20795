import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { StatTiles } from '../../../components/data/stat-tiles';
import { BallotIcon, GridIcon, MusicIcon, UsersIcon } from '../../../components/ui/icons';
import { LoadFailed } from '../../../components/ui/load-failed';
import { accessProblem } from '../../../lib/api-error-message';
import { useSession } from '../../../lib/session';
import { AccessProblem } from '../layout/access-views';
import { PageHeader } from '../layout/page-header';
import { dashboardQuery } from './api';
import { PlatformStats, QuickActions, RecentActivity } from './dashboard-panels';
import { PendingApprovals } from './pending-approvals';

/**
 * The admin spec's "Admin dashboard" (/admin): the four totals, Pending Approvals with working Approve and Reject,
 * Quick Actions, Platform Stats and Recent Activity. A 401 from the dashboard call shows 'Admin Access
 * Required', a 403 'Access Denied' (the route guard normally keeps both away).
 */
export default function AdminDashboardPage() {
  const { t } = useTranslation('admin-dashboard');
  const { user } = useSession();
  const dashboard = useQuery(dashboardQuery);
  if (accessProblem(dashboard.error)) return <AccessProblem error={dashboard.error} />;
  const stats = dashboard.data?.stats;

  return (
    <>
      <PageHeader
        title={t('title')}
        description={user ? t('welcome', { name: `\u2068${user.name}\u2069` }) : undefined}
      />
      <div className="flex flex-col gap-6">
        {dashboard.isError ? (
          <LoadFailed message={t('loadFailed')} onRetry={() => void dashboard.refetch()} />
        ) : (
          <StatTiles
            tiles={[
              {
                key: 'users',
                label: t('stats.totalUsers'),
                value: stats?.totalUsers,
                icon: <UsersIcon className="size-5" />,
              },
              {
                key: 'songs',
                label: t('stats.totalSongs'),
                value: stats?.totalSongs,
                icon: <MusicIcon className="size-5" />,
              },
              {
                key: 'votes',
                label: t('stats.totalVotes'),
                value: stats?.totalVotes,
                icon: <BallotIcon className="size-5" />,
              },
              {
                key: 'categories',
                label: t('stats.categories'),
                value: stats?.totalCategories,
                icon: <GridIcon className="size-5" />,
              },
            ]}
          />
        )}
        <div className="grid gap-6 lg:grid-cols-3">
          <PendingApprovals className="lg:col-span-2 lg:self-start" />
          <div className="flex min-w-0 flex-col gap-6">
            <QuickActions />
            <PlatformStats dashboard={dashboard.data} />
          </div>
        </div>
        <RecentActivity dashboard={dashboard.data} />
      </div>
    </>
  );
}
