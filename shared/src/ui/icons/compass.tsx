import { IconSvg, type IconProps } from '@beabro/shared/ui/icons/svg';

export function CompassIcon(props: IconProps) {
  return (
    <IconSvg {...props}>
      <circle cx="12" cy="12" r="9" />
      <path d="m16 8-2 6-6 2 2-6 6-2z" />
    </IconSvg>
  );
}
