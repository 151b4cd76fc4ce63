import { IconSvg, type IconProps } from '@beabro/shared/ui/icons/svg';

export function ZapIcon(props: IconProps) {
  return (
    <IconSvg {...props}>
      <path d="M13 2 3 14h9l-1 8 10-12h-9l1-8z" />
    </IconSvg>
  );
}
