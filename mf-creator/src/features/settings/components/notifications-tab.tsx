import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { useNotificationSettings } from '@beabro/shared/api/get-notification-settings';
import { useUpdateNotificationSettings } from '@beabro/shared/api/update-notification-settings';
import type { NotificationSettingsResponse } from '@beabro/shared/api-schemas/account';
import { NEW_POSTS_NOTIFICATION } from '@beabro/shared/schemas/settings';
import { LoadError, LoadingStatus } from '../../../components/query-status';
import { IDLE, type SaveState } from '../../../components/save-status';
import { errorMessage } from '../../../lib/error-message';
import { TabHeading } from './section-heading';
import { SwitchListForm, type SwitchItem } from './switch-list-form';

type NotificationKey = keyof NotificationSettingsResponse;

const TOGGLES: readonly SwitchItem<NotificationKey>[] = [
  { key: 'newSupport', label: 'New support', description: 'An email each time someone supports you.' },
  {
    key: 'monthlyReport',
    label: 'Monthly report',
    description: 'A summary of your month: earnings, supporters and page views.',
  },
  { key: 'goalReached', label: 'Goal reached', description: 'An email when your supporters complete your goal.' },
  {
    key: 'supporterMessages',
    label: 'Supporter messages',
    description: 'An email when a supporter leaves you a message.',
  },
  { key: 'newPosts', ...NEW_POSTS_NOTIFICATION },
];

/** What an account without a creator page can choose: the posts of the creators it supports. */
const SUPPORTER_TOGGLES: readonly SwitchItem<NotificationKey>[] = [{ key: 'newPosts', ...NEW_POSTS_NOTIFICATION }];

/** The five email toggles, saved together with "Save Changes". */
export function NotificationsTab() {
  const query = useNotificationSettings();
  return (
    <section aria-labelledby="settings-notifications-heading">
      <TabHeading id="settings-notifications-heading" title="Notifications">
        Which emails we send you. Receipts and security emails are always sent.
      </TabHeading>
      {query.isPending ? (
        <LoadingStatus label="Loading your notification settings..." />
      ) : query.isError ? (
        <LoadError error={query.error} what="your notification settings" onRetry={() => void query.refetch()} />
      ) : (
        <NotificationsForm saved={query.data} items={TOGGLES} />
      )}
    </section>
  );
}

/**
 * An account without a creator page: the one switch that concerns it (posts of the creators it supports), and which
 * emails a supporter always gets.
 */
export function SupporterNotifications() {
  const query = useNotificationSettings();
  return (
    <section aria-labelledby="settings-notifications-heading">
      <TabHeading id="settings-notifications-heading" title="Notifications">
        Which emails we send you.
      </TabHeading>
      <div css={(theme) => ({ display: 'grid', gap: theme.space(4), maxWidth: '40rem' })}>
        {query.isPending ? (
          <LoadingStatus label="Loading your notification settings..." />
        ) : query.isError ? (
          <LoadError error={query.error} what="your notification settings" onRetry={() => void query.refetch()} />
        ) : (
          <NotificationsForm saved={query.data} items={SUPPORTER_TOGGLES} />
        )}
        <p css={{ margin: 0 }}>
          As a supporter you also get a receipt for every support, emails about your monthly supports (renewals, a card
          that needs your attention, pausing, resuming and cancelling) and security emails. They are always sent.
        </p>
        <p css={(theme) => ({ margin: 0, color: theme.color.textMuted })}>
          Emails about new supports, monthly reports, goals and supporter messages are for creators: you can choose them
          once you <Link to="/create">create your mission page</Link>.
        </p>
      </div>
    </section>
  );
}

function NotificationsForm({
  saved,
  items,
}: {
  saved: NotificationSettingsResponse;
  items: readonly SwitchItem<NotificationKey>[];
}) {
  const [state, setState] = useState<SaveState>(IDLE);
  const update = useUpdateNotificationSettings();
  const { control, handleSubmit, reset } = useForm<NotificationSettingsResponse>({ defaultValues: saved });

  const onValid = async (values: NotificationSettingsResponse) => {
    setState({ kind: 'saving' });
    try {
      reset(await update.mutateAsync(values));
      setState({ kind: 'saved', message: 'Notification settings saved.' });
    } catch (failure) {
      setState({
        kind: 'failed',
        message: errorMessage(failure, 'Notification settings could not be saved. Please try again.'),
      });
    }
  };

  return (
    <SwitchListForm
      legend="Email notifications"
      items={items}
      control={control}
      state={state}
      onSubmit={(event) => void handleSubmit(onValid)(event)}
    />
  );
}
