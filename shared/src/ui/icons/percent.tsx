import { IconSvg, type IconProps } from '@beabro/shared/ui/icons/svg';

export function PercentIcon(props: IconProps) {
  return (
    <IconSvg {...props}>
      <path d="M19 5 5 19" />
      <circle cx="6.5" cy="6.5" r="2.5" />
      <circle cx="17.5" cy="17.5" r="2.5" />
    </IconSvg>
  );
}
