import { IconSvg, type IconProps } from '@beabro/shared/ui/icons/svg';

export function MenuIcon(props: IconProps) {
  return (
    <IconSvg {...props}>
      <path d="M4 6h16M4 12h16M4 18h16" />
    </IconSvg>
  );
}
