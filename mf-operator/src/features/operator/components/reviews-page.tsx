import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { z } from 'zod';
import type { OperatorSettingsDto, ReviewQueueResponse } from '@beabro/shared/api-schemas/operator';
import { setApiFieldErrors } from '@beabro/shared/forms/api-field-errors';
import { centsToDollars, dollarsToCents } from '@beabro/shared/money/dollars-to-cents';
import { Button } from '@beabro/shared/ui/button';
import { TextField } from '@beabro/shared/ui/text-field';
import { usePersonCommand, useReviewQueue, useSaveSettings, useSuspension } from '../api/operator-api';
import { apiFieldErrors } from '../lib/error-message';
import { dateTime, money } from '../lib/format';
import { DataTable, QueryView, Section, useOutcome } from './operator-ui';
import { ReasonDialog } from './reason-dialog';

type QueueItem = ReviewQueueResponse['creators'][number];

/** New creators waiting for a review (oldest first), and when a first payout waits for one. */
export function ReviewsPage({ basePath }: { basePath: string }) {
  const queue = useReviewQueue();
  return (
    <>
      <h2 css={(theme) => ({ fontSize: theme.font.size.xl, margin: 0 })}>Reviews</h2>
      <QueryView query={queue} loading="Loading the review queue…">
        {(data) => (
          <>
            <ReviewQueue basePath={basePath} creators={data.creators} />
            <Section title="When payouts wait for a review">
              <SettingsForm settings={data.settings} />
            </Section>
          </>
        )}
      </QueryView>
    </>
  );
}

function ReviewQueue({ basePath, creators }: { basePath: string; creators: readonly QueueItem[] }) {
  const command = usePersonCommand();
  const outcome = useOutcome();
  const [suspending, setSuspending] = useState<QueueItem | null>(null);
  const markReviewed = async (creator: QueueItem) => {
    try {
      const answer = await command.mutateAsync({ userId: creator.userId, command: 'review' });
      outcome.succeed(answer.message);
    } catch (error) {
      outcome.fail(error, 'The creator could not be marked reviewed. Please try again.');
    }
  };
  return (
    <Section title="Waiting for review">
      {outcome.node}
      <DataTable
        label="Creators waiting for review"
        columns={['Creator', 'Joined', 'First support', 'Supports', 'Gross', 'Unpaid', 'Actions']}
        empty="No creators wait for a review."
        rows={creators.map((creator) => ({
          key: creator.userId,
          cells: [
            <Link key="name" to={`${basePath}/people/${creator.userId}`}>
              {creator.displayName} (@{creator.username})
            </Link>,
            dateTime(creator.createdAt),
            creator.firstSupportAt ? dateTime(creator.firstSupportAt) : '—',
            creator.supportsCount,
            money(creator.grossCents, creator.currency),
            money(creator.unpaidCents, creator.currency),
            <div key="actions" css={{ display: 'flex', gap: '0.5rem', flexWrap: 'nowrap' }}>
              <Button
                size="sm"
                disabled={command.isPending}
                aria-label={`Mark @${creator.username} reviewed`}
                onClick={() => void markReviewed(creator)}
              >
                Mark reviewed
              </Button>
              <Button
                size="sm"
                variant="danger"
                aria-label={`Suspend @${creator.username}`}
                onClick={() => setSuspending(creator)}
              >
                Suspend
              </Button>
            </div>,
          ],
        }))}
      />
      {suspending ? (
        <SuspendFromQueue
          creator={suspending}
          onClose={() => setSuspending(null)}
          onDone={() => {
            setSuspending(null);
            outcome.succeed(`@${suspending.username} is suspended.`);
          }}
        />
      ) : null}
    </Section>
  );
}

function SuspendFromQueue({
  creator,
  onClose,
  onDone,
}: {
  creator: QueueItem;
  onClose: () => void;
  onDone: () => void;
}) {
  const suspension = useSuspension(creator.userId);
  return (
    <ReasonDialog
      title={`Suspend @${creator.username}?`}
      description="Their page and posts are hidden, supports to and from them are refused, renewals to them are not charged and their payouts are held. They are emailed the reason."
      confirmLabel="Suspend"
      danger
      onClose={onClose}
      onConfirm={async (reason) => {
        await suspension.mutateAsync({ action: 'suspend', reason });
        onDone();
      }}
    />
  );
}

const settingsFormSchema = z.object({
  thresholdDollars: z.coerce
    .number({ error: 'Enter an amount in dollars.' })
    .min(0, 'Enter 0 or more.')
    .max(1_000_000, 'At most $1,000,000.'),
  reviewHoldDays: z.coerce
    .number({ error: 'Enter a number of days.' })
    .int('Enter whole days.')
    .min(0, 'Enter 0 or more.')
    .max(365, 'At most 365 days.'),
});
type SettingsForm = z.input<typeof settingsFormSchema>;
type SettingsValues = z.output<typeof settingsFormSchema>;

function SettingsForm({ settings }: { settings: OperatorSettingsDto }) {
  const save = useSaveSettings();
  const outcome = useOutcome();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<SettingsForm, unknown, SettingsValues>({
    defaultValues: {
      thresholdDollars: String(centsToDollars(settings.reviewThresholdCents)),
      reviewHoldDays: String(settings.reviewHoldDays),
    },
    resolver: zodResolver(settingsFormSchema),
  });
  const submit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync({
        reviewThresholdCents: dollarsToCents(values.thresholdDollars),
        reviewHoldDays: values.reviewHoldDays,
      });
      outcome.succeed('Review settings saved.');
    } catch (error) {
      const fields = apiFieldErrors(error);
      setApiFieldErrors(setError, {
        thresholdDollars: fields.reviewThresholdCents,
        reviewHoldDays: fields.reviewHoldDays,
      });
      outcome.fail(error, 'The settings could not be saved. Please try again.');
    }
  });
  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      css={{ display: 'grid', gap: '0.75rem', maxWidth: '28rem' }}
    >
      <p css={{ margin: 0 }}>
        A creator who is not reviewed yet is paid out only up to the threshold, until the hold ends after their first
        support.
      </p>
      <TextField
        label="Review threshold (dollars)"
        inputMode="decimal"
        error={errors.thresholdDollars?.message}
        {...register('thresholdDollars')}
      />
      <TextField
        label="Hold (days after the first support)"
        inputMode="numeric"
        error={errors.reviewHoldDays?.message}
        {...register('reviewHoldDays')}
      />
      <div>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving…' : 'Save settings'}
        </Button>
      </div>
      {outcome.node}
    </form>
  );
}
