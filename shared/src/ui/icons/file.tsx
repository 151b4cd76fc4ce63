import { IconSvg, type IconProps } from '@beabro/shared/ui/icons/svg';

export function FileIcon(props: IconProps) {
  return (
    <IconSvg {...props}>
      <path d="M15 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V7ZM14 2v4a2 2 0 0 0 2 2h4" />
    </IconSvg>
  );
}
