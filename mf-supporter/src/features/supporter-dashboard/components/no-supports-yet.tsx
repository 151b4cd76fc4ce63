import { ButtonLink } from '@beabro/shared/ui/button';
import { EmptyState } from '../../../components/empty-state';
import { paths } from '@beabro/shared/contract/paths';

/** The dashboard of someone who has not supported anyone yet: where to start. */
export function NoSupportsYet({ title = 'No supports yet' }: { title?: string }) {
  return (
    <EmptyState
      icon="sprout"
      title={title}
      action={
        <ButtonLink to={paths.discover} size="lg">
          Discover creators
        </ButtonLink>
      }
    >
      Find a mission you believe in and be their bro. Your supports, the creators you back and your impact will show up
      here.
    </EmptyState>
  );
}
