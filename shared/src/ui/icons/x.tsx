import { IconSvg, type IconProps } from '@beabro/shared/ui/icons/svg';

export function XIcon(props: IconProps) {
  return (
    <IconSvg {...props}>
      <path d="M18 6 6 18M6 6l12 12" />
    </IconSvg>
  );
}
