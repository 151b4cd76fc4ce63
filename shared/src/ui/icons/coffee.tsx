import { IconSvg, type IconProps } from '@beabro/shared/ui/icons/svg';

export function CoffeeIcon(props: IconProps) {
  return (
    <IconSvg {...props}>
      <path d="M17 8h1a4 4 0 1 1 0 8h-1M3 8h14v9a4 4 0 0 1-4 4H7a4 4 0 0 1-4-4ZM6 2v2M10 2v2M14 2v2" />
    </IconSvg>
  );
}
