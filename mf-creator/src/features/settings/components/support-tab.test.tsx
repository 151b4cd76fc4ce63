import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CREATOR_PROFILE_MESSAGES } from '@beabro/shared/api-schemas/creator-profile';
import { DELIVERED_PERKS } from '@beabro/shared/data/support-tiers';
import { renderWithProviders } from '@beabro/shared/testing/render-with-providers';
import { heldReply, mockApi } from '@beabro/shared/testing/msw';
import { sampleProfile } from '../../../testing/sample-data';
import { SupportTab } from './support-tab';

describe('SupportTab', () => {
  it('shows the minimum, the four tiers, the goal and the country with the payout countries marked', () => {
    mockApi({});
    renderWithProviders(<SupportTab profile={sampleProfile()} />);
    expect(screen.getByLabelText('Minimum Amount')).toHaveValue('3');
    expect(screen.getAllByRole('group', { name: /^Tier \d/ })).toHaveLength(4);
    const tier3 = screen.getByRole('group', { name: /^Tier 3/ });
    expect(within(tier3).getByLabelText('Name')).toHaveValue('True Believer');
    expect(within(tier3).getByLabelText('Amount')).toHaveValue('25');
    expect(within(tier3).getByRole('checkbox', { name: /Monthly support/ })).toBeChecked();
    expect(screen.getByLabelText('Goal Title')).toHaveValue('New streaming setup');
    expect(screen.getByLabelText('Goal Amount')).toHaveValue('2000');
    const country = screen.getByLabelText('Country');
    expect(country).toHaveValue('US');
    expect(within(country).getByRole('option', { name: 'Canada (payouts available)' })).toBeInTheDocument();
    expect(within(country).getByRole('option', { name: 'Germany' })).toBeInTheDocument();
  });

  it('marks which perks Be a Bro delivers by itself and which are the creator’s to keep', async () => {
    mockApi({});
    const user = userEvent.setup();
    renderWithProviders(<SupportTab profile={sampleProfile()} />);
    const tier1 = screen.getByRole('group', { name: /^Tier 1/ });
    expect(within(tier1).getByText('Yours to deliver')).toBeInTheDocument();
    const tier2 = screen.getByRole('group', { name: /^Tier 2/ });
    await user.click(within(tier2).getByRole('button', { name: 'Add a perk to Tier 2' }));
    await user.type(within(tier2).getByLabelText('Perk 1 of Tier 2'), DELIVERED_PERKS.wall);
    expect(within(tier2).getByText('Delivered by Be a Bro')).toBeInTheDocument();
    expect(within(tier2).queryByText('Yours to deliver')).not.toBeInTheDocument();
  });

  it('reports an invalid minimum, tier amount and goal with field messages, never a silent fallback', async () => {
    const api = mockApi({});
    const user = userEvent.setup();
    renderWithProviders(<SupportTab profile={sampleProfile()} />);
    await user.clear(screen.getByLabelText('Minimum Amount'));
    await user.type(screen.getByLabelText('Minimum Amount'), '500');
    const tier1 = screen.getByRole('group', { name: /^Tier 1/ });
    await user.clear(within(tier1).getByLabelText('Amount'));
    await user.type(within(tier1).getByLabelText('Amount'), '0');
    await user.clear(within(tier1).getByLabelText('Name'));
    await user.clear(screen.getByLabelText('Goal Amount'));
    await user.type(screen.getByLabelText('Goal Amount'), '-5');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Minimum amount must be between $1 and $100')).toBeInTheDocument();
    expect(within(tier1).getByText('Tier amount must be at least $1')).toBeInTheDocument();
    expect(within(tier1).getByText('Tier name is required')).toBeInTheDocument();
    expect(screen.getByText('Goal amount cannot be negative')).toBeInTheDocument();
    expect(api.calls.filter((call) => call.method !== 'GET')).toHaveLength(0);
  });

  it('saves the amounts, goal and country, then the tiers, and confirms', async () => {
    const tiersSaved = heldReply({ body: { profile: sampleProfile({ goalAmountCents: null, goalTitle: '' }) } });
    const api = mockApi({
      'PATCH /api/creator-profile': { body: { profile: sampleProfile({ goalAmountCents: null, goalTitle: '' }) } },
      'PUT /api/creator-profile/tiers': tiersSaved.handler,
    });
    const user = userEvent.setup();
    renderWithProviders(<SupportTab profile={sampleProfile()} />);
    await user.clear(screen.getByLabelText('Goal Title'));
    await user.clear(screen.getByLabelText('Goal Amount'));
    await user.selectOptions(screen.getByLabelText('Country'), 'CA');
    const tier2 = screen.getByRole('group', { name: /^Tier 2/ });
    await user.click(within(tier2).getByRole('button', { name: 'Add a perk to Tier 2' }));
    await user.type(within(tier2).getByLabelText('Perk 1 of Tier 2'), 'Shout-out');
    await user.click(within(tier2).getByRole('checkbox', { name: /Monthly support/ }));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByRole('button', { name: 'Saving...' })).toBeDisabled();
    tiersSaved.release();
    expect(await screen.findByText('Support settings saved.')).toBeInTheDocument();
    expect(api.callsTo('PATCH', '/api/creator-profile')[0]?.body).toEqual({
      minimumAmount: '3',
      goalTitle: '',
      goalAmount: null,
      country: 'CA',
    });
    const tiers = (
      api.callsTo('PUT', '/api/creator-profile/tiers')[0]?.body as {
        tiers: Array<{ perks: string[]; isRecurring: boolean; amount: string }>;
      }
    ).tiers;
    expect(tiers).toHaveLength(4);
    expect(tiers[1]).toMatchObject({ name: 'Fuel the Journey', perks: ['Shout-out'], isRecurring: true, amount: '15' });
  });

  it('puts the API’s tier messages on the right tier and says what was not saved', async () => {
    mockApi({
      'PATCH /api/creator-profile': { body: { profile: sampleProfile() } },
      'PUT /api/creator-profile/tiers': {
        status: 400,
        body: {
          message: 'Please correct the highlighted fields.',
          fieldErrors: { 'tiers.3.emoji': 'Use an emoji here' },
        },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<SupportTab profile={sampleProfile()} />);
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    const tier4 = screen.getByRole('group', { name: /^Tier 4/ });
    expect(await within(tier4).findByText('Use an emoji here')).toBeInTheDocument();
    expect(screen.getByText(/Your amounts, goal and country were saved, but the tiers were not/)).toBeInTheDocument();
  });

  it('shows the amounts in the currency the chosen country implies, until the creator has a support', async () => {
    mockApi({});
    const user = userEvent.setup();
    renderWithProviders(<SupportTab profile={sampleProfile({ country: null, currencyLocked: false })} />);
    await user.selectOptions(screen.getByLabelText('Country'), 'GB');
    expect(screen.getByLabelText('Country')).toHaveAccessibleDescription(
      'Payouts are sent every Tuesday for the previous week. Supporters pay you in pounds sterling (GBP).',
    );
    expect(screen.getByLabelText('Minimum Amount')).toHaveAccessibleDescription(
      '£ The smallest one-time support you accept, £1 to £100.',
    );
    const tier1 = screen.getByRole('group', { name: /^Tier 1/ });
    expect(within(tier1).getByLabelText('Amount')).toHaveAccessibleDescription(expect.stringMatching(/^£/));
    expect(screen.getByLabelText('Goal Amount')).toHaveAccessibleDescription('£');
    // The shared rules' messages are said in pounds too.
    await user.clear(screen.getByLabelText('Minimum Amount'));
    await user.type(screen.getByLabelText('Minimum Amount'), '500');
    await user.clear(within(tier1).getByLabelText('Amount'));
    await user.type(within(tier1).getByLabelText('Amount'), '0');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Minimum amount must be between £1 and £100')).toBeInTheDocument();
    expect(within(tier1).getByText('Tier amount must be at least £1')).toBeInTheDocument();
  });

  it('says the currency cannot change once there are supports, and shows the API refusal next to the country', async () => {
    const refusal = CREATOR_PROFILE_MESSAGES.currencyLocked('pounds sterling');
    const api = mockApi({
      'PATCH /api/creator-profile': {
        status: 400,
        body: { message: 'Please correct the highlighted fields.', fieldErrors: { country: refusal } },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(
      <SupportTab profile={sampleProfile({ country: 'GB', currency: 'gbp', currencyLocked: true })} />,
    );
    const country = screen.getByLabelText('Country');
    expect(country).toHaveAccessibleDescription(
      'Payouts are sent every Tuesday for the previous week. Supporters pay you in pounds sterling (GBP).',
    );
    await user.selectOptions(country, 'US');
    expect(country).toHaveAccessibleDescription(`Payouts are sent every Tuesday for the previous week. ${refusal}`);
    // The amounts stay in pounds: the currency does not follow the country any more.
    expect(screen.getByLabelText('Minimum Amount')).toHaveAccessibleDescription(
      '£ The smallest one-time support you accept, £1 to £100.',
    );
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText(/Support settings could not be saved/)).toBeInTheDocument();
    expect(country).toHaveAttribute('aria-invalid', 'true');
    expect(country).toHaveAccessibleDescription(expect.stringContaining(refusal));
    expect(api.callsTo('PATCH', '/api/creator-profile')[0]?.body).toMatchObject({ country: 'US' });
    expect(api.callsTo('PUT', '/api/creator-profile/tiers')).toHaveLength(0);
  });

  it('explains that payouts are held in a country without payouts', async () => {
    mockApi({});
    const user = userEvent.setup();
    renderWithProviders(<SupportTab profile={sampleProfile()} />);
    await user.selectOptions(screen.getByLabelText('Country'), 'DE');
    expect(screen.getByText(/Payouts are not available in this country yet/)).toBeInTheDocument();
  });
});
