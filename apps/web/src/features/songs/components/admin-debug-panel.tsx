import type { Song } from '@ovation/shared';
import { useTranslation } from 'react-i18next';

/** Admins: the song's raw fields, to check what the server holds (the public spec's Song detail "debug panel"). */
export default function AdminDebugPanel({ song }: { song: Song }) {
  const { t } = useTranslation('songs');
  const rows: Array<[string, string]> = [
    ['_id', song._id],
    ['status', song.status],
    ['isVerified', String(song.isVerified)],
    ['linkKind', song.linkKind],
    ['songLink', song.songLink],
    ['audioUrl', song.audioUrl ?? '—'],
    ['category._id', song.category._id],
    ['artistId', song.artistId?._id ?? '—'],
    ['totalVotes', String(song.totalVotes ?? '—')],
    ['views', String(song.views)],
    ['createdAt', song.createdAt],
  ];
  return (
    <details className="mt-10 rounded-3xl border border-dashed border-gold-400/30 bg-ink-950/60 p-5">
      <summary className="cursor-pointer font-semibold text-gold-200">
        {t('detail.debugTitle')}{' '}
        <span className="text-sm font-normal text-ink-400">· {t('detail.debugHint')}</span>
      </summary>
      <dl dir="ltr" className="mt-4 grid gap-x-6 gap-y-1 font-mono text-xs sm:grid-cols-[max-content_1fr]">
        {rows.map(([key, value]) => (
          <div key={key} className="contents">
            <dt className="text-ink-400">{key}</dt>
            <dd className="break-all text-ink-100">{value}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
