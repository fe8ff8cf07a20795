import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/data/empty-state';
import { BarChartIcon } from '../../../components/ui/icons';
import type { IntegritySignals } from './api';
import { ShowVotesButton } from './lead-card';
import type { Formats } from './use-formats';
import { seriesStyle, useSongName, VelocityChart } from './velocity-chart';
import { spikeSeconds } from './velocity-data';

/** A spike as the screen opens its votes: the song and the spike's minute (epoch seconds). */
export interface SpikeRef {
  songId: string;
  at: number;
}

/**
 * The velocity signal: the chart of votes per minute and, in words, every spike (song, minute, votes,
 * the song's usual rate), newest first, each with Open votes (the votes of that song in that minute).
 * The list is what a screen reader (or anyone) reads instead of the drawing.
 */
export function VelocityPanel({
  signals,
  formats,
  openedSpike,
  onOpenSpike,
}: {
  signals: IntegritySignals;
  formats: Formats;
  /** The spike whose votes the votes panel shows, if any. */
  openedSpike: SpikeRef | null;
  /** Open votes pressed on a spike (pressed again on the open one: it closes). */
  onOpenSpike: (spike: SpikeRef) => void;
}) {
  const { t } = useTranslation('admin-integrity');
  const songName = useSongName();
  const { series, bucketSeconds } = signals.velocity;
  const withVotes = series.filter((song) => song.points.some(([, votes]) => votes > 0));
  const span = (Date.parse(signals.window.to) - Date.parse(signals.window.from)) / 1000;
  const spikes = withVotes
    .flatMap((song, index) => song.spikes.map((spike) => ({ song, spike, index })))
    .sort((a, b) => Date.parse(b.spike.at) - Date.parse(a.spike.at));

  if (withVotes.length === 0) {
    return (
      <EmptyState
        icon={<BarChartIcon />}
        title={t('velocity.empty')}
        description={t('velocity.emptyText')}
        className="py-8"
      />
    );
  }
  return (
    <div className="flex flex-col gap-5">
      <VelocityChart series={withVotes} bucketSeconds={bucketSeconds} formats={formats} />
      <section aria-labelledby="integrity-spikes-title">
        <h3 id="integrity-spikes-title" className="text-base font-bold text-ink-50">
          {t('velocity.spikesTitle')}
        </h3>
        {spikes.length === 0 ? (
          <p className="mt-1 text-sm text-ink-300">{t('velocity.noSpikes')}</p>
        ) : (
          <ul className="mt-2 grid gap-2" data-testid="integrity-spikes">
            {spikes.map(({ song, spike, index }) => {
              const at = spikeSeconds(spike.at);
              const textId = `spike-${song.songId}-${at}`;
              const shown = openedSpike?.songId === song.songId && openedSpike.at === at;
              return (
                <li
                  key={textId}
                  data-spike={textId}
                  className={`flex min-w-0 flex-wrap items-center gap-x-3 gap-y-2 rounded-2xl bg-coral-500/[0.07] px-3 py-2 text-sm ring-1 ${
                    shown ? 'ring-gold-400/50' : 'ring-coral-400/20'
                  }`}
                >
                  <span className="flex min-w-0 flex-1 basis-64 items-start gap-3">
                    <span
                      aria-hidden="true"
                      className="mt-1.5 inline-block size-3 shrink-0 rounded-full border-[2.5px] bg-ink-900"
                      style={{ borderColor: seriesStyle(index).color }}
                    />
                    <span id={textId} className="min-w-0">
                      <span className="block font-semibold break-words text-ink-50">{songName(song)}</span>
                      <span className="block text-ink-300">
                        {t('velocity.spike', {
                          time: formats.minute(at, span),
                          count: spike.votes,
                          baseline: formats.number(Math.round(spike.baseline * 10) / 10),
                        })}
                      </span>
                    </span>
                  </span>
                  <ShowVotesButton
                    titleId={textId}
                    shown={shown}
                    onClick={() => onOpenSpike({ songId: song.songId, at })}
                    className="w-full sm:w-auto"
                  >
                    {t('velocity.openVotes')}
                  </ShowVotesButton>
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </div>
  );
}
