import { renderStandalone } from '@beabro/shared/ui/standalone-harness';
import CancelLinkArea from './exposes/cancel-link';
import ConfirmChangeArea from './exposes/confirm-change';
import ConfirmRenewalArea from './exposes/confirm-renewal';
import DiscoverArea from './exposes/discover';
import PostsUnsubscribeArea from './exposes/posts-unsubscribe';
import SupporterDashboardArea from './exposes/supporter-dashboard';

renderStandalone('mf-supporter', [
  { path: '/supporter-dashboard', label: 'Supporter dashboard', Component: SupporterDashboardArea },
  { path: '/discover', label: 'Discover', Component: DiscoverArea },
  { path: '/subscriptions/cancel', label: 'Monthly support (receipt link)', Component: CancelLinkArea },
  { path: '/subscriptions/confirm', label: 'Confirm a renewal (email link)', Component: ConfirmRenewalArea },
  {
    path: '/subscriptions/confirm-change',
    label: 'Confirm a new monthly amount (email link)',
    Component: ConfirmChangeArea,
  },
  { path: '/subscriptions/unsubscribe', label: 'Stop post emails (email link)', Component: PostsUnsubscribeArea },
]);
