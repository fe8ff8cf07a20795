import type { Song } from '@ovation/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button-styles';
import { ClockIcon, CloseIcon } from '../../../components/ui/icons';

/**
 * On a song that is not approved (only its uploader and admins can open it): says it is pending review or
 * was rejected, with the admin's reason, and that voting and sharing open once it is approved.
 */
export function SongReviewNotice({ song, viewerIsAdmin }: { song: Song; viewerIsAdmin: boolean }) {
  const { t } = useTranslation('songs');
  const titleId = useId();
  const rejected = song.status === 'rejected';
  return (
    <section
      aria-labelledby={titleId}
      data-song-status={song.status}
      className={`mt-6 rounded-3xl border p-5 sm:p-6 ${
        rejected ? 'border-coral-400/40 bg-coral-400/10' : 'border-gold-400/35 bg-gold-400/10'
      }`}
    >
      <div className="flex items-start gap-3">
        <span
          aria-hidden="true"
          className={`grid size-10 shrink-0 place-items-center rounded-2xl ${
            rejected ? 'bg-coral-400/20 text-coral-300' : 'bg-gold-400/15 text-gold-300'
          }`}
        >
          {rejected ? <CloseIcon className="size-5" /> : <ClockIcon className="size-5" />}
        </span>
        <div className="min-w-0">
          <h2 id={titleId} className="text-lg font-bold text-ink-50">
            {rejected ? t('review.rejectedTitle') : t('review.pendingTitle')}
          </h2>
          <p className="mt-1 text-sm text-ink-200">
            {rejected ? t('review.rejectedText') : t('review.pendingText')}
          </p>
          {rejected && song.moderationReason && (
            <p className="mt-3 text-sm text-ink-100">
              <span className="font-semibold">{t('review.reason')}</span>{' '}
              <bdi dir="auto">{song.moderationReason}</bdi>
            </p>
          )}
          <p className="mt-3 text-sm text-ink-300">{t('review.privateHint')}</p>
          <Link
            to={viewerIsAdmin ? '/admin/songs' : '/dashboard'}
            className={buttonClass('secondary', 'sm', 'mt-4')}
          >
            {viewerIsAdmin ? t('review.toModeration') : t('review.toDashboard')}
          </Link>
        </div>
      </div>
    </section>
  );
}
