import type { LinkKind } from '@ovation/shared/constants';
import { useTranslation } from 'react-i18next';
import { CheckIcon, GlobeIcon, YouTubeIcon } from '../../../components/ui/icons';
import { recognisedLinkKind } from '../song-link';

const KIND_KEYS = {
  youtube: 'linkKinds.youtube',
  vimeo: 'linkKinds.vimeo',
  spotify: 'linkKinds.spotify',
  audiomack: 'linkKinds.audiomack',
  soundcloud: 'linkKinds.soundcloud',
  'apple-music': 'linkKinds.appleMusic',
  mp3: 'linkKinds.mp3',
} as const satisfies Record<Exclude<LinkKind, 'other'>, string>;

/** Shows, as the artist types, which platform the link was recognised as (how the player will open it). */
export function LinkKindHint({ id, value }: { id: string; value: string }) {
  const { t } = useTranslation('upload');
  const kind = recognisedLinkKind(value);
  return (
    <p id={id} aria-live="polite" className="mt-1.5 text-sm empty:mt-0">
      {kind === null ? null : kind === 'other' ? (
        <span className="inline-flex items-center gap-1.5 text-ink-300">
          <GlobeIcon className="size-4" />
          {t('fields.linkOther')}
        </span>
      ) : (
        <span className="inline-flex items-center gap-1.5 rounded-full bg-jade-400/10 px-2.5 py-0.5 font-medium text-jade-300">
          {kind === 'youtube' ? <YouTubeIcon className="size-4" /> : <CheckIcon className="size-4" />}
          {t('fields.linkDetected', { kind: t(KIND_KEYS[kind]) })}
        </span>
      )}
    </p>
  );
}
