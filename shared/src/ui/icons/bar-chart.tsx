import { IconSvg, type IconProps } from '@beabro/shared/ui/icons/svg';

export function BarChartIcon(props: IconProps) {
  return (
    <IconSvg {...props}>
      <path d="M3 3v18h18M18 17V9M13 17V5M8 17v-3" />
    </IconSvg>
  );
}
