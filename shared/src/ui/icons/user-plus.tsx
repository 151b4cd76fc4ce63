import { IconSvg, type IconProps } from '@beabro/shared/ui/icons/svg';

export function UserPlusIcon(props: IconProps) {
  return (
    <IconSvg {...props}>
      <path d="M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2M19 8v6M22 11h-6" />
      <circle cx="9" cy="7" r="4" />
    </IconSvg>
  );
}
