import { randomUUID } from 'node:crypto';
import { COVER_WIDTHS, detectLinkKind } from '@ovation/shared';
import type {
  banners,
  categories,
  songs,
  songVoteTallies,
  users,
  voteQuotas,
  votes,
  votingSettings,
} from '../../db/schema';
import { foldForSearch } from '../../lib/text';
import type { ArtworkJob } from './artwork';
import {
  BANNER_HEIGHT,
  BANNER_SEEDS,
  BANNER_WIDTH,
  BANNER_WIDTHS,
  buildBannerSvg,
  LIBRARY_IMAGE_DESIGNS,
  LIBRARY_IMAGE_WIDTHS,
} from './banners';
import { CATEGORY_SEEDS } from './categories-data';
import { buildCoverSvg, COVER_SIZE } from './covers';
import { DEMO_FANS, type DemoAccount, MAIN_DEMO_ACCOUNTS } from './demo-accounts';
import { hashToUint32 } from './deterministic';
import { buildSongLink } from './links';
import { plantCluster } from './planted-cluster';
import { DEMO_SONGS } from './songs-data';
import { simulateVotes, splitIntoShards } from './votes';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
/** Approved songs were added between 8 and 43 days ago: before the week of simulated votes began. */
const APPROVED_SONGS_MIN_AGE_DAYS = 8;
const APPROVED_SONGS_SPREAD_DAYS = 35;
/** How long the seeded voting window stays open from the moment of seeding. */
const VOTING_WINDOW_DAYS = 30;

export interface PlannedArtwork extends ArtworkJob {
  imageId: string;
  kind: 'cover' | 'banner' | 'library';
  uploadedBy: string;
  createdAt: Date;
}

/** Every row of the demo data with its ids and dates fixed, ready to insert; images not rendered yet. */
export interface DemoPlan {
  users: Array<Omit<typeof users.$inferInsert, 'passwordHash'>>;
  categories: Array<typeof categories.$inferInsert>;
  songs: Array<typeof songs.$inferInsert>;
  artwork: PlannedArtwork[];
  banners: Array<typeof banners.$inferInsert>;
  votes: Array<typeof votes.$inferInsert>;
  tallies: Array<typeof songVoteTallies.$inferInsert>;
  quotas: Array<typeof voteQuotas.$inferInsert>;
  votingSettings: typeof votingSettings.$inferInsert;
}

function daysAgo(now: Date, days: number, hours = 0): Date {
  return new Date(now.getTime() - days * DAY_MS - hours * HOUR_MS);
}

/** Demo accounts confirmed their address 2 to 40 minutes after registering (a mail's round trip). */
function verifiedAtOf(account: DemoAccount, createdAt: Date): Date {
  const minutes = 2 + (hashToUint32(`${account.email}|verified`) % 39);
  return new Date(createdAt.getTime() + minutes * 60_000);
}

function toUserRow(account: DemoAccount, createdAt: Date, lastLogin: Date | null) {
  return {
    id: randomUUID(),
    ...account,
    emailVerified: true,
    emailVerifiedAt: verifiedAtOf(account, createdAt),
    isActive: true,
    createdAt,
    updatedAt: createdAt,
    lastLogin,
  };
}

/** When a song was added: approved ones spread over past weeks, pending ones in the last days. */
function songCreatedAt(now: Date, status: string, index: number): Date {
  if (status === 'pending') return daysAgo(now, 0, 6 + index * 19);
  if (status === 'rejected') return daysAgo(now, 12, 3);
  const days = APPROVED_SONGS_MIN_AGE_DAYS + ((index * 13) % APPROVED_SONGS_SPREAD_DAYS);
  return daysAgo(now, days, (index * 7) % 24);
}

/**
 * Lays out the whole demo data set for a seed happening at `now`: accounts, categories, songs with their
 * cover jobs, banners, a week of votes with matching tallies and quotas, and an open voting window.
 */
export function buildDemoPlan(now: Date): DemoPlan {
  const admin = toUserRow(MAIN_DEMO_ACCOUNTS.admin, daysAgo(now, 90), null);
  const artist = toUserRow(MAIN_DEMO_ACCOUNTS.artist, daysAgo(now, 75), null);
  const fan = toUserRow(MAIN_DEMO_ACCOUNTS.fan, daysAgo(now, 20), null);
  const fans = DEMO_FANS.map((account, index) =>
    toUserRow(account, daysAgo(now, 14 + (index % 30), index), null),
  );

  const categoryRows = CATEGORY_SEEDS.map((category, index) => ({
    id: randomUUID(),
    ...category,
    searchText: foldForSearch(
      [category.name, ...Object.values(category.translations).map((words) => words.name)].join(' '),
    ),
    sortOrder: index + 1,
    createdAt: daysAgo(now, 90),
    updatedAt: daysAgo(now, 90),
  }));
  const categoryIdByName = new Map(categoryRows.map((row) => [row.name, row.id]));

  const artwork: PlannedArtwork[] = [];
  let pendingIndex = 0;
  const songRows = DEMO_SONGS.map((song, index) => {
    const categoryId = categoryIdByName.get(song.category);
    if (!categoryId) throw new Error(`Demo song "${song.title}" names an unknown category: ${song.category}`);
    const status = song.status ?? 'approved';
    const uploadedBy = song.uploader === 'artist' ? artist.id : admin.id;
    const createdAt = songCreatedAt(now, status, status === 'pending' ? pendingIndex++ : index);
    const imageId = randomUUID();
    artwork.push({
      imageId,
      kind: 'cover',
      storageKey: `covers/${imageId}`,
      svg: buildCoverSvg(song.title, song.artist),
      width: COVER_SIZE,
      height: COVER_SIZE,
      widths: COVER_WIDTHS,
      uploadedBy,
      createdAt,
    });
    const songLink = buildSongLink(song.link, song.title, song.artist);
    const linkKind = detectLinkKind(songLink);
    return {
      id: randomUUID(),
      title: song.title,
      artist: song.artist,
      uploaderId: uploadedBy,
      categoryId,
      songLink,
      linkKind,
      audioUrl: linkKind === 'mp3' ? songLink : null,
      coverImageId: imageId,
      duration: song.duration,
      releaseDate: song.releaseDate,
      tags: song.tags,
      description: song.description,
      status,
      views: 0,
      searchText: foldForSearch(`${song.title} ${song.artist}`),
      createdAt,
      updatedAt: status === 'rejected' ? new Date(createdAt.getTime() + DAY_MS) : createdAt,
      buzz: song.buzz,
    };
  });

  const votable = songRows.filter((song) => song.status === 'approved');
  const simulated = simulateVotes(
    fans.map((row) => ({ id: row.id, key: row.email, country: row.country })),
    votable,
    now,
  );
  for (const fanRow of fans) fanRow.lastLogin = simulated.lastVoteByUser.get(fanRow.id) ?? null;
  const planted = plantCluster(
    now,
    categoryRows.map((row) => row.id),
    votable,
    simulated.countBySong,
  );
  const countBySong = new Map(simulated.countBySong);
  for (const vote of planted.votes) countBySong.set(vote.songId, (countBySong.get(vote.songId) ?? 0) + 1);
  for (const song of votable) {
    // Views outnumber votes, as on any music site: some listeners never vote.
    const votesForSong = countBySong.get(song.id) ?? 0;
    song.views = votesForSong * 4 + song.buzz * 90 + (hashToUint32(`${song.artist}|${song.title}`) % 240);
  }

  const bannerRows = BANNER_SEEDS.map((banner, index) => {
    const imageId = randomUUID();
    const createdAt = daysAgo(now, 60, index);
    artwork.push({
      imageId,
      kind: 'banner',
      storageKey: `banners/${imageId}`,
      svg: buildBannerSvg(banner.design),
      width: BANNER_WIDTH,
      height: BANNER_HEIGHT,
      widths: BANNER_WIDTHS,
      uploadedBy: admin.id,
      createdAt,
    });
    return {
      title: banner.title,
      description: banner.description,
      translations: banner.translations,
      imageId,
      sortOrder: index + 1,
      isActive: true,
      uploadedBy: admin.id,
      createdAt,
    };
  });

  LIBRARY_IMAGE_DESIGNS.forEach((design, index) => {
    const imageId = randomUUID();
    artwork.push({
      imageId,
      kind: 'library',
      storageKey: `library/${imageId}`,
      svg: buildBannerSvg(design),
      width: BANNER_WIDTH,
      height: BANNER_HEIGHT,
      widths: LIBRARY_IMAGE_WIDTHS,
      uploadedBy: admin.id,
      createdAt: daysAgo(now, 45, index),
    });
  });

  return {
    users: [admin, artist, fan, ...fans, ...planted.users],
    categories: categoryRows,
    songs: songRows.map(({ buzz: _buzz, ...row }) => row),
    artwork,
    banners: bannerRows,
    votes: [...simulated.votes, ...planted.votes],
    // Every song's tally equals its vote rows, the planted cluster's included.
    tallies: [...countBySong].flatMap(([songId, count]) => splitIntoShards(songId, count)),
    quotas: [...simulated.quotas, ...planted.quotas],
    votingSettings: {
      id: 1,
      isEnabled: true,
      startDate: now,
      endDate: new Date(now.getTime() + VOTING_WINDOW_DAYS * DAY_MS),
      timezone: 'UTC',
      notes: '',
      updatedAt: now,
      updatedBy: admin.id,
    },
  };
}
