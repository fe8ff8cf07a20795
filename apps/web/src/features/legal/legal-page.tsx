import { LEGAL_DOCUMENTS } from '@ovation/shared/constants';
import { type MouseEvent, useEffect } from 'react';
import { Trans } from 'react-i18next';
import { Link } from 'react-router';
import { ArrowStartIcon } from '../../components/ui/icons';
import { LegalBlockView } from './legal-blocks';
import { LEGAL_PAGES, sectionAnchor } from './legal-content';
import { useLegalText } from './legal-text';

const TITLE_SUFFIX = ' · Ovation';

/**
 * Sets the tab title while the page is shown and gives the previous one back when it leaves: pages that
 * keep the default title (home) set none of their own, so without the restore they would inherit this one.
 */
function useLegalDocumentTitle(title: string) {
  useEffect(() => {
    const previous = document.title;
    document.title = title;
    return () => {
      document.title = previous;
    };
  }, [title]);
}

function prefersReducedMotion(): boolean {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
}

/** Brings a section's heading into view and gives it focus, so keyboard and screen-reader users land there too. */
function revealSection(anchor: string, smooth: boolean): boolean {
  const heading = document.getElementById(`${anchor}-heading`);
  if (!heading) return false;
  heading.scrollIntoView({ behavior: smooth && !prefersReducedMotion() ? 'smooth' : 'auto', block: 'start' });
  heading.focus({ preventScroll: true });
  return true;
}

/**
 * The table of contents moves focus to the chosen heading as well as scrolling to it, so keyboard and
 * screen-reader users carry on reading from there; the hash is written with the router's history state
 * kept, so the section can still be shared as a link.
 */
function handleTocClick(event: MouseEvent<HTMLAnchorElement>, anchor: string) {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  if (!revealSection(anchor, true)) return;
  event.preventDefault();
  window.history.replaceState(window.history.state, '', `#${anchor}`);
}

export default function LegalPage({ page }: { page: 'privacy' | 'terms' | 'data-protection' }) {
  const { t, text, locale } = useLegalText();
  const content = LEGAL_PAGES[page];
  const pageKey = content.catalogKey;
  const title = text(`${pageKey}.title`);
  const { version, date } = LEGAL_DOCUMENTS[content.document];
  const lastUpdated = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );

  useLegalDocumentTitle(`${title}${TITLE_SUFFIX}`);

  // A link shared with a #section opens at that section once the text is on screen.
  useEffect(() => {
    let anchor = '';
    try {
      anchor = decodeURIComponent(window.location.hash.slice(1));
    } catch {
      return; // A malformed #hash is ignored, not a crash.
    }
    if (!anchor || !content.sections.some((section) => sectionAnchor(section.id) === anchor)) return;
    const frame = window.requestAnimationFrame(() => revealSection(anchor, false));
    return () => window.cancelAnimationFrame(frame);
  }, [content]);

  return (
    <div className="glow-backdrop text-ink-200">
      <article
        aria-labelledby="legal-title"
        className="mx-auto max-w-3xl px-4 pt-6 pb-16 text-base leading-relaxed sm:px-6 sm:pt-10 sm:text-[1.0625rem]"
      >
        <Link
          to="/"
          className="inline-flex min-h-11 items-center gap-2 text-sm font-medium text-gold-300 hover:text-gold-200"
        >
          <ArrowStartIcon className="size-4" />
          {text('backToHome')}
        </Link>

        <header className="mt-6 border-b border-white/10 pb-8">
          <h1 id="legal-title" className="text-3xl leading-tight font-bold text-ink-50 sm:text-4xl">
            {title}
          </h1>
          <p className="mt-3 text-sm text-ink-400">
            <Trans
              t={t}
              i18nKey="lastUpdated"
              values={{ date: lastUpdated, version: new Intl.NumberFormat(locale).format(version) }}
              components={{ time: <time dateTime={date} className="text-ink-300" /> }}
            />
          </p>
          <p className="mt-5 text-lg text-ink-300">{text(`${pageKey}.intro`)}</p>
        </header>

        <nav
          aria-labelledby="legal-toc-heading"
          className="mt-8 rounded-xl border border-white/10 bg-white/[0.03] px-4 py-4 sm:px-6"
        >
          <h2 id="legal-toc-heading" className="text-sm font-semibold text-gold-400">
            {text('onThisPage')}
          </h2>
          <ol className="mt-3 list-decimal space-y-1.5 ps-5 text-sm marker:text-ink-500 sm:columns-2 sm:gap-8">
            {content.sections.map((section) => {
              const anchor = sectionAnchor(section.id);
              return (
                <li key={section.id} className="break-inside-avoid ps-1">
                  <a
                    href={`#${anchor}`}
                    onClick={(event) => handleTocClick(event, anchor)}
                    className="text-ink-300 underline-offset-4 hover:text-gold-300 hover:underline"
                  >
                    {text(`${pageKey}.sections.${section.id}.heading`)}
                  </a>
                </li>
              );
            })}
          </ol>
        </nav>

        <div className="mt-10 space-y-10">
          {content.sections.map((section) => {
            const anchor = sectionAnchor(section.id);
            const sectionKey = `${pageKey}.sections.${section.id}`;
            return (
              <section
                key={section.id}
                id={anchor}
                aria-labelledby={`${anchor}-heading`}
                className="scroll-mt-24"
              >
                <h2
                  id={`${anchor}-heading`}
                  tabIndex={-1}
                  className="scroll-mt-24 text-xl leading-snug font-semibold text-gold-300 sm:text-2xl"
                >
                  {text(`${sectionKey}.heading`)}
                </h2>
                <div className="mt-3 space-y-4">
                  {section.blocks.map((block, index) => (
                    <LegalBlockView key={index} block={block} sectionKey={sectionKey} />
                  ))}
                </div>
              </section>
            );
          })}
        </div>
      </article>
    </div>
  );
}
