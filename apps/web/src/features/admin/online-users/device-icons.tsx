import type { ComponentType } from 'react';
import { type IconProps, StrokeIcon } from '../../../components/ui/icons';
import type { DeviceType } from './api';

const MobileIcon = (props: IconProps) => (
  <StrokeIcon {...props}>
    <rect x="7" y="2" width="10" height="20" rx="2" />
    <path d="M11 18h2" />
  </StrokeIcon>
);
const TabletIcon = (props: IconProps) => (
  <StrokeIcon {...props}>
    <rect x="4" y="2" width="16" height="20" rx="2" />
    <path d="M11 18h2" />
  </StrokeIcon>
);
const DesktopIcon = (props: IconProps) => (
  <StrokeIcon {...props}>
    <rect x="2" y="3" width="20" height="14" rx="2" />
    <path d="M8 21h8M12 17v4" />
  </StrokeIcon>
);
const UnknownDeviceIcon = (props: IconProps) => (
  <StrokeIcon {...props}>
    <circle cx="12" cy="12" r="10" />
    <path d="M9.1 9a3 3 0 0 1 5.8 1c0 2-3 3-3 3M12 17h.01" />
  </StrokeIcon>
);

/** The admin spec: an icon for mobile, tablet or desktop; the label beside it names the device. */
export const DEVICE_ICONS: Record<DeviceType, ComponentType<IconProps>> = {
  mobile: MobileIcon,
  tablet: TabletIcon,
  desktop: DesktopIcon,
  unknown: UnknownDeviceIcon,
};
