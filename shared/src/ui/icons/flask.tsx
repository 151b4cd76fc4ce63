import { IconSvg, type IconProps } from '@beabro/shared/ui/icons/svg';

export function FlaskIcon(props: IconProps) {
  return (
    <IconSvg {...props}>
      <path d="M9 2v6L4 18a2 2 0 0 0 1.8 3h12.4a2 2 0 0 0 1.8-3L15 8V2M8 2h8M7 15h10" />
    </IconSvg>
  );
}
