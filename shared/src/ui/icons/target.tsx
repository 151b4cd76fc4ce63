import { IconSvg, type IconProps } from '@beabro/shared/ui/icons/svg';

export function TargetIcon(props: IconProps) {
  return (
    <IconSvg {...props}>
      <circle cx="12" cy="12" r="10" />
      <circle cx="12" cy="12" r="6" />
      <circle cx="12" cy="12" r="2" />
    </IconSvg>
  );
}
