import type { LinkKind, SongStatus } from '@ovation/shared';

/** One demo song as written in the data files; ids, links, covers and dates are derived when seeding. */
export interface SongSeed {
  title: string;
  artist: string;
  /** The kind of link to fake for it; every kind of LINK_KINDS appears in the catalogue. */
  link: LinkKind;
  duration: string;
  /** 'YYYY-MM-DD', in 2024 or 2025. */
  releaseDate: string;
  tags: string[];
  description: string;
  /** 1 to 10: how strongly the simulated fans favour it, so the rankings have leaders and close races. */
  buzz: number;
  /** Defaults to 'approved'. */
  status?: SongStatus;
  /** Who uploaded it: the admin account unless it is the demo artist's own song. */
  uploader?: 'admin' | 'artist';
}

/** The songs nominated in one category, named as in CATEGORY_SEEDS. */
export interface SongGroup {
  category: string;
  songs: SongSeed[];
}
