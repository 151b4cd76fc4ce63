import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { deleteAccount } from '@beabro/shared/api/delete-account';
import { SESSION_QUERY_KEY } from '@beabro/shared/api/get-current-user';
import { deleteAccountRequestSchema, type DeleteAccountInput } from '@beabro/shared/api-schemas/account';
import { setApiFieldErrors } from '@beabro/shared/forms/api-field-errors';
import { pageNoticeState } from '@beabro/shared/contract/page-notice';
import { Button } from '@beabro/shared/ui/button';
import { TextField } from '@beabro/shared/ui/text-field';
import { SaveStatus, IDLE, type SaveState } from '../../../components/save-status';
import { paths } from '@beabro/shared/contract/paths';
import { apiFieldErrors, errorMessage } from '../../../lib/error-message';

/** What the shared useDeleteAccount hook does on success: forget the account's cached answers, become a visitor. */
function forgetAccount(queryClient: QueryClient) {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== SESSION_QUERY_KEY[0] });
  queryClient.setQueryData(SESSION_QUERY_KEY, null);
}

/**
 * Delete account: a first button opens a confirm step (password, confirm, cancel); Cancel goes back to the
 * start. After deletion the session is gone (the client forgets it) and they land on the home page, which
 * confirms it. Only a creator is told about their creator page.
 */
export function DangerZone({ isCreator }: { isCreator: boolean }) {
  const [confirming, setConfirming] = useState(false);
  const [state, setState] = useState<SaveState>(IDLE);
  const startArea = useRef<HTMLDivElement>(null);
  const returnFocus = useRef(false);
  const queryClient = useQueryClient();
  const deleted = useRef(false);
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setFocus,
    formState: { errors },
  } = useForm<DeleteAccountInput>({
    defaultValues: { password: '' },
    resolver: zodResolver(deleteAccountRequestSchema, undefined, { raw: true }),
    // The message stays until the next attempt.
    reValidateMode: 'onSubmit',
  });

  // The session is forgotten only once the home page has replaced this one. Forgetting it first (as the
  // shared hook does) lets the shell's route guard see a visitor on /settings and send them to sign in,
  // while the router is still loading the home page.
  useEffect(
    () => () => {
      if (deleted.current) forgetAccount(queryClient);
    },
    [queryClient],
  );

  useEffect(() => {
    if (confirming) setFocus('password');
    else if (returnFocus.current) startArea.current?.querySelector('button')?.focus();
  }, [confirming, setFocus]);

  const cancel = () => {
    returnFocus.current = true;
    setConfirming(false);
    reset();
    setState(IDLE);
  };

  const onValid = async ({ password }: DeleteAccountInput) => {
    setState({ kind: 'saving' });
    try {
      await deleteAccount({ password });
      deleted.current = true;
      navigate(paths.home, { replace: true, state: pageNoticeState('account-deleted') });
    } catch (failure) {
      setApiFieldErrors(setError, apiFieldErrors(failure));
      setState({
        kind: 'failed',
        message: errorMessage(failure, 'Your account could not be deleted. Please try again.'),
      });
      setFocus('password');
    }
  };

  const busy = state.kind === 'saving';
  return (
    <section
      aria-labelledby="danger-zone-heading"
      css={(theme) => ({
        border: `1px solid ${theme.color.danger}`,
        borderRadius: theme.radius.md,
        padding: theme.space(5),
        background: theme.color.dangerSoft,
        marginTop: theme.space(6),
      })}
    >
      <h3
        id="danger-zone-heading"
        css={(theme) => ({ margin: 0, fontSize: theme.font.size.lg, color: theme.color.danger })}
      >
        Danger Zone
      </h3>
      <p css={(theme) => ({ margin: `${theme.space(2)} 0 ${theme.space(4)}` })}>
        {isCreator
          ? 'Deleting your account signs you out everywhere and takes your creator page offline for good; your username will not be given to anyone else. Supports you received stay in our financial records, without your personal details.'
          : 'Deleting your account signs you out everywhere for good and ends your monthly supports. Supports you gave stay in our financial records, without your personal details.'}
      </p>
      {confirming ? (
        <form
          noValidate
          onSubmit={(event) => void handleSubmit(onValid)(event)}
          aria-label="Confirm account deletion"
          css={(theme) => ({ display: 'grid', gap: theme.space(4) })}
        >
          <p role="alert" css={(theme) => ({ margin: 0, fontWeight: theme.font.weight.bold })}>
            Are you sure? This cannot be undone.
          </p>
          <TextField
            label="Password"
            type="password"
            autoComplete="current-password"
            hint="Enter your password to confirm."
            error={errors.password?.message}
            {...register('password')}
          />
          <div css={{ display: 'flex', gap: '0.75rem', flexWrap: 'wrap', alignItems: 'center' }}>
            <Button type="submit" variant="danger" disabled={busy}>
              {busy ? 'Deleting...' : 'Yes, delete my account'}
            </Button>
            <Button variant="secondary" disabled={busy} onClick={cancel}>
              Cancel
            </Button>
          </div>
          <SaveStatus state={state} />
        </form>
      ) : (
        <div ref={startArea}>
          <Button variant="danger" onClick={() => setConfirming(true)}>
            Delete Account
          </Button>
        </div>
      )}
    </section>
  );
}
