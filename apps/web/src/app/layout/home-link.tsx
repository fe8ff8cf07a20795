import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BrandLogo } from '../../components/ui/logo';

/**
 * The brand, linking home. `compact` hides the wordmark on phones (the hero's top strip also holds Login
 * and Register); elsewhere it goes below 320 px (a zoomed phone) so the menu button stays on screen. The
 * link keeps its accessible name either way.
 */
export function HomeLink({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  return (
    <Link to="/" aria-label={t('nav.homeLabel')} className="shrink-0 rounded-full">
      <BrandLogo
        className={
          compact ? '[&>span:last-child]:max-[479px]:sr-only' : '[&>span:last-child]:max-[319px]:sr-only'
        }
      />
    </Link>
  );
}
