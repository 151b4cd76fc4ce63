import { IconSvg, type IconProps } from '@beabro/shared/ui/icons/svg';

export function SparklesIcon(props: IconProps) {
  return (
    <IconSvg {...props}>
      <path d="M12 3 13.9 8.8 20 10.7 13.9 12.6 12 18.5 10.1 12.6 4 10.7 10.1 8.8ZM19 17l.6 1.6L21 19l-1.4.4L19 21l-.6-1.6L17 19l1.4-.4ZM5 3l.6 1.6L7 5l-1.4.4L5 7l-.6-1.6L3 5l1.4-.4Z" />
    </IconSvg>
  );
}
