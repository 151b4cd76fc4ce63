import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { ApiError } from '@beabro/shared/api/api-client';
import { useCurrentUser } from '@beabro/shared/api/get-current-user';
import { useUpdateAccountProfile } from '@beabro/shared/api/update-account-profile';
import { accountProfileRequestSchema, type AccountProfileValues } from '@beabro/shared/api-schemas/account';
import { NAME_MAX_LENGTH } from '@beabro/shared/data/defaults';
import { setApiFieldErrors } from '@beabro/shared/forms/api-field-errors';
import type { SessionUser } from '@beabro/shared/types/session-user';
import { TextField } from '@beabro/shared/ui/text-field';
import { LoadError, LoadingStatus } from '../../../components/query-status';
import { SaveBar } from '../../../components/save-bar';
import { IDLE, type SaveState } from '../../../components/save-status';
import { apiFieldErrors, errorMessage, MESSAGES } from '../../../lib/error-message';
import { TabHeading } from './section-heading';

/** Profile of an account without a creator page: the name creators see and checkout fills in. */
export function AccountProfileTab() {
  const session = useCurrentUser();
  return (
    <section aria-labelledby="settings-account-profile-heading">
      <TabHeading id="settings-account-profile-heading" title="Profile">
        The name creators see when you support them without typing another one, and that checkout fills in for you.
        Supporting anonymously always hides it.
      </TabHeading>
      {session.isPending ? (
        <LoadingStatus label="Loading your profile..." />
      ) : session.isError || !session.data ? (
        <LoadError
          error={session.error ?? new ApiError(401, MESSAGES.signedOut)}
          what="your profile"
          onRetry={() => void session.refetch()}
        />
      ) : (
        <AccountProfileForm user={session.data} />
      )}
    </section>
  );
}

function AccountProfileForm({ user }: { user: SessionUser }) {
  const [state, setState] = useState<SaveState>(IDLE);
  const update = useUpdateAccountProfile();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<AccountProfileValues>({
    defaultValues: { displayName: user.displayName },
    resolver: zodResolver(accountProfileRequestSchema, undefined, { raw: true }),
  });

  const onValid = async (values: AccountProfileValues) => {
    setState({ kind: 'saving' });
    try {
      const saved = await update.mutateAsync(values);
      reset({ displayName: saved.displayName });
      setState({ kind: 'saved', message: 'Profile saved.' });
    } catch (failure) {
      setApiFieldErrors(setError, apiFieldErrors(failure));
      setState({
        kind: 'failed',
        message: errorMessage(failure, 'Your profile could not be saved. Please try again.'),
      });
    }
  };

  return (
    <form
      noValidate
      aria-label="Profile"
      onSubmit={(event) =>
        void handleSubmit(onValid, () => setState({ kind: 'failed', message: MESSAGES.fixFields }))(event)
      }
      css={(theme) => ({ display: 'grid', gap: theme.space(4), maxWidth: '32rem' })}
    >
      <TextField
        label="Display Name"
        autoComplete="name"
        maxLength={NAME_MAX_LENGTH}
        error={errors.displayName?.message}
        {...register('displayName')}
      />
      <SaveBar state={state} />
    </form>
  );
}
