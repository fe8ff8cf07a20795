import { COVER_WIDTHS, type ValidationMessageKey } from '@ovation/shared';

/** A library image's renditions: grid thumbnails (320, 640), a page-wide picture (1280), a full-screen one. */
export const LIBRARY_WIDTHS = [320, 640, 1280, 1920] as const;

/**
 * An ad's renditions: a sidebar or between-songs card (320, 640), a header or footer strip and the popup
 * (960, 1280). Never wider than the sponsor's own picture, and never cropped: each location frames the
 * picture at its own proportions, and the creative is the sponsor's to design.
 */
export const AD_IMAGE_WIDTHS = [320, 640, 960, 1280] as const;

/**
 * The hero banner's wide renditions (5:2): a phone in landscape or a small laptop takes 800 or 1200,
 * a large screen 1600. The hero is never wider than 1600 CSS px on the screens the spec targets.
 */
export const BANNER_WIDTHS = [480, 800, 1200, 1600] as const;
/** Banners are 5:2, as wide as the home page's hero on a large screen. */
export const BANNER_ASPECT = 5 / 2;

/** Where a form names its picture in its errors, and the screen's own words for a refused file. */
export interface PictureFormField {
  field: string;
  /** A file over 5 MB (413 IMAGE_TOO_LARGE). */
  tooLarge: ValidationMessageKey;
  /** A file that is not a picture (400 IMAGE_INVALID), when the screen words it its own way. */
  notAPicture?: ValidationMessageKey;
}

export interface PictureKindRules {
  /** The widths written, ascending. */
  widths: readonly number[];
  /** Width / height of every rendition (cropped to it); none keeps the picture's own proportions. */
  aspect?: number;
  /**
   * Never wider than the original (the admin's or sponsor's own picture, not a rendition of it): widths
   * above the original are dropped and the original width is kept as the largest.
   */
  noEnlargement?: boolean;
  /** Writes the upright phone crop the home page's hero shows (banner-renditions.ts) with the upload. */
  phoneCrop?: boolean;
  /** The screen's words for a refused file; without, the codes' own messages (the song forms). */
  form?: PictureFormField;
}

/** What each kind of picture is re-encoded to, and how its screen words a refusal. */
export const PICTURE_KINDS = {
  /** Song covers, square: cards (160, 320) and the song page (640). */
  cover: { widths: COVER_WIDTHS, aspect: 1 },
  banner: {
    widths: BANNER_WIDTHS,
    aspect: BANNER_ASPECT,
    phoneCrop: true,
    form: { field: 'banner', tooLarge: 'bannerFileTooLarge' },
  },
  ad: {
    widths: AD_IMAGE_WIDTHS,
    noEnlargement: true,
    // The ads screen says 'Please select an image file' for anything that is not one.
    form: { field: 'image', tooLarge: 'adFileTooLarge', notAPicture: 'adImageRequired' },
  },
  library: {
    widths: LIBRARY_WIDTHS,
    noEnlargement: true,
    // The library screen says 'Please select an image file.' for any other file.
    form: { field: 'image', tooLarge: 'imageFileTooLarge', notAPicture: 'imageFileRequired' },
  },
} as const satisfies Record<string, PictureKindRules>;

export type PictureKind = keyof typeof PICTURE_KINDS;
