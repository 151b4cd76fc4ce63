import { IconSvg, type IconProps } from '@beabro/shared/ui/icons/svg';

export function ReceiptIcon(props: IconProps) {
  return (
    <IconSvg {...props}>
      <path d="M4 2v20l2-1 2 1 2-1 2 1 2-1 2 1 2-1 2 1V2l-2 1-2-1-2 1-2-1-2 1-2-1-2 1ZM8 8h8M8 12h8M8 16h5" />
    </IconSvg>
  );
}
