import { IconSvg, type IconProps } from '@beabro/shared/ui/icons/svg';

export function FlagIcon(props: IconProps) {
  return (
    <IconSvg {...props}>
      <path d="M5 21V4M5 4h12l-2.5 4L17 12H5" />
    </IconSvg>
  );
}
