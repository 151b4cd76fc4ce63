import { IconSvg, type IconProps } from '@beabro/shared/ui/icons/svg';

export function CalendarIcon(props: IconProps) {
  return (
    <IconSvg {...props}>
      <rect x="3" y="4" width="18" height="18" rx="2" />
      <path d="M16 2v4M8 2v4M3 10h18" />
    </IconSvg>
  );
}
