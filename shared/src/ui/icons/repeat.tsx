import { IconSvg, type IconProps } from '@beabro/shared/ui/icons/svg';

export function RepeatIcon(props: IconProps) {
  return (
    <IconSvg {...props}>
      <path d="m17 2 4 4-4 4M3 11v-1a4 4 0 0 1 4-4h14M7 22l-4-4 4-4M21 13v1a4 4 0 0 1-4 4H3" />
    </IconSvg>
  );
}
