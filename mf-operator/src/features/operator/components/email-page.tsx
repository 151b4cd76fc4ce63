import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { blockDomainRequestSchema } from '@beabro/shared/api-schemas/operator';
import { setApiFieldErrors } from '@beabro/shared/forms/api-field-errors';
import { Button } from '@beabro/shared/ui/button';
import { TextField } from '@beabro/shared/ui/text-field';
import { useEmailCommand, useEmailOverview } from '../api/operator-api';
import { apiFieldErrors, errorMessage } from '../lib/error-message';
import { dateTime } from '../lib/format';
import { DataTable, QueryView, Section, useOutcome } from './operator-ui';

/** Bounced emails, suppressed addresses (remove to send again), and sign-up domains that are blocked. */
export function EmailPage() {
  const overview = useEmailOverview();
  const command = useEmailCommand();
  const outcome = useOutcome();
  const run = async (input: Parameters<typeof command.mutateAsync>[0], done: string, fallback: string) => {
    try {
      await command.mutateAsync(input);
      outcome.succeed(done);
    } catch (error) {
      outcome.fail(error, fallback);
    }
  };
  return (
    <>
      <h2 css={(theme) => ({ fontSize: theme.font.size.xl, margin: 0 })}>Email</h2>
      {outcome.node}
      <QueryView query={overview} loading="Loading email…">
        {(data) => (
          <>
            <Section title="Blocked sign-up domains">
              <BlockDomainForm onBlocked={(domain) => outcome.succeed(`Sign-ups from ${domain} are blocked.`)} />
              <DataTable
                label="Blocked sign-up domains"
                columns={['Domain', 'Blocked', 'By', 'Actions']}
                empty="No domains are blocked."
                rows={data.blockedDomains.map((blocked) => ({
                  key: blocked.domain,
                  cells: [
                    blocked.domain,
                    dateTime(blocked.at),
                    blocked.by,
                    <Button
                      key="remove"
                      size="sm"
                      variant="secondary"
                      disabled={command.isPending}
                      aria-label={`Unblock ${blocked.domain}`}
                      onClick={() =>
                        void run(
                          { command: 'unblock', domain: blocked.domain },
                          `Sign-ups from ${blocked.domain} are accepted again.`,
                          'The domain could not be unblocked. Please try again.',
                        )
                      }
                    >
                      Remove
                    </Button>,
                  ],
                }))}
              />
            </Section>
            <Section title="Suppressed addresses">
              <DataTable
                label="Suppressed addresses"
                columns={['Email', 'Reason', 'Since', 'Actions']}
                empty="No addresses are suppressed."
                rows={data.suppressed.map((entry) => ({
                  key: entry.email,
                  cells: [
                    entry.email,
                    entry.reason,
                    dateTime(entry.at),
                    <Button
                      key="remove"
                      size="sm"
                      variant="secondary"
                      disabled={command.isPending}
                      aria-label={`Remove ${entry.email} from the suppression list`}
                      onClick={() =>
                        void run(
                          { command: 'unsuppress', email: entry.email },
                          `Emails to ${entry.email} are sent again.`,
                          'The address could not be removed. Please try again.',
                        )
                      }
                    >
                      Remove
                    </Button>,
                  ],
                }))}
              />
            </Section>
            <Section title="Bounces">
              <DataTable
                label="Bounces"
                columns={['At', 'To', 'Subject', 'Error']}
                empty="No emails bounced."
                rows={data.bounces.map((bounce, i) => ({
                  key: `${bounce.at}-${bounce.to}-${i}`,
                  cells: [dateTime(bounce.at), bounce.to, bounce.subject, bounce.error ?? '—'],
                }))}
              />
            </Section>
          </>
        )}
      </QueryView>
    </>
  );
}

function BlockDomainForm({ onBlocked }: { onBlocked: (domain: string) => void }) {
  const command = useEmailCommand();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<{ domain: string }>({ defaultValues: { domain: '' }, resolver: zodResolver(blockDomainRequestSchema) });
  const submit = handleSubmit(async ({ domain }) => {
    try {
      await command.mutateAsync({ command: 'block', domain });
      reset();
      onBlocked(domain);
    } catch (error) {
      const fields = apiFieldErrors(error);
      if (!setApiFieldErrors(setError, fields))
        setError('domain', {
          type: 'server',
          message: errorMessage(error, 'The domain could not be blocked. Please try again.'),
        });
    }
  });
  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      css={(theme) => ({
        display: 'flex',
        gap: theme.space(2),
        alignItems: 'flex-start',
        flexWrap: 'wrap',
        marginBottom: theme.space(3),
      })}
    >
      <div css={{ flex: '1 1 14rem', maxWidth: '24rem' }}>
        <TextField
          label="Domain to block"
          placeholder="example.com"
          error={errors.domain?.message}
          {...register('domain')}
        />
      </div>
      <Button type="submit" disabled={isSubmitting} css={{ marginTop: '1.75rem' }}>
        {isSubmitting ? 'Blocking…' : 'Block domain'}
      </Button>
    </form>
  );
}
