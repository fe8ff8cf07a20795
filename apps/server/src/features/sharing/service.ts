import type { Category, CategoryTranslations, Song } from '@ovation/shared';
import { LANGUAGES, type LanguageCode } from '@ovation/shared/languages';
import type { FastifyRequest } from 'fastify';
import type { PageTags } from '../../lib/html-shell';
import { languageFromQuery } from '../../lib/language';
import type { ResponseCache } from '../../lib/response-cache';
import type { FileStorage } from '../../lib/storage';
import { translate } from '../../lib/translate';
import { readPublicCategory } from '../categories/cached-read-service';
import type { CategoryPagesDependencies } from '../categories/service';
import { readPublicSong } from '../songs/cached-read-service';
import { SHARE_IMAGE_SIZE, type ShareImageInputs, shareImage, shareImageVersion } from './share-image';

export interface SharingDependencies extends CategoryPagesDependencies {
  cache: ResponseCache;
  storage: FileStorage;
  /** The configured public address (PUBLIC_URL); without it, links use the address the request came to. */
  publicOrigin?: string;
}

/** The pages search engines may list, each in every language (the sitemap lists the songs and categories). */
export const INDEXED_PAGES = ['/', '/songs', '/categories'] as const;
const INDEXED_PATH =
  /^\/(?:songs(?:\/[^/]+)?|categories(?:\/[^/]+)?|privacy-policy|terms-of-service|data-protection)?$/;
const SONG_PATH = /^\/songs\/([^/]+)$/;
const CATEGORY_PATH = /^\/categories\/([^/]+)$/;

const isRightToLeft = (language: LanguageCode) =>
  LANGUAGES.find((entry) => entry.code === language)?.direction === 'rtl';

/** The origin links are made from: the configured one, else the one the visitor used. */
export function originOf(deps: Pick<SharingDependencies, 'publicOrigin'>, request: FastifyRequest) {
  return deps.publicOrigin ?? `${request.protocol}://${request.host}`;
}

/** A page's address in one language (`?lang=`), or without one: the x-default that negotiates. */
export function pageAddress(origin: string, path: string, language?: LanguageCode) {
  return `${origin}${path}${language ? `?lang=${language}` : ''}`;
}

/** A category's name in `language`, English when it has no translation. */
function categoryName(
  category: { name: string; translations?: CategoryTranslations },
  language: LanguageCode,
) {
  return (language !== 'en' && category.translations?.[language]?.name) || category.name;
}

/** The stored key of a song's largest cover rendition (its srcset lists them as `/uploads/<key> <width>w`). */
function largestCoverKey(song: Song) {
  const renditions = (song.cover?.srcSet ?? '')
    .split(',')
    .map((entry) => entry.trim().split(/\s+/))
    .filter(([url, width]) => url?.startsWith('/uploads/') && width?.endsWith('w'))
    .sort((a, b) => Number.parseInt(b[1]!, 10) - Number.parseInt(a[1]!, 10));
  return renditions[0]?.[0]?.slice('/uploads/'.length);
}

function songImageInputs(song: Song, language: LanguageCode): ShareImageInputs {
  return {
    title: song.title,
    artist: song.artist,
    category: categoryName(song.category, language),
    coverKey: largestCoverKey(song),
    rightToLeft: isRightToLeft(language),
  };
}

function brandImageInputs(language: LanguageCode): ShareImageInputs {
  return {
    tagline: translate(language, 'meta.shareDescription') ?? '',
    rightToLeft: isRightToLeft(language),
  };
}

/** A song's share picture in `language` and its version; undefined for an unknown or unapproved song. */
export async function songShareImage(deps: SharingDependencies, id: string, language: LanguageCode) {
  const song = await readPublicSong(deps, id);
  if (!song) return undefined;
  const inputs = songImageInputs(song, language);
  return {
    version: shareImageVersion(inputs),
    bytes: await shareImage(deps.storage, `songs/${song._id}`, inputs),
  };
}

/** The brand's share picture in `language` (home, lists, categories) and its version. */
export async function brandShareImage(deps: SharingDependencies, language: LanguageCode) {
  const inputs = brandImageInputs(language);
  return {
    version: shareImageVersion(inputs),
    bytes: await shareImage(deps.storage, `ovation-${language}`, inputs),
  };
}

/**
 * The page's tags for crawlers, in `language`: a song's title, artist and category with its own picture;
 * a category's name and description; the generic texts and the brand picture elsewhere. A song that is
 * unknown or not approved gets the generic tags, so a pending song's title never leaks. Read from the
 * API's cached answers: a link shared to thousands costs no more queries than the page it opens.
 */
export function createPageTags(deps: SharingDependencies) {
  return async function pageTags(request: FastifyRequest, language: LanguageCode): Promise<PageTags> {
    const path = request.url.split('?')[0]!.replace(/(.)\/+$/, '$1');
    const origin = originOf(deps, request);
    const text = (key: string, parameters?: Record<string, string>) =>
      translate(language, key, parameters) ?? '';
    const indexed = INDEXED_PATH.test(path);
    const base = {
      url: pageAddress(origin, path, languageFromQuery(request.url)),
      alternates: indexed
        ? [
            ...LANGUAGES.map(({ code }) => ({ hreflang: code, href: pageAddress(origin, path, code) })),
            { hreflang: 'x-default', href: pageAddress(origin, path) },
          ]
        : [],
    };
    const brand = async () => {
      const version = shareImageVersion(brandImageInputs(language));
      return {
        url: `${origin}/api/share-image?lang=${language}&v=${version}`,
        ...SHARE_IMAGE_SIZE,
        alt: text('meta.imageAlt'),
      };
    };

    const songId = SONG_PATH.exec(path)?.[1];
    const song = songId ? await readPublicSong(deps, songId) : undefined;
    if (song) {
      const words = {
        title: song.title,
        artist: song.artist,
        category: categoryName(song.category, language),
      };
      const version = shareImageVersion(songImageInputs(song, language));
      return {
        ...base,
        type: 'music.song',
        describes: 'song',
        title: text('meta.songTitle', words),
        description: text('meta.songDescription', words),
        image: {
          url: `${origin}/api/songs/${song._id}/share-image?lang=${language}&v=${version}`,
          ...SHARE_IMAGE_SIZE,
          alt: text('meta.songImageAlt', words),
        },
      };
    }

    const categoryId = CATEGORY_PATH.exec(path)?.[1];
    const category: Category | undefined = categoryId
      ? await readPublicCategory(deps, categoryId)
      : undefined;
    if (category) {
      const name = categoryName(category, language);
      return {
        ...base,
        type: 'website',
        describes: 'category',
        title: text('meta.categoryTitle', { category: name }),
        description:
          (language !== 'en' && category.translations?.[language]?.description) ||
          (language === 'en' && category.description) ||
          text('meta.categoryDescription', { category: name }),
        image: await brand(),
      };
    }

    return {
      ...base,
      type: 'website',
      title: text('meta.defaultTitle'),
      description: text('meta.description'),
      shareDescription: text('meta.shareDescription'),
      image: await brand(),
    };
  };
}
