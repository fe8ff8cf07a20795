import type { SongStatus } from '@ovation/shared/constants';
import type { AdminSong } from '@ovation/shared/schemas/admin-songs';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { PlaceholderCover } from '../../../components/player/cover-art';
import { buttonClass } from '../../../components/ui/button-styles';
import {
  AlertIcon,
  CheckIcon,
  ClockIcon,
  EditIcon,
  type IconProps,
  RefreshIcon,
  StrokeIcon,
  TrashIcon,
} from '../../../components/ui/icons';

export const UploadIcon = (props: IconProps) => (
  <StrokeIcon {...props}>
    <path d="M12 15V3" />
    <path d="m7 8 5-5 5 5" />
    <path d="M4 15v4a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-4" />
  </StrokeIcon>
);

export const StackIcon = (props: IconProps) => (
  <StrokeIcon {...props}>
    <path d="m12 3 9 5-9 5-9-5Z" />
    <path d="m3 13 9 5 9-5" />
  </StrokeIcon>
);

const STATUS_LOOK: Record<SongStatus, { Icon: ComponentType<IconProps>; tone: string }> = {
  pending: { Icon: ClockIcon, tone: 'bg-gold-400/15 text-gold-200 ring-gold-400/30' },
  approved: { Icon: CheckIcon, tone: 'bg-jade-400/15 text-jade-300 ring-jade-400/30' },
  rejected: { Icon: AlertIcon, tone: 'bg-coral-400/15 text-coral-300 ring-coral-400/30' },
};

/** The review state as a badge: an icon and a word, never colour alone. */
export function StatusBadge({ status }: { status: SongStatus }) {
  const { t } = useTranslation('admin-songs');
  const { Icon, tone } = STATUS_LOOK[status];
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-full px-2.5 py-1 text-xs font-semibold whitespace-nowrap ring-1 ${tone}`}
    >
      <Icon className="size-3.5" />
      {t(`status.${status}`)}
    </span>
  );
}

/** A rejected song's reason, as the artist reads it. */
export function ModerationReason({ song }: { song: AdminSong }) {
  const { t } = useTranslation('admin-songs');
  if (song.status !== 'rejected' || !song.moderationReason) return null;
  return (
    <p className="mt-1.5 text-xs text-coral-200">
      <span className="font-semibold">{t('list.reason')}</span> <bdi>{song.moderationReason}</bdi>
    </p>
  );
}

/** The cover thumbnail: the smallest rendition that is sharp at twice its size, or a drawn placeholder. */
export function SongThumbnail({ song, className = 'size-12' }: { song: AdminSong; className?: string }) {
  if (!song.albumCover) {
    return (
      <PlaceholderCover
        seed={song._id}
        title={song.title}
        className={`shrink-0 rounded-lg text-base [&_span]:text-xl ${className}`}
      />
    );
  }
  return (
    <img
      src={song.albumCover}
      srcSet={song.cover?.srcSet}
      sizes="64px"
      alt=""
      loading="lazy"
      decoding="async"
      width={64}
      height={64}
      className={`shrink-0 rounded-lg bg-ink-800 object-cover ${className}`}
    />
  );
}

/** The created date in the reader's language. */
export function useDateFormat() {
  const { i18n } = useTranslation();
  return new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
}

export interface SongRowHandlers {
  onApprove: (song: AdminSong) => void;
  onReject: (song: AdminSong) => void;
  /** Change decision on an approved or rejected song (to approved, rejected or back to pending). */
  onChangeDecision: (song: AdminSong) => void;
  onEdit: (song: AdminSong) => void;
  onDelete: (song: AdminSong) => void;
  /** The song whose approval is being sent: its buttons wait. */
  busyId: string | null;
}

/**
 * Approve and Reject for a pending song, Change decision for a decided one, Edit and Delete for every song;
 * each names its song for screen readers.
 */
export function SongActions({
  song,
  handlers,
  layout,
}: {
  song: AdminSong;
  handlers: SongRowHandlers;
  layout: 'row' | 'card';
}) {
  const { t } = useTranslation('admin-songs');
  const named = (action: string) => t('actions.onSong', { action, title: song.title });
  const busy = handlers.busyId === song._id;
  const grow = layout === 'card' ? 'w-full' : '';
  const moderation =
    song.status === 'pending' ? (
      <>
        <button
          type="button"
          disabled={busy}
          aria-label={named(t('actions.approve'))}
          onClick={() => handlers.onApprove(song)}
          className={buttonClass('jade', 'sm', `px-3 ${grow}`)}
        >
          <CheckIcon className="size-4" />
          {t('actions.approve')}
        </button>
        <button
          type="button"
          disabled={busy}
          aria-label={named(t('actions.reject'))}
          onClick={() => handlers.onReject(song)}
          className={buttonClass('secondary', 'sm', `px-3 text-coral-200 hover:border-coral-400/60 ${grow}`)}
        >
          <AlertIcon className="size-4" />
          {t('actions.reject')}
        </button>
      </>
    ) : (
      <button
        type="button"
        aria-label={named(t('actions.changeDecision'))}
        onClick={() => handlers.onChangeDecision(song)}
        className={buttonClass('secondary', 'sm', `px-3 ${layout === 'card' ? 'col-span-2 w-full' : ''}`)}
      >
        <RefreshIcon className="size-4" />
        {t('actions.changeDecision')}
      </button>
    );
  const changes = (
    <>
      <button
        type="button"
        aria-label={named(t('actions.edit'))}
        title={t('actions.edit')}
        onClick={() => handlers.onEdit(song)}
        className={buttonClass('ghost', 'sm', layout === 'card' ? `px-3 ${grow}` : 'px-0')}
      >
        <EditIcon className="size-4" />
        {layout === 'card' && t('actions.edit')}
      </button>
      <button
        type="button"
        aria-label={named(t('actions.delete'))}
        title={t('actions.delete')}
        onClick={() => handlers.onDelete(song)}
        className={buttonClass(
          'ghost',
          'sm',
          `text-coral-300 hover:bg-coral-400/10 ${layout === 'card' ? `px-3 ${grow}` : 'px-0'}`,
        )}
      >
        <TrashIcon className="size-4" />
        {layout === 'card' && t('actions.delete')}
      </button>
    </>
  );
  if (layout === 'card') {
    return (
      <div className="grid grid-cols-2 gap-2">
        {moderation}
        {changes}
      </div>
    );
  }
  // In the table: Approve and Reject above Edit and Delete, so the row stays narrow enough to fit.
  return (
    <div className="flex flex-col items-end gap-1">
      {moderation && <div className="flex gap-1.5">{moderation}</div>}
      <div className="flex gap-1">{changes}</div>
    </div>
  );
}
