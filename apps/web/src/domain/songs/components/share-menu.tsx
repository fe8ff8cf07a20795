import { type CSSProperties, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckIcon, FacebookIcon, WhatsAppIcon, XSocialIcon } from '../../../components/ui/icons';
import { useDisclosure } from '../../../components/ui/use-disclosure';
import {
  canShareNatively,
  facebookShareUrl,
  shareNatively,
  whatsAppShareUrl,
  xShareUrl,
} from '../share-links';
import { LinkIcon, ShareIcon } from './song-icons';
import { useCopy } from './use-copy';

interface ShareMenuProps {
  /** The page to share (absolute URL). */
  url: string;
  /** The text that goes with it on X. */
  text: string;
  /** Names the thing shared for screen readers ('Share Love Me JeJe'). */
  label: string;
  /** Which networks to offer: the category page offers Copy Link only (the public spec). */
  networks?: boolean;
  className?: string;
}

const ITEM =
  'flex min-h-11 w-full items-center gap-3 rounded-xl px-3 text-start text-sm font-medium text-ink-100 hover:bg-white/[0.08] focus-visible:bg-white/[0.08]';

/**
 * A small Share button with WhatsApp, the device's share sheet (where there is one), Facebook, Twitter/X
 * and Copy Link ('Copied!' for 2 s).
 */
export function ShareMenu({ url, text, label, networks = true, className = '' }: ShareMenuProps) {
  const { t } = useTranslation('songs');
  const { open, containerRef, panelId, buttonProps, close } = useDisclosure();
  const { copied, copy } = useCopy();
  const panelRef = useRef<HTMLDivElement>(null);
  const [position, setPosition] = useState<CSSProperties>({ visibility: 'hidden' });

  // Cards are narrow: place the menu in the viewport (fixed), above the button when there is room, else below,
  // kept on screen at either edge (and so right in both reading directions).
  useLayoutEffect(() => {
    const panel = panelRef.current;
    const button = containerRef.current;
    if (!open || !panel || !button) return;
    const anchor = button.getBoundingClientRect();
    const margin = 8;
    const width = panel.offsetWidth;
    const height = panel.offsetHeight;
    const rtl = getComputedStyle(button).direction === 'rtl';
    const preferred = rtl ? anchor.left : anchor.right - width;
    const left = Math.min(Math.max(preferred, margin), window.innerWidth - width - margin);
    const top =
      anchor.top - height - margin >= margin ? anchor.top - height - margin : anchor.bottom + margin;
    setPosition({ left, top });
  }, [open, containerRef]);
  // A fixed menu would float away from its button on scroll: close it instead.
  useEffect(() => {
    if (!open) return;
    const onScroll = () => close();
    window.addEventListener('scroll', onScroll, { passive: true, once: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [open, close]);

  return (
    <div ref={containerRef} className={`relative ${className}`}>
      <button
        {...buttonProps}
        aria-label={label}
        className="grid size-11 place-items-center rounded-full border border-white/15 bg-white/[0.06] text-ink-100 hover:border-white/30 hover:bg-white/[0.12]"
      >
        <ShareIcon className="size-[1.125rem]" />
      </button>
      {open && (
        <div
          ref={panelRef}
          id={panelId}
          style={position}
          className="fixed z-40 w-56 rounded-2xl border border-white/10 bg-ink-850 p-1.5 shadow-2xl shadow-black/50"
        >
          {networks && (
            <>
              <a
                href={whatsAppShareUrl(url, text)}
                target="_blank"
                rel="noopener noreferrer"
                className={ITEM}
                onClick={() => close()}
              >
                <WhatsAppIcon className="size-5 text-[#25d366]" />
                {t('share.whatsapp')}
              </a>
              {canShareNatively() && (
                <button
                  type="button"
                  className={ITEM}
                  onClick={() => {
                    close();
                    void shareNatively({ url, text });
                  }}
                >
                  <ShareIcon className="size-5" />
                  {t('share.native')}
                </button>
              )}
              <a
                href={facebookShareUrl(url)}
                target="_blank"
                rel="noopener noreferrer"
                className={ITEM}
                onClick={() => close()}
              >
                <FacebookIcon className="size-5 text-[#1877f2]" />
                {t('share.facebook')}
              </a>
              <a
                href={xShareUrl(url, text)}
                target="_blank"
                rel="noopener noreferrer"
                className={ITEM}
                onClick={() => close()}
              >
                <XSocialIcon className="size-5" />
                {t('share.twitter')}
              </a>
            </>
          )}
          <button type="button" className={ITEM} onClick={() => void copy(url)}>
            {copied ? <CheckIcon className="size-5 text-jade-300" /> : <LinkIcon className="size-5" />}
            <span aria-live="polite">{copied ? t('share.copied') : t('share.copyLink')}</span>
          </button>
        </div>
      )}
    </div>
  );
}
