import { type IconProps, StrokeIcon } from '../../../components/ui/icons';

/** The two icons only the dashboard draws (the shared set has the others). Decorative. */

export const EyeIcon = (props: IconProps) => (
  <StrokeIcon {...props}>
    <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
    <circle cx="12" cy="12" r="3" />
  </StrokeIcon>
);

export const ChartIcon = (props: IconProps) => (
  <StrokeIcon {...props}>
    <path d="M3 3v18h18" />
    <path d="m7 15 4-4 3 3 5-6" />
  </StrokeIcon>
);

export const UploadIcon = (props: IconProps) => (
  <StrokeIcon {...props}>
    <path d="M12 16V4M7 9l5-5 5 5" />
    <path d="M4 16v3a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-3" />
  </StrokeIcon>
);

export const LightbulbIcon = (props: IconProps) => (
  <StrokeIcon {...props}>
    <path d="M9 18h6M10 21h4" />
    <path d="M12 3a6 6 0 0 0-3.6 10.8c.7.5 1.1 1.3 1.1 2.2h5c0-.9.4-1.7 1.1-2.2A6 6 0 0 0 12 3z" />
  </StrokeIcon>
);
