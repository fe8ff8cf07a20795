import type { ComponentType } from 'react';
import {
  ClockIcon,
  GridIcon,
  type IconProps,
  ImageIcon,
  KeyIcon,
  MusicIcon,
  ShieldIcon,
  StrokeIcon,
  UsersIcon,
} from '../../../components/ui/icons';
import type { AdminScreenPath } from './admin-screens';

const DashboardIcon = (props: IconProps) => (
  <StrokeIcon {...props}>
    <path d="M3.5 18a9 9 0 1 1 17 0" />
    <path d="m12 14 4-5" />
    <circle cx="12" cy="14" r="1.5" />
  </StrokeIcon>
);
const ChartIcon = (props: IconProps) => (
  <StrokeIcon {...props}>
    <path d="M3 3v18h18" />
    <path d="M7 15l4-4 3 3 5-6" />
  </StrokeIcon>
);
const BannerIcon = (props: IconProps) => (
  <StrokeIcon {...props}>
    <rect x="2" y="5" width="20" height="12" rx="2" />
    <path d="M8 21h8M12 17v4" />
  </StrokeIcon>
);
const MegaphoneIcon = (props: IconProps) => (
  <StrokeIcon {...props}>
    <path d="M3 11v2a1 1 0 0 0 1 1h3l6 4V6L7 10H4a1 1 0 0 0-1 1z" />
    <path d="M17 8a5 5 0 0 1 0 8M7 14l1.5 5" />
  </StrokeIcon>
);
const BarsIcon = (props: IconProps) => (
  <StrokeIcon {...props}>
    <path d="M6 20V10M12 20V4M18 20v-7" />
  </StrokeIcon>
);
const ActivityIcon = (props: IconProps) => (
  <StrokeIcon {...props}>
    <path d="M22 12h-4l-3 8-6-16-3 8H2" />
  </StrokeIcon>
);
const SettingsIcon = (props: IconProps) => (
  <StrokeIcon {...props}>
    <circle cx="12" cy="12" r="3" />
    <path d="M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1z" />
  </StrokeIcon>
);
/** A calendar with a clock: work that runs on a schedule. */
const ScheduleIcon = (props: IconProps) => (
  <StrokeIcon {...props}>
    <path d="M20 11V6a2 2 0 0 0-2-2H5a2 2 0 0 0-2 2v13a2 2 0 0 0 2 2h6" />
    <path d="M16 2v4M7 2v4M3 10h17" />
    <circle cx="17.5" cy="17.5" r="4.5" />
    <path d="M17.5 15.5v2l1.5 1" />
  </StrokeIcon>
);
const ListIcon = (props: IconProps) => (
  <StrokeIcon {...props}>
    <rect x="5" y="3" width="14" height="18" rx="2" />
    <path d="M9 8h6M9 12h6M9 16h4" />
  </StrokeIcon>
);

/** The sidebar icon of each screen. */
export const SCREEN_ICONS: Record<AdminScreenPath, ComponentType<IconProps>> = {
  '': DashboardIcon,
  songs: MusicIcon,
  users: UsersIcon,
  categories: GridIcon,
  analytics: ChartIcon,
  integrity: ShieldIcon,
  images: ImageIcon,
  'social-login': KeyIcon,
  banners: BannerIcon,
  ads: MegaphoneIcon,
  'ad-analytics': BarsIcon,
  'online-users': ActivityIcon,
  jobs: ScheduleIcon,
  'voting-control': ClockIcon,
  settings: SettingsIcon,
  audit: ListIcon,
  breaches: ShieldIcon,
};
