import type { Song } from '@ovation/shared';
import { HOME_FEATURED_SONG_COUNT } from '@ovation/shared/constants';
import { useTranslation } from 'react-i18next';
import { SongCard, type SongCardData } from '../../../domain/songs/components/song-card';
import { SAMPLE_CATEGORIES, SAMPLE_SONGS } from '../sample-content';
import { SeeAllLink } from './featured-categories';
import { SectionHeading } from './section-heading';

interface FeaturedSongsProps {
  songs: Song[] | undefined;
  loading: boolean;
  showSamples: boolean;
}

/** Up to eight songs (the public spec's Home), each with View Details and Vote. */
export function FeaturedSongs({ songs, loading, showSamples }: FeaturedSongsProps) {
  const { t } = useTranslation();
  const samples: SongCardData[] = SAMPLE_SONGS.map((sample) => {
    const category = SAMPLE_CATEGORIES[sample.categoryIndex] ?? SAMPLE_CATEGORIES[0]!;
    return {
      _id: sample._id,
      title: sample.title,
      artist: sample.artist,
      cover: null,
      category: { name: t(category.nameKey), icon: category.icon },
    };
  });
  const items: SongCardData[] = showSamples ? samples : (songs ?? []).slice(0, HOME_FEATURED_SONG_COUNT);

  return (
    <section aria-labelledby="home-songs" className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
      <SectionHeading
        id="home-songs"
        kicker={t('home.songsKicker')}
        title={t('home.songsTitle')}
        description={t('home.songsDescription')}
        action={<SeeAllLink to="/songs" label={t('home.viewAllSongs')} />}
      />
      {showSamples && <p className="mt-4 text-sm text-gold-200/90">{t('home.sampleNotice')}</p>}
      <ul className="mt-8 grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4 lg:gap-5">
        {loading
          ? Array.from({ length: HOME_FEATURED_SONG_COUNT }, (_, position) => (
              <li key={position} className="overflow-hidden rounded-2xl bg-white/[0.04]">
                <div className="aspect-square animate-pulse bg-white/[0.06]" />
                <div className="h-32" />
              </li>
            ))
          : items.map((song) => (
              <li key={song._id} className="flex">
                <SongCard song={song} sample={showSamples} />
              </li>
            ))}
      </ul>
    </section>
  );
}
