import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FacebookIcon, GoogleIcon } from '../../../components/ui/icons';
import { withDeviceId } from '../../../lib/device-id';
import { useSocialLoginAllowed } from '../../../lib/public-settings';
import { socialLoginSettingsQuery } from '../api/auth-api';

const LINK_CLASS =
  'flex min-h-12 flex-1 items-center justify-center gap-3 rounded-full border border-white/15 bg-white/[0.04] px-5 font-semibold text-ink-50 transition-colors hover:border-white/30 hover:bg-white/[0.09]';

/**
 * Google and Facebook sign-in, each shown only when the server enables it (the public spec) and the
 * platform allows social sign-in at all (both hidden the moment an admin turns it off). They are plain
 * links: the server runs the whole redirect flow and ends on /auth/callback; the device id rides along
 * as `?deviceId=` for the device restrictions.
 */
export function SocialLoginButtons() {
  const { t } = useTranslation('auth');
  const { data } = useQuery(socialLoginSettingsQuery);
  const allowed = useSocialLoginAllowed();
  if (!allowed || !data || (!data.google.enabled && !data.facebook.enabled)) return null;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex items-center gap-3 text-sm text-ink-400">
        <span aria-hidden="true" className="h-px flex-1 bg-white/10" />
        <span>{t('social.divider')}</span>
        <span aria-hidden="true" className="h-px flex-1 bg-white/10" />
      </div>
      <div className="flex flex-col gap-3 sm:flex-row">
        {data.google.enabled && (
          <a href={withDeviceId('/api/auth/google')} className={LINK_CLASS}>
            <GoogleIcon />
            {t('social.google')}
          </a>
        )}
        {data.facebook.enabled && (
          <a href={withDeviceId('/api/auth/facebook')} className={LINK_CLASS}>
            <FacebookIcon className="size-5 text-[#4d8ff9]" />
            {t('social.facebook')}
          </a>
        )}
      </div>
    </div>
  );
}
