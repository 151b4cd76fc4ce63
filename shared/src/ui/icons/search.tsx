import { IconSvg, type IconProps } from '@beabro/shared/ui/icons/svg';

export function SearchIcon(props: IconProps) {
  return (
    <IconSvg {...props}>
      <circle cx="11" cy="11" r="8" />
      <path d="m21 21-4.3-4.3" />
    </IconSvg>
  );
}
