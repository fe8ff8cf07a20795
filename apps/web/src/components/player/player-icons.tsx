import { type IconProps, StrokeIcon } from '../ui/icons';

/** Icons only the players use (the shared set lives in components/ui/icons). Decorative. */
export function VolumeIcon({ className = 'size-5', ...props }: IconProps) {
  return (
    <StrokeIcon className={className} {...props}>
      <path d="M11 5 6 9H3v6h3l5 4V5z" />
      <path d="M15.5 8.5a5 5 0 0 1 0 7M18.5 5.5a9 9 0 0 1 0 13" />
    </StrokeIcon>
  );
}
