import { IconSvg, type IconProps } from '@beabro/shared/ui/icons/svg';

export function EyeIcon(props: IconProps) {
  return (
    <IconSvg {...props}>
      <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12Z" />
      <circle cx="12" cy="12" r="3" />
    </IconSvg>
  );
}
