import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button-styles';
import { AlertIcon } from '../../../components/ui/icons';
import { useArtistSongs, useArtistStats } from '../../../domain/songs/api/artist-queries';
import { isolate } from '../../../lib/bidi';
import { useSession } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { UploadIcon } from '../components/dashboard-icons';
import { ChartsPlaceholder, QuickActions, TipsForSuccess } from '../components/side-panels';
import { StatTiles } from '../components/stat-tiles';
import { YourSongs } from '../components/your-songs';

/**
 * Artist dashboard (the public spec): welcome, Upload New Song, the five stat tiles, Your Songs with the preview
 * player, the charts placeholder, Quick Actions and Tips for Success.
 */
export default function DashboardPage() {
  const { t } = useTranslation('dashboard');
  const { t: tShell } = useTranslation();
  useDocumentTitle(tShell('meta.pageTitle', { page: t('meta.title') }));
  const session = useSession();
  const stats = useArtistStats();
  const songs = useArtistSongs();

  return (
    <div className="glow-backdrop">
      <div className="mx-auto max-w-7xl px-4 pt-6 pb-16 sm:px-6 sm:pt-10 lg:px-8">
        <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <div className="min-w-0">
            <p className="text-sm font-semibold tracking-wider text-jade-300 uppercase">
              {t('header.kicker')}
            </p>
            <h1 className="mt-1 text-3xl font-extrabold tracking-tight text-ink-50 sm:text-4xl">
              {t('header.welcome', { name: isolate(session.user?.name ?? '') })}
            </h1>
            <p className="mt-1 text-ink-300">{t('header.subtitle')}</p>
          </div>
          <Link to="/upload" className={buttonClass('primary', 'lg', 'shrink-0')}>
            <UploadIcon className="size-5" />
            {t('header.upload')}
          </Link>
        </header>

        <div className="mt-8">
          <StatTiles stats={stats.data} loading={stats.isPending} />
          {stats.isError && (
            <p className="mt-3 flex items-center gap-2 text-sm text-coral-300">
              <AlertIcon className="size-4" />
              {t('stats.failed')}
              <button
                type="button"
                onClick={() => void stats.refetch()}
                className="min-h-11 rounded-full px-2 font-semibold text-gold-300 underline-offset-4 hover:underline"
              >
                {t('songs.retry')}
              </button>
            </p>
          )}
        </div>

        <div className="mt-10 grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
          <div className="min-w-0 space-y-8">
            <YourSongs
              songs={songs.data}
              loading={songs.isPending}
              failed={songs.isError}
              onRetry={() => void songs.refetch()}
            />
            <ChartsPlaceholder />
          </div>
          <aside className="space-y-6">
            <QuickActions />
            <TipsForSuccess />
          </aside>
        </div>
      </div>
    </div>
  );
}
