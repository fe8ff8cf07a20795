import { useTranslation } from 'react-i18next';
import { CheckIcon, FacebookIcon, InstagramIcon, XSocialIcon } from '../../../components/ui/icons';
import { showToast } from '../../../components/ui/toast';
import { LinkIcon } from '../../../domain/songs/components/song-icons';
import { useCopy } from '../../../domain/songs/components/use-copy';
import { copyText, facebookShareUrl, instagramCaption, xShareUrl } from '../../../domain/songs/share-links';

const CHIP =
  'inline-flex min-h-11 items-center gap-2 rounded-full border border-white/15 bg-white/[0.05] px-4 text-sm font-semibold text-ink-100 hover:border-white/30 hover:bg-white/[0.1]';

/** The song page's share row: Facebook, Twitter/X, a caption to paste on Instagram, and Copy Link. */
export function SharePanel({ url, text, tags }: { url: string; text: string; tags: readonly string[] }) {
  const { t } = useTranslation('songs');
  const { copied, copy } = useCopy();
  return (
    <div className="flex flex-wrap gap-2">
      <a href={facebookShareUrl(url)} target="_blank" rel="noopener noreferrer" className={CHIP}>
        <FacebookIcon className="size-5 text-[#1877f2]" />
        {t('share.facebook')}
      </a>
      <a href={xShareUrl(url, text)} target="_blank" rel="noopener noreferrer" className={CHIP}>
        <XSocialIcon className="size-4" />
        {t('share.twitter')}
      </a>
      <button
        type="button"
        className={CHIP}
        onClick={async () => {
          if (await copyText(instagramCaption(text, url, tags)))
            showToast(t('share.instagramCopied'), 'success');
        }}
      >
        <InstagramIcon className="size-5 text-[#e1306c]" />
        {t('share.instagram')}
      </button>
      <button type="button" className={CHIP} onClick={() => void copy(url)}>
        {copied ? <CheckIcon className="size-5 text-jade-300" /> : <LinkIcon className="size-5" />}
        <span aria-live="polite">{copied ? t('share.copied') : t('share.copyLink')}</span>
      </button>
    </div>
  );
}
