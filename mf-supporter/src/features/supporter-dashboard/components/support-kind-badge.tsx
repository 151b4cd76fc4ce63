import { Badge } from '@beabro/shared/ui/badge';
import { supportKindLabel } from '../utils/support-kind-label';

export function SupportKindBadge({ isRecurring, isRenewal }: { isRecurring: boolean; isRenewal: boolean }) {
  return <Badge tone={isRecurring ? 'brand' : 'neutral'}>{supportKindLabel({ isRecurring, isRenewal })}</Badge>;
}
