import { IconSvg, type IconProps } from '@beabro/shared/ui/icons/svg';

export function MessageIcon(props: IconProps) {
  return (
    <IconSvg {...props}>
      <path d="M21 12a8 8 0 0 1-11.6 7.1L4 21l1.9-5.4A8 8 0 1 1 21 12z" />
    </IconSvg>
  );
}
