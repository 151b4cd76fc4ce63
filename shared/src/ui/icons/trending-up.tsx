import { IconSvg, type IconProps } from '@beabro/shared/ui/icons/svg';

export function TrendingUpIcon(props: IconProps) {
  return (
    <IconSvg {...props}>
      <path d="m22 7-8.5 8.5-5-5L2 17M16 7h6v6" />
    </IconSvg>
  );
}
