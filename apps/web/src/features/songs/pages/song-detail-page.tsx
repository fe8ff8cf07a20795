import type { Song } from '@ovation/shared';
import { localizeCategory } from '@ovation/shared/category-words';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { buttonClass } from '../../../components/ui/button-styles';
import {
  ArrowStartIcon,
  AwardIcon,
  CalendarIcon,
  ClockIcon,
  GridIcon,
  MusicIcon,
  PlayIcon,
  RefreshIcon,
} from '../../../components/ui/icons';
import { PageSpinner } from '../../../components/ui/spinner';
import { useSong } from '../../../domain/songs/api/use-songs';
import { SongCover } from '../../../domain/songs/components/song-cover';
import { EyeIcon } from '../../../domain/songs/components/song-icons';
import { songPageUrl } from '../../../domain/songs/share-links';
import { EligibleVoteButton } from '../../../domain/voting/components/eligible-vote-button';
import { useVotingRuleText } from '../../../domain/voting/voting-rule';
import { ApiError } from '../../../lib/api-client';
import { i18next } from '../../../lib/i18n';
import { hasRole, useSession } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { SharePanel } from '../components/share-panel';
import { VotingTutorial } from '../components/voting-tutorial';
import { SongReviewNotice } from './song-review-notice';

void i18next.loadNamespaces('songs');

const MediaPlayer = lazy(() =>
  import('../../../components/player/media-player').then((module) => ({ default: module.MediaPlayer })),
);
const AdminDebugPanel = lazy(() => import('../components/admin-debug-panel'));

/** The hero cover: 640 px on wide screens, the full width on phones. */
const DETAIL_COVER_SIZES = '(min-width: 1024px) 460px, (min-width: 640px) 70vw, 100vw';

/** /songs/:id (the public spec's Song detail). */
export default function SongDetailPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('songs');
  const { t: tMain } = useTranslation();
  const song = useSong(id);
  useDocumentTitle(
    song.data ? tMain('meta.pageTitle', { page: `${song.data.title} · ${song.data.artist}` }) : null,
  );

  if (song.isPending) return <PageSpinner />;
  if (song.isError) {
    const notFound =
      song.error instanceof ApiError && (song.error.status === 404 || song.error.status === 400);
    return (
      <div className="mx-auto grid max-w-xl place-items-center px-4 py-20 text-center">
        <MusicIcon className="size-12 text-gold-300" />
        <h1 className="mt-4 font-display text-3xl font-black text-ink-50">
          {notFound ? t('detail.notFoundTitle') : t('detail.loadFailed')}
        </h1>
        {notFound && <p className="mt-2 text-ink-300">{tMain('errors.SONG_NOT_FOUND')}</p>}
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          {!notFound && (
            <button
              type="button"
              onClick={() => void song.refetch()}
              className={buttonClass('primary', 'md')}
            >
              <RefreshIcon className="size-4" />
              {tMain('common.retry')}
            </button>
          )}
          <Link to="/songs" className={buttonClass(notFound ? 'primary' : 'secondary', 'md')}>
            {t('detail.allSongs')}
          </Link>
          <Link to="/categories" className={buttonClass('secondary', 'md')}>
            {t('detail.categories')}
          </Link>
        </div>
      </div>
    );
  }
  return <SongDetail song={song.data} />;
}

function SongDetail({ song }: { song: Song }) {
  const { t, i18n } = useTranslation('songs');
  const votingRule = useVotingRuleText();
  const session = useSession();
  const isAdmin = hasRole(session, ['admin']);
  const [playing, setPlaying] = useState(false);
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long' });
  const categoryName = localizeCategory(song.category, i18n.language).name;
  const url = songPageUrl(song._id, window.location.origin);
  const shareText = t('share.text', { title: song.title, artist: song.artist });
  const artist = song.artistId;
  // Only its uploader and admins reach a song that is not approved: no vote and no sharing until it is.
  const approved = song.status === 'approved';

  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6 sm:py-10 lg:px-8">
      <nav aria-label={t('detail.breadcrumb')} className="flex flex-wrap items-center gap-2 text-sm">
        <Link
          to="/songs"
          className="inline-flex min-h-11 items-center gap-1.5 rounded-full pe-3 font-semibold text-gold-300 hover:text-gold-200"
        >
          <ArrowStartIcon className="size-4" />
          {t('detail.allSongs')}
        </Link>
        <span aria-hidden="true" className="text-ink-400">
          /
        </span>
        <Link
          to="/categories"
          className="inline-flex min-h-11 items-center px-1 text-ink-300 hover:text-ink-50"
        >
          {t('detail.categories')}
        </Link>
        <span aria-hidden="true" className="text-ink-400">
          /
        </span>
        <Link
          to={`/categories/${song.category._id}`}
          className="inline-flex min-h-11 items-center px-1 text-ink-300 hover:text-ink-50"
        >
          <bdi>{categoryName}</bdi>
        </Link>
      </nav>

      <div className="mt-4 grid grid-cols-1 gap-8 lg:grid-cols-[460px_minmax(0,1fr)] lg:gap-12">
        <div className="flex flex-col gap-4">
          <div className="relative overflow-hidden rounded-3xl shadow-2xl shadow-black/50 ring-1 ring-white/10">
            <SongCover
              cover={song.cover}
              seed={song._id}
              title={song.title}
              sizes={DETAIL_COVER_SIZES}
              priority
              className="aspect-square w-full"
            />
            {!playing && (
              <button
                type="button"
                onClick={() => setPlaying(true)}
                className="group absolute inset-0 grid place-items-center bg-ink-950/10 hover:bg-ink-950/30"
              >
                <span className="grid size-20 place-items-center rounded-full bg-gold-400 text-ink-950 shadow-xl shadow-black/50 transition-transform group-hover:scale-105">
                  <PlayIcon className="size-8" />
                </span>
                <span className="sr-only">{t('detail.playLabel', { title: song.title })}</span>
              </button>
            )}
          </div>
          {playing && (
            <section aria-label={t('detail.listen')}>
              <Suspense fallback={<div className="aspect-video animate-pulse rounded-2xl bg-white/[0.06]" />}>
                <MediaPlayer song={song} autoPlay />
              </Suspense>
            </section>
          )}
        </div>

        <div className="flex min-w-0 flex-col">
          <Link
            to={`/categories/${song.category._id}`}
            className="inline-flex items-center gap-2 self-start rounded-full bg-gold-400/10 px-3 py-1.5 text-sm font-semibold text-gold-200 ring-1 ring-gold-400/30 hover:bg-gold-400/20"
          >
            <span aria-hidden="true">{song.category.icon}</span>
            <bdi>{categoryName}</bdi>
          </Link>
          {song.isWinner && (
            <p
              data-testid="winner-badge"
              className="mt-3 inline-flex items-center gap-1.5 self-start rounded-full bg-gold-400 px-3 py-1 text-sm font-black text-ink-950 shadow-lg shadow-gold-500/20"
            >
              <AwardIcon className="size-4" />
              {t('detail.winnerOf', { category: `\u2068${categoryName}\u2069` })}
            </p>
          )}
          <h1 className="mt-4 font-display text-4xl leading-tight font-black tracking-tight text-ink-50 sm:text-5xl">
            <bdi>{song.title}</bdi>
          </h1>
          <p className="mt-2 text-xl text-ink-200">
            <bdi>{song.artist}</bdi>
            {song.isVerified && (
              <span className="ms-3 inline-flex items-center rounded-full bg-jade-400/15 px-2.5 py-0.5 align-middle text-xs font-semibold text-jade-300">
                {t('detail.verified')}
              </span>
            )}
            {!approved && (
              <span
                className={`ms-3 inline-flex items-center rounded-full px-2.5 py-0.5 align-middle text-xs font-semibold ${
                  song.status === 'rejected'
                    ? 'bg-coral-400/15 text-coral-300'
                    : 'bg-gold-400/15 text-gold-200'
                }`}
              >
                {song.status === 'rejected' ? t('review.rejectedBadge') : t('review.pendingBadge')}
              </span>
            )}
          </p>

          <ul className="mt-5 flex flex-wrap gap-x-5 gap-y-2 text-sm text-ink-300">
            <li className="flex items-center gap-1.5">
              <EyeIcon className="size-4 text-ink-400" />
              {t('detail.views', { count: song.views })}
            </li>
            <li className="flex items-center gap-1.5">
              <CalendarIcon className="size-4 text-ink-400" />
              {t('detail.uploaded', { date: date.format(new Date(song.createdAt)) })}
            </li>
            {song.duration && (
              <li className="flex items-center gap-1.5">
                <ClockIcon className="size-4 text-ink-400" />
                {t('detail.duration', { duration: song.duration })}
              </li>
            )}
            {song.releaseDate && (
              <li className="flex items-center gap-1.5">
                <MusicIcon className="size-4 text-ink-400" />
                {t('detail.released', { date: date.format(new Date(song.releaseDate)) })}
              </li>
            )}
          </ul>

          {!approved && <SongReviewNotice song={song} viewerIsAdmin={isAdmin} />}
          {approved && (
            <section className="mt-6 rounded-3xl border border-gold-400/25 bg-gradient-to-br from-gold-400/10 to-transparent p-5 sm:p-6">
              <h2 className="text-lg font-bold text-ink-50">{t('detail.voteTitle')}</h2>
              <p className="mt-1 text-sm text-ink-300">{t('detail.voteHint', { rule: votingRule })}</p>
              <div className="mt-4 flex flex-wrap items-center gap-4">
                <EligibleVoteButton
                  song={song}
                  label="long"
                  size="lg"
                  source="song"
                  recheck
                  success="modal"
                  className="min-w-[min(14rem,100%)]"
                />
                {song.totalVotes !== undefined && (
                  <p className="text-sm text-ink-300" data-testid="song-total">
                    {isAdmin ? t('detail.totalVotes') : t('detail.finalTotal')}:{' '}
                    <strong className="text-xl font-black text-jade-300 tabular-nums">
                      {new Intl.NumberFormat(i18n.language).format(song.totalVotes)}
                    </strong>
                  </p>
                )}
              </div>
            </section>
          )}

          {approved && (
            <section className="mt-6">
              <h2 className="text-sm font-semibold tracking-wide text-ink-400 uppercase">
                {t('detail.share')}
              </h2>
              <div className="mt-3">
                <SharePanel url={url} text={shareText} title={song.title} tags={song.tags} />
              </div>
            </section>
          )}
        </div>
      </div>

      <div className="mt-10 grid grid-cols-1 gap-6 lg:grid-cols-2">
        <section className="rounded-3xl border border-white/[0.08] bg-ink-900/70 p-5 sm:p-6">
          <h2 className="text-xl font-bold text-ink-50">{t('detail.about')}</h2>
          <p dir="auto" className="mt-3 leading-relaxed whitespace-pre-line text-ink-200">
            {song.description || t('detail.noDescription')}
          </p>
          {song.tags.length > 0 && (
            <>
              <h3 className="sr-only">{t('detail.tags')}</h3>
              <ul className="mt-4 flex flex-wrap gap-2">
                {song.tags.map((tag) => (
                  <li
                    key={tag}
                    className="rounded-full bg-white/[0.06] px-3 py-1 text-xs font-medium text-ink-200"
                  >
                    #{tag}
                  </li>
                ))}
              </ul>
            </>
          )}
        </section>
        <section className="rounded-3xl border border-white/[0.08] bg-ink-900/70 p-5 sm:p-6">
          <h2 className="text-xl font-bold text-ink-50">{t('detail.artist')}</h2>
          <div className="mt-4 flex items-center gap-4">
            {artist?.avatar ? (
              <img
                src={artist.avatar}
                alt=""
                width={64}
                height={64}
                loading="lazy"
                className="size-16 rounded-full object-cover ring-2 ring-gold-400/40"
              />
            ) : (
              <span
                aria-hidden="true"
                className="grid size-16 place-items-center rounded-full bg-gold-400/15 text-2xl font-black text-gold-200"
              >
                {(artist?.name ?? song.artist).trim().charAt(0).toUpperCase()}
              </span>
            )}
            <p className="text-lg font-semibold text-ink-50">
              <bdi>{artist?.name ?? song.artist}</bdi>
            </p>
          </div>
          <p dir="auto" className="mt-4 leading-relaxed text-ink-300">
            {artist?.bio || t('detail.noBio')}
          </p>
        </section>
      </div>

      <div className="mt-10 flex flex-wrap gap-3">
        <Link to={`/categories/${song.category._id}`} className={buttonClass('secondary', 'md')}>
          <GridIcon className="size-4" />
          {t('detail.moreInCategory', { category: categoryName })}
        </Link>
        <Link to="/songs" className={buttonClass('ghost', 'md')}>
          {t('detail.allSongs')}
        </Link>
      </div>

      {isAdmin && (
        <Suspense fallback={null}>
          <AdminDebugPanel song={song} />
        </Suspense>
      )}
      {approved && <VotingTutorial />}
    </div>
  );
}
