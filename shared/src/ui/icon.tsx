import type { IconProps } from '@beabro/shared/ui/icons/svg';
import { AlertIcon } from '@beabro/shared/ui/icons/alert';
import { BanknoteIcon } from '@beabro/shared/ui/icons/banknote';
import { BarChartIcon } from '@beabro/shared/ui/icons/bar-chart';
import { BookIcon } from '@beabro/shared/ui/icons/book';
import { CalendarIcon } from '@beabro/shared/ui/icons/calendar';
import { CheckIcon } from '@beabro/shared/ui/icons/check';
import { ClockIcon } from '@beabro/shared/ui/icons/clock';
import { CoffeeIcon } from '@beabro/shared/ui/icons/coffee';
import { CompassIcon } from '@beabro/shared/ui/icons/compass';
import { ExternalLinkIcon } from '@beabro/shared/ui/icons/external-link';
import { EyeIcon } from '@beabro/shared/ui/icons/eye';
import { FileIcon } from '@beabro/shared/ui/icons/file';
import { FlagIcon } from '@beabro/shared/ui/icons/flag';
import { FlaskIcon } from '@beabro/shared/ui/icons/flask';
import { HeartIcon } from '@beabro/shared/ui/icons/heart';
import { LandmarkIcon } from '@beabro/shared/ui/icons/landmark';
import { LockIcon } from '@beabro/shared/ui/icons/lock';
import { MailIcon } from '@beabro/shared/ui/icons/mail';
import { MenuIcon } from '@beabro/shared/ui/icons/menu';
import { MessageIcon } from '@beabro/shared/ui/icons/message';
import { PaletteIcon } from '@beabro/shared/ui/icons/palette';
import { PercentIcon } from '@beabro/shared/ui/icons/percent';
import { ReceiptIcon } from '@beabro/shared/ui/icons/receipt';
import { RepeatIcon } from '@beabro/shared/ui/icons/repeat';
import { RocketIcon } from '@beabro/shared/ui/icons/rocket';
import { SearchIcon } from '@beabro/shared/ui/icons/search';
import { SettingsIcon } from '@beabro/shared/ui/icons/settings';
import { ShareIcon } from '@beabro/shared/ui/icons/share';
import { ShieldIcon } from '@beabro/shared/ui/icons/shield';
import { SparklesIcon } from '@beabro/shared/ui/icons/sparkles';
import { SproutIcon } from '@beabro/shared/ui/icons/sprout';
import { StarIcon } from '@beabro/shared/ui/icons/star';
import { TargetIcon } from '@beabro/shared/ui/icons/target';
import { TrendingUpIcon } from '@beabro/shared/ui/icons/trending-up';
import { TrophyIcon } from '@beabro/shared/ui/icons/trophy';
import { UserIcon } from '@beabro/shared/ui/icons/user';
import { UserPlusIcon } from '@beabro/shared/ui/icons/user-plus';
import { UsersIcon } from '@beabro/shared/ui/icons/users';
import { XIcon } from '@beabro/shared/ui/icons/x';
import { ZapIcon } from '@beabro/shared/ui/icons/zap';
import { WalletIcon } from '@beabro/shared/ui/icons/wallet';

/*
 * The one icon set of every area: line icons drawn inline (24×24, 2px stroke, the shapes of the Lucide
 * set), never emoji, which depend on the visitor's fonts (some systems show empty boxes).
 *
 * Each icon is its own module, @beabro/shared/ui/icons/<name> (CheckIcon in icons/check), bundled by each
 * app that draws it rather than shared through Module Federation (shared/build/shared-package-modules.mjs),
 * so a page only carries the icons it imports. `Icon` (by name) is for lists whose icon is data; it
 * imports every icon, so it belongs in pages that are not weight-sensitive.
 *
 * Icons are decorative by default (aria-hidden): the text next to an icon says what it means. An icon
 * that carries meaning alone gets a `label`, which makes it an image with that accessible name.
 */
export type { IconProps };

const ICONS = {
  alert: AlertIcon,
  banknote: BanknoteIcon,
  barChart: BarChartIcon,
  book: BookIcon,
  calendar: CalendarIcon,
  check: CheckIcon,
  clock: ClockIcon,
  coffee: CoffeeIcon,
  compass: CompassIcon,
  externalLink: ExternalLinkIcon,
  eye: EyeIcon,
  file: FileIcon,
  flag: FlagIcon,
  flask: FlaskIcon,
  heart: HeartIcon,
  landmark: LandmarkIcon,
  lock: LockIcon,
  mail: MailIcon,
  menu: MenuIcon,
  message: MessageIcon,
  palette: PaletteIcon,
  percent: PercentIcon,
  receipt: ReceiptIcon,
  repeat: RepeatIcon,
  rocket: RocketIcon,
  search: SearchIcon,
  settings: SettingsIcon,
  share: ShareIcon,
  shield: ShieldIcon,
  sparkles: SparklesIcon,
  sprout: SproutIcon,
  star: StarIcon,
  target: TargetIcon,
  trendingUp: TrendingUpIcon,
  trophy: TrophyIcon,
  user: UserIcon,
  userPlus: UserPlusIcon,
  users: UsersIcon,
  wallet: WalletIcon,
  x: XIcon,
  zap: ZapIcon,
};

export type IconName = keyof typeof ICONS;

/** An icon chosen by name, for lists whose icon is data. */
export function Icon({ name, ...props }: IconProps & { name: IconName }) {
  const Component = ICONS[name];
  return <Component {...props} />;
}
