import type { LinkKind } from '@ovation/shared/constants';

/** How an embed is laid out: video players keep 16:9, audio widgets have the fixed height their maker designed. */
export type EmbedShape = 'video' | 'audio';

export interface EmbedSource {
  src: string;
  shape: EmbedShape;
  /** CSS height in pixels for audio widgets (their makers' recommended sizes). */
  height?: number;
  /** The `allow` list the provider asks for: autoplay and fullscreen, nothing more. */
  allow: string;
}

export interface EmbedOptions {
  autoPlay?: boolean;
  /** Hover previews start muted (browsers only autoplay muted video; the public spec). */
  muted?: boolean;
}

const ALLOW_MEDIA = 'autoplay; encrypted-media; fullscreen; picture-in-picture';

function parseUrl(link: string): URL | null {
  try {
    return new URL(link);
  } catch {
    return null;
  }
}

const YOUTUBE_ID = /^[\w-]{6,20}$/;

/** The video id of a YouTube link: watch?v=, youtu.be/, /shorts/, /embed/ and /live/ forms. */
export function youtubeVideoId(link: string): string | null {
  const url = parseUrl(link);
  if (!url) return null;
  const host = url.hostname.replace(/^www\.|^m\./, '');
  let id: string | null = null;
  if (host === 'youtu.be') id = url.pathname.slice(1).split('/')[0] ?? null;
  else if (host.endsWith('youtube.com') || host.endsWith('youtube-nocookie.com')) {
    const [first, second] = url.pathname.split('/').filter(Boolean);
    id =
      first === 'watch'
        ? url.searchParams.get('v')
        : ['shorts', 'embed', 'live'].includes(first ?? '')
          ? (second ?? null)
          : null;
  }
  return id && YOUTUBE_ID.test(id) ? id : null;
}

function vimeoVideoId(url: URL): string | null {
  const numeric = url.pathname.split('/').filter((part) => /^\d+$/.test(part));
  return numeric[0] ?? null;
}

/**
 * The official embed player's address for a song link, or null when the link has no embed (the player
 * then offers a link out). YouTube plays from the no-cookie host; Vimeo with Do Not Track. Every host here
 * is in the server's CSP frame-src.
 */
export function embedSourceFor(kind: LinkKind, link: string, options: EmbedOptions = {}): EmbedSource | null {
  const url = parseUrl(link);
  if (!url) return null;
  const autoplay = options.autoPlay ? '1' : '0';
  const muted = options.muted ? '1' : '0';

  switch (kind) {
    case 'youtube': {
      const id = youtubeVideoId(link);
      if (!id) return null;
      const params = new URLSearchParams({
        autoplay,
        mute: muted,
        rel: '0',
        playsinline: '1',
        modestbranding: '1',
      });
      return {
        src: `https://www.youtube-nocookie.com/embed/${id}?${params}`,
        shape: 'video',
        allow: ALLOW_MEDIA,
      };
    }
    case 'vimeo': {
      const id = vimeoVideoId(url);
      if (!id) return null;
      const params = new URLSearchParams({ autoplay, muted, dnt: '1', playsinline: '1' });
      return { src: `https://player.vimeo.com/video/${id}?${params}`, shape: 'video', allow: ALLOW_MEDIA };
    }
    case 'spotify': {
      const parts = url.pathname.split('/').filter((part) => part && !part.startsWith('intl-'));
      const [type, id] = parts;
      if (!type || !id || !['track', 'album', 'playlist', 'episode', 'show', 'artist'].includes(type))
        return null;
      const height = type === 'track' || type === 'episode' ? 152 : 352;
      return {
        src: `https://open.spotify.com/embed/${type}/${id}`,
        shape: 'audio',
        height,
        allow: ALLOW_MEDIA,
      };
    }
    case 'soundcloud': {
      const params = new URLSearchParams({
        url: `https://soundcloud.com${url.pathname}`,
        auto_play: options.autoPlay ? 'true' : 'false',
        color: '#f7c04a',
        visual: 'false',
        show_comments: 'false',
      });
      return {
        src: `https://w.soundcloud.com/player/?${params}`,
        shape: 'audio',
        height: 166,
        allow: 'autoplay',
      };
    }
    case 'audiomack': {
      // audiomack.com/{artist}/song/{slug} -> audiomack.com/embed/song/{artist}/{slug}
      const [artist, type, slug] = url.pathname.split('/').filter(Boolean);
      if (!artist || !slug || (type !== 'song' && type !== 'album' && type !== 'playlist')) return null;
      return {
        src: `https://audiomack.com/embed/${type}/${artist}/${slug}`,
        shape: 'audio',
        height: 252,
        allow: 'autoplay',
      };
    }
    case 'apple-music': {
      const single = url.searchParams.has('i');
      return {
        src: `https://embed.music.apple.com${url.pathname}${url.search}`,
        shape: 'audio',
        height: single ? 175 : 450,
        allow: 'autoplay *; encrypted-media *; fullscreen *',
      };
    }
    default:
      return null;
  }
}

/** Kinds a hover can preview without a click: video that may autoplay muted, and plain audio files. */
export function isPreviewable(kind: LinkKind): boolean {
  return kind === 'youtube' || kind === 'vimeo' || kind === 'mp3';
}

/** The platform's name as its maker writes it (brand names are not translated). */
export const PLATFORM_NAMES: Record<LinkKind, string | null> = {
  youtube: 'YouTube',
  vimeo: 'Vimeo',
  spotify: 'Spotify',
  audiomack: 'Audiomack',
  soundcloud: 'SoundCloud',
  'apple-music': 'Apple Music',
  mp3: null,
  other: null,
};
