import { useTranslation } from 'react-i18next';
import {
  CheckIcon,
  FacebookIcon,
  InstagramIcon,
  WhatsAppIcon,
  XSocialIcon,
} from '../../../components/ui/icons';
import { showToast } from '../../../components/ui/toast';
import { LinkIcon, ShareIcon } from '../../../domain/songs/components/song-icons';
import { useCopy } from '../../../domain/songs/components/use-copy';
import {
  canShareNatively,
  copyText,
  facebookShareUrl,
  instagramCaption,
  shareNatively,
  whatsAppShareUrl,
  xShareUrl,
} from '../../../domain/songs/share-links';

const CHIP =
  'inline-flex min-h-11 items-center gap-2 rounded-full border border-white/15 bg-white/[0.05] px-4 text-sm font-semibold text-ink-100 hover:border-white/30 hover:bg-white/[0.1]';

/**
 * The song page's share row: WhatsApp (where most fans share), the device's own share sheet where it has one,
 * Facebook, Twitter/X, a caption to paste on Instagram, and Copy Link.
 */
export function SharePanel({
  url,
  text,
  title,
  tags,
}: {
  url: string;
  text: string;
  title: string;
  tags: readonly string[];
}) {
  const { t } = useTranslation('songs');
  const { copied, copy } = useCopy();
  return (
    <div className="flex flex-wrap gap-2">
      <a href={whatsAppShareUrl(url, text)} target="_blank" rel="noopener noreferrer" className={CHIP}>
        <WhatsAppIcon className="size-5 text-[#25d366]" />
        {t('share.whatsapp')}
      </a>
      {canShareNatively() && (
        <button type="button" className={CHIP} onClick={() => void shareNatively({ url, text, title })}>
          <ShareIcon className="size-5" />
          {t('share.native')}
        </button>
      )}
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
