import type { ImageUsage, ImageUsageKind } from '@ovation/shared/schemas/admin-media';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Where each kind of user of an image is managed: the banner and ad screens, the song's own page. */
function linkOf(usage: ImageUsage): string {
  if (usage.kind === 'banner') return '/admin/banners';
  if (usage.kind === 'ad') return '/admin/ads';
  return `/songs/${encodeURIComponent(usage.id)}`;
}

const KIND_STYLES: Record<ImageUsageKind, string> = {
  banner: 'bg-gold-400/15 text-gold-200',
  ad: 'bg-sky-400/15 text-sky-200',
  song: 'bg-jade-400/15 text-jade-300',
};

/** The banners, ads and song covers that show an image: kind badge and title, each a link to where it is managed. */
export function ImageUsageList({
  usage,
  className = '',
}: {
  usage: readonly ImageUsage[];
  className?: string;
}) {
  const { t } = useTranslation('admin-images');
  return (
    <ul className={`flex flex-col gap-2 ${className}`}>
      {usage.map((item) => (
        <li key={`${item.kind}-${item.id}`} className="flex min-w-0 items-center gap-2 text-sm">
          <span
            className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold ${KIND_STYLES[item.kind]}`}
          >
            {t(`usage.${item.kind}`)}
          </span>
          <Link
            to={linkOf(item)}
            title={item.title || undefined}
            className="min-w-0 truncate font-semibold text-ink-100 underline decoration-white/20 underline-offset-4 hover:text-gold-200"
          >
            <bdi>{item.title || t('usage.untitled')}</bdi>
          </Link>
        </li>
      ))}
    </ul>
  );
}
