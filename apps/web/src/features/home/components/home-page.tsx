import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdSlot } from '../../../components/ads/ad-slot';
import { useBanners } from '../../../domain/banners/api/use-banners';
import { useCategories } from '../../../domain/categories/api/use-categories';
import { useSongList } from '../../../domain/songs/api/use-songs';
import { useStats, ZERO_STATS } from '../../../domain/stats/api/use-stats';
import { useVotingStatus } from '../../../domain/voting/api/use-voting-status';
import { useVotingPeriod } from '../../../domain/voting/use-voting-period';
import { useVotingRuleText } from '../../../domain/voting/voting-rule';
import { isUnreachableError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { FEATURED_SONGS_PARAMS } from '../api/prefetch-home';
import { BackendErrorBanner } from './backend-error-banner';
import { FeaturedCategories } from './featured-categories';
import { FeaturedSongs } from './featured-songs';
import { HeroSection, type HeroSlide } from './hero-section';
import { HowToVote } from './how-to-vote';
import { StatsSection } from './stats-section';

const FALLBACK_SLIDES = ['one', 'two', 'three'] as const;

// The timeline is opened by few visitors: its code loads when the button is pointed at, focused or pressed.
const loadTimeline = () => import('../../../domain/voting/components/voting-timeline-modal');
const VotingTimelineModal = lazy(() =>
  loadTimeline().then((module) => ({ default: module.VotingTimelineModal })),
);

/** Home (the public spec): hero slideshow, stats, categories, featured songs, voting timeline and the voting guide. */
export default function HomePage() {
  const { t } = useTranslation();
  useDocumentTitle(t('meta.defaultTitle'));
  const session = useSession();
  const rule = useVotingRuleText();
  const [timelineOpen, setTimelineOpen] = useState(false);
  const [timelineRequested, setTimelineRequested] = useState(false);

  const banners = useBanners();
  const stats = useStats();
  const categories = useCategories();
  const songs = useSongList(FEATURED_SONGS_PARAMS);
  const votingStatus = useVotingStatus();

  const queries = [banners, stats, categories, songs];
  const unreachable = queries.some((query) => isUnreachableError(query.error));
  const retrying = queries.some((query) => query.isFetching);
  const retry = () => {
    for (const query of [...queries, votingStatus]) void query.refetch();
  };

  const slides: HeroSlide[] =
    banners.data && banners.data.length > 0
      ? banners.data.map((banner) => ({
          key: banner._id,
          title: banner.title,
          description: banner.description,
          image: { ...banner, alt: banner.title },
        }))
      : FALLBACK_SLIDES.map((slide) => ({
          key: slide,
          title: t(`home.fallbackSlides.${slide}Title`),
          description: t(`home.fallbackSlides.${slide}Text`, { rule }),
        }));

  // Sample content stands in when the backend answered with nothing, or did not answer at all.
  const categoriesEmpty = categories.isError || (categories.isSuccess && categories.data.length === 0);
  const songsEmpty = songs.isError || (songs.isSuccess && songs.data.data.length === 0);

  // Re-rendered at the second voting opens or closes, so the hero's badge and caption change with it.
  const voting = useVotingPeriod().period;

  return (
    <>
      <HeroSection
        slides={slides}
        voting={voting}
        signedIn={session.isAuthenticated}
        onTimelineIntent={() => void loadTimeline()}
        onOpenTimeline={() => {
          setTimelineRequested(true);
          setTimelineOpen(true);
        }}
      />
      <div className="relative z-10 space-y-16 pb-20 sm:space-y-24">
        <div className="space-y-4">
          <AdSlot location="banner" className="mx-auto max-w-7xl px-4 pt-6 sm:px-6 lg:px-8" />
          {unreachable && <BackendErrorBanner onRetry={retry} retrying={retrying} />}
          <StatsSection stats={unreachable ? ZERO_STATS : stats.data} loading={stats.isPending} />
        </div>
        <FeaturedCategories
          categories={categories.data}
          loading={categories.isPending}
          showSamples={categoriesEmpty}
        />
        <FeaturedSongs songs={songs.data?.data} loading={songs.isPending} showSamples={songsEmpty} />
        <HowToVote signedIn={session.isAuthenticated} />
      </div>
      {timelineRequested && (
        <Suspense fallback={null}>
          <VotingTimelineModal open={timelineOpen} onClose={() => setTimelineOpen(false)} voting={voting} />
        </Suspense>
      )}
    </>
  );
}
