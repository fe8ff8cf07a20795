import { BANNER_ROTATION_MS } from '@ovation/shared/constants';
import { type TouchEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button-styles';
import {
  ArrowEndIcon,
  CalendarIcon,
  ChevronEndIcon,
  ChevronStartIcon,
  PauseIcon,
  PlayIcon,
} from '../../../components/ui/icons';
import type { VotingPeriod } from '../../../domain/voting/voting-period';
import { useRegistrationOpen } from '../../../lib/public-settings';
import { useSlideshow } from '../use-slideshow';
import { type BannerImage, BannerPicture } from './banner-picture';
import { HeroArt } from './hero-art';

export interface HeroSlide {
  key: string;
  title: string;
  description: string;
  /** A banner image in its sized renditions; slides without one get drawn artwork. */
  image?: BannerImage & { alt: string };
}

interface HeroSectionProps {
  slides: HeroSlide[];
  voting: VotingPeriod;
  signedIn: boolean;
  onOpenTimeline: () => void;
  /** The pointer or focus reached the timeline button: a good moment to fetch the modal's code. */
  onTimelineIntent: () => void;
}

/** A horizontal swipe longer than this (px) changes the slide. */
const SWIPE_THRESHOLD = 48;
/** With more slides than this, phones show "2 / 7" instead of dots, which would not fit at 44 px each. */
const MAX_DOTS_ON_PHONES = 4;

function VotingPill({ voting }: { voting: VotingPeriod }) {
  const { t, i18n } = useTranslation();
  const date = new Intl.DateTimeFormat(i18n.language, { day: 'numeric', month: 'long' });
  const styles = {
    active: 'border-jade-400/40 bg-jade-400/10 text-jade-300',
    notStarted: 'border-gold-400/40 bg-gold-400/10 text-gold-200',
    closed: 'border-white/15 bg-white/5 text-ink-300',
    ended: 'border-white/15 bg-white/5 text-ink-300',
  }[voting.phase];
  const text = {
    active: t('voting.pillActive', { date: date.format(voting.end) }),
    notStarted: voting.opensLater
      ? t('voting.pillNotStarted', { date: date.format(voting.start) })
      : t('voting.statusNotStarted'),
    closed: t('voting.statusClosed'),
    ended: t('voting.pillEnded'),
  }[voting.phase];
  return (
    <p
      className={`inline-flex items-center gap-2 rounded-full border px-3 py-1 text-sm font-semibold ${styles}`}
    >
      <span className="relative flex size-2">
        {voting.phase === 'active' && (
          <span className="absolute inline-flex size-full animate-ping rounded-full bg-jade-400 opacity-75" />
        )}
        <span className="relative inline-flex size-2 rounded-full bg-current" />
      </span>
      {text}
    </p>
  );
}

/**
 * The home hero: banner slideshow behind the page's title and calls to action. Advances every 5 s with
 * previous/next, dots, a progress bar and a pause button; pauses on hover and focus; swipes on touch.
 */
export function HeroSection({
  slides,
  voting,
  signedIn,
  onOpenTimeline,
  onTimelineIntent,
}: HeroSectionProps) {
  const { t } = useTranslation();
  // A guest starts by registering; while registration is closed, by signing in to vote.
  const registrationOpen = useRegistrationOpen();
  const guestStart = registrationOpen ? '/register' : '/login';
  const show = useSlideshow(slides.length, BANNER_ROTATION_MS);
  const touchStart = useRef<{ x: number; y: number } | null>(null);
  // Banner images load when their slide is (about to be) shown, not all at once on a slow network.
  const [reached, setReached] = useState(() => new Set([0, 1]));
  const nextIndex = (show.index + 1) % Math.max(slides.length, 1);
  if (!reached.has(show.index) || !reached.has(nextIndex)) {
    setReached(new Set([...reached, show.index, nextIndex]));
  }

  const onTouchStart = (event: TouchEvent) => {
    const touch = event.touches[0];
    touchStart.current = touch ? { x: touch.clientX, y: touch.clientY } : null;
  };
  const onTouchEnd = (event: TouchEvent) => {
    const start = touchStart.current;
    const touch = event.changedTouches[0];
    touchStart.current = null;
    if (!start || !touch) return;
    const dx = touch.clientX - start.x;
    if (Math.abs(dx) < SWIPE_THRESHOLD || Math.abs(dx) < Math.abs(touch.clientY - start.y)) return;
    // Swiping toward the reading start brings the next slide, in either direction of writing.
    const towardStart = document.documentElement.dir === 'rtl' ? dx > 0 : dx < 0;
    if (towardStart) show.next();
    else show.previous();
  };

  const controlClass =
    'grid size-11 place-items-center rounded-full border border-white/15 bg-ink-950/50 text-ink-50 backdrop-blur transition-colors hover:border-gold-400/60 hover:text-gold-300';

  return (
    <section
      aria-roledescription={t('home.hero.carousel')}
      aria-label={t('home.hero.carouselLabel')}
      className="relative isolate overflow-hidden"
      onPointerEnter={(event) => event.pointerType === 'mouse' && show.setHovered(true)}
      onPointerLeave={() => show.setHovered(false)}
      onFocus={() => show.setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) show.setFocused(false);
      }}
      onTouchStart={onTouchStart}
      onTouchEnd={onTouchEnd}
    >
      <div className="absolute inset-0 -z-10">
        {slides.map((slide, position) => {
          const active = position === show.index;
          return (
            <div
              key={slide.key}
              aria-hidden={!active}
              className={`absolute inset-0 transition-opacity duration-1000 ease-out ${active ? 'opacity-100' : 'opacity-0'}`}
            >
              {slide.image ? (
                reached.has(position) && (
                  <BannerPicture
                    image={slide.image}
                    alt={slide.image.alt}
                    priority={position === 0}
                    className="size-full bg-ink-900 object-cover"
                  />
                )
              ) : (
                <HeroArt variant={position} />
              )}
            </div>
          );
        })}
        <div className="absolute inset-0 bg-gradient-to-t from-ink-950 via-ink-950/70 to-ink-950/25" />
        <div className="absolute inset-0 bg-gradient-to-r from-ink-950/80 via-ink-950/25 to-transparent rtl:bg-gradient-to-l" />
      </div>

      <div className="mx-auto flex min-h-[min(88svh,44rem)] max-w-7xl flex-col justify-end px-4 pt-24 pb-10 sm:px-6 sm:pt-32 sm:pb-14 lg:px-8">
        <div className="max-w-2xl animate-rise">
          <VotingPill voting={voting} />
          <p
            data-voting-phase={voting.phase}
            className="mt-5 text-sm font-bold tracking-[0.18em] text-gold-300 uppercase rtl:tracking-normal"
          >
            {
              {
                notStarted: t('home.hero.captionNotStarted'),
                active: t('home.hero.captionActive'),
                closed: t('home.hero.captionClosed'),
                ended: t('home.hero.captionEnded'),
              }[voting.phase]
            }
          </p>
          <h1 className="mt-2 text-4xl leading-[1.08] font-black tracking-tight text-ink-50 sm:text-5xl lg:text-6xl">
            {t('home.hero.title')}
          </h1>

          <div aria-live={show.running ? 'off' : 'polite'} className="mt-5 grid">
            {slides.map((slide, position) => {
              const active = position === show.index;
              return (
                // biome-ignore lint/a11y/useSemanticElements: the WAI carousel pattern: a slide is a group, not a form fieldset.
                <div
                  key={slide.key}
                  role="group"
                  aria-roledescription={t('home.hero.slide')}
                  aria-label={t('home.hero.slideLabel', { number: position + 1, total: slides.length })}
                  className={`col-start-1 row-start-1 transition-[opacity,visibility] duration-700 ${
                    active ? 'visible opacity-100' : 'invisible opacity-0'
                  }`}
                >
                  <p className="text-lg font-bold text-gold-200 sm:text-xl">
                    <bdi>{slide.title}</bdi>
                  </p>
                  <p className="mt-1 max-w-xl text-ink-200 sm:text-lg">
                    <bdi>{slide.description}</bdi>
                  </p>
                </div>
              );
            })}
          </div>

          <div className="mt-7 grid gap-3 sm:flex sm:flex-wrap sm:items-center">
            <Link to={signedIn ? '/songs' : guestStart} className={buttonClass('primary', 'lg')}>
              {signedIn || !registrationOpen ? t('home.hero.voteNow') : t('home.hero.registerToVote')}
              <ArrowEndIcon className="size-5" />
            </Link>
            <button
              type="button"
              onClick={onOpenTimeline}
              onPointerEnter={onTimelineIntent}
              onPointerDown={onTimelineIntent}
              onFocus={onTimelineIntent}
              className={buttonClass('secondary', 'lg')}
            >
              <CalendarIcon className="size-5" />
              {t('voting.timelineButton')}
            </button>
            <Link
              to={signedIn ? '/categories' : '/songs'}
              className="inline-flex min-h-11 items-center justify-center px-2 font-semibold text-ink-100 underline decoration-gold-400/60 decoration-2 underline-offset-4 hover:text-gold-300"
            >
              {signedIn ? t('home.hero.browseCategories') : t('home.hero.browseSongs')}
            </Link>
          </div>
        </div>

        {slides.length > 1 && (
          <div className="mt-10 flex items-center gap-2">
            <button type="button" onClick={show.togglePlaying} className={controlClass}>
              {show.autoplay ? <PauseIcon className="size-4" /> : <PlayIcon className="size-4" />}
              <span className="sr-only">{show.autoplay ? t('home.hero.pause') : t('home.hero.play')}</span>
            </button>
            {/* biome-ignore lint/a11y/useSemanticElements: a set of buttons, not form fields. */}
            <div
              role="group"
              aria-label={t('home.hero.chooseSlide')}
              className={`items-center ${slides.length > MAX_DOTS_ON_PHONES ? 'hidden sm:flex' : 'flex'}`}
            >
              {slides.map((slide, position) => {
                const active = position === show.index;
                return (
                  <button
                    key={slide.key}
                    type="button"
                    aria-current={active ? 'true' : undefined}
                    onClick={() => show.goTo(position)}
                    className="group grid size-11 place-items-center"
                  >
                    <span
                      className={`block h-2 rounded-full transition-all duration-300 ${
                        active ? 'w-7 bg-gold-400' : 'w-2 bg-white/40 group-hover:bg-white/70'
                      }`}
                    />
                    <span className="sr-only">
                      {t('home.hero.slideLabel', { number: position + 1, total: slides.length })}
                    </span>
                  </button>
                );
              })}
            </div>
            {slides.length > MAX_DOTS_ON_PHONES && (
              <p className="px-2 text-sm font-semibold text-ink-200 tabular-nums sm:hidden">
                {show.index + 1} / {slides.length}
              </p>
            )}
            <div className="ms-auto flex gap-2">
              <button type="button" onClick={show.previous} className={controlClass}>
                <ChevronStartIcon />
                <span className="sr-only">{t('home.hero.previous')}</span>
              </button>
              <button type="button" onClick={show.next} className={controlClass}>
                <ChevronEndIcon />
                <span className="sr-only">{t('home.hero.next')}</span>
              </button>
            </div>
          </div>
        )}
      </div>

      {show.autoplay && (
        <div aria-hidden="true" className="absolute inset-x-0 bottom-0 h-1 bg-white/10 motion-reduce:hidden">
          <div
            key={show.index}
            className="h-full origin-left animate-[slide-progress_linear_forwards] bg-gradient-to-r from-gold-400 to-jade-400 rtl:origin-right"
            style={{
              animationDuration: `${BANNER_ROTATION_MS}ms`,
              animationPlayState: show.running ? 'running' : 'paused',
            }}
          />
        </div>
      )}
    </section>
  );
}
