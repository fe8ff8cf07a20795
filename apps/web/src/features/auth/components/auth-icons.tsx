import { type IconProps, StrokeIcon } from '../../../components/ui/icons';

/** Decorative icons of the sign-in screens; the control around each carries the accessible name. */
export const KeyIcon = ({ className = 'size-5', ...props }: IconProps) => (
  <StrokeIcon className={className} {...props}>
    <circle cx="7.5" cy="15.5" r="4.5" />
    <path d="m10.7 12.3 9.8-9.8M17 6l3 3M14.5 8.5l2 2" />
  </StrokeIcon>
);
