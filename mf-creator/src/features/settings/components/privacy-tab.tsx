import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useCreatorDashboard } from '@beabro/shared/api/get-creator-dashboard';
import { useUpdateCreatorProfile } from '@beabro/shared/api/update-creator-profile';
import type { OwnCreatorProfileDto } from '@beabro/shared/api-schemas/creator-profile';
import type { PrivacySettingsValues } from '@beabro/shared/schemas/settings';
import { IDLE, type SaveState } from '../../../components/save-status';
import { useRefreshCreatorViews } from '../../../hooks/use-refresh-creator-views';
import { errorMessage } from '../../../lib/error-message';
import { PrivacyPreview } from './privacy-preview';
import { TabHeading } from './section-heading';
import { SwitchListForm, type SwitchItem } from './switch-list-form';

const SWITCHES: readonly SwitchItem<keyof PrivacySettingsValues>[] = [
  {
    key: 'showEarnings',
    label: 'Show earnings',
    description:
      'Show your total and this month’s earnings, the amount of each support, and your goal’s progress on your page.',
  },
  { key: 'showSupporterCount', label: 'Show supporter count', description: 'Show how many people support you.' },
  {
    key: 'allowMessages',
    label: 'Allow messages',
    description: 'Let supporters add a message to their support, and show messages on your page.',
  },
];

/** The three privacy switches, with a live preview of the public page. */
export function PrivacyTab({ profile }: { profile: OwnCreatorProfileDto }) {
  const [state, setState] = useState<SaveState>(IDLE);
  const update = useUpdateCreatorProfile();
  const dashboard = useCreatorDashboard();
  const refresh = useRefreshCreatorViews();
  const { control, handleSubmit, reset } = useForm<PrivacySettingsValues>({ defaultValues: profile.privacy });
  const [showEarnings, showSupporterCount, allowMessages] = useWatch({
    control,
    name: ['showEarnings', 'showSupporterCount', 'allowMessages'],
  });

  const onValid = async (values: PrivacySettingsValues) => {
    setState({ kind: 'saving' });
    try {
      const saved = await update.mutateAsync(values);
      reset(saved.privacy);
      setState({ kind: 'saved', message: 'Privacy settings saved.' });
      void refresh();
    } catch (failure) {
      setState({
        kind: 'failed',
        message: errorMessage(failure, 'Privacy settings could not be saved. Please try again.'),
      });
    }
  };

  return (
    <section aria-labelledby="settings-privacy-heading">
      <TabHeading id="settings-privacy-heading" title="Privacy">
        What visitors of your page can see.
      </TabHeading>
      <div
        css={(theme) => ({
          display: 'grid',
          gap: theme.space(6),
          [theme.breakpoint.lg]: { gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 20rem)', alignItems: 'start' },
        })}
      >
        <SwitchListForm
          legend="Privacy switches"
          items={SWITCHES}
          control={control}
          state={state}
          onSubmit={(event) => void handleSubmit(onValid)(event)}
        />
        <PrivacyPreview
          privacy={{ showEarnings, showSupporterCount, allowMessages }}
          username={profile.username}
          currency={profile.currency}
          figures={dashboard.data}
        />
      </div>
    </section>
  );
}
