import { IconSvg, type IconProps } from '@beabro/shared/ui/icons/svg';

export function LandmarkIcon(props: IconProps) {
  return (
    <IconSvg {...props}>
      <path d="M3 22h18M6 18v-7M10 18v-7M14 18v-7M18 18v-7M12 2l8 5H4Z" />
    </IconSvg>
  );
}
