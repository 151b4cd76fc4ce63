import { ApiError } from '@beabro/shared/api/api-client';
import { useCurrentUser } from '@beabro/shared/api/get-current-user';
import { LoadError, LoadingStatus } from '../../../components/query-status';
import { MESSAGES } from '../../../lib/error-message';
import { DangerZone } from './danger-zone';
import { EmailForm } from './email-form';
import { PasswordForm } from './password-form';
import { TabHeading } from './section-heading';
import { TwoFactorSettings } from './two-factor-settings';

/** Account: email, password, two-factor authentication and the Danger Zone. */
export function AccountTab() {
  const session = useCurrentUser();
  return (
    <section aria-labelledby="settings-account-heading">
      <TabHeading id="settings-account-heading" title="Account">
        Your sign-in details.
      </TabHeading>
      {session.isPending ? (
        <LoadingStatus label="Loading your account..." />
      ) : session.isError || !session.data ? (
        <LoadError
          error={session.error ?? new ApiError(401, MESSAGES.signedOut)}
          what="your account"
          onRetry={() => void session.refetch()}
        />
      ) : (
        <div css={(theme) => ({ display: 'grid', gap: theme.space(6) })}>
          <EmailForm user={session.data} />
          <PasswordForm />
          <TwoFactorSettings />
          <DangerZone isCreator={session.data.isCreator} />
        </div>
      )}
    </section>
  );
}
