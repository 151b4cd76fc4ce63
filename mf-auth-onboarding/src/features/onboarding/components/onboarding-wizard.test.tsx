import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CREATOR_TYPES } from '@beabro/shared/data/creator-types';
import { SOCIAL_PLATFORMS } from '@beabro/shared/data/social-platforms';
import { ONBOARDING_MESSAGES, SOCIAL_LINK_MESSAGES } from '@beabro/shared/schemas/onboarding';
import type { MockReply } from '@beabro/shared/testing/msw';
import { fakeOwnProfile, fakeUser } from '../../../testing/factories';
import { renderCreate, VALID_BASICS } from '../../../testing/render-create';
import { DRAFT_STORAGE_KEY } from '../utils/draft-storage';
import { AVAILABILITY_DEBOUNCE_MS } from './username-field';

const supporter = fakeUser({ email: 'maya@example.com' });
const location = () => screen.getByLabelText('current location');
const field = (label: string) => screen.getByLabelText(label);
const continueButton = () => screen.getByRole('button', { name: 'Continue' });
const launchButton = () => screen.getByRole('button', { name: 'Launch Your Mission' });
const availabilityCalls = (calls: { path: string }[]) =>
  calls.filter((call) => call.path.startsWith('/api/usernames/'));

async function atStep(step: 1 | 2 | 3) {
  await screen.findByText(`Step ${step} of 3`);
}

afterEach(() => {
  vi.useRealTimers();
  window.sessionStorage.clear();
});

describe('step 1, the basics', () => {
  it('refuses to continue while anything is missing, with the field messages next to the fields', async () => {
    const user = userEvent.setup();
    renderCreate({ user: supporter });
    await atStep(1);
    await user.click(continueButton());
    expect(field('Display Name')).toHaveAccessibleDescription(
      expect.stringContaining(ONBOARDING_MESSAGES.displayNameRequired),
    );
    expect(screen.getByText(ONBOARDING_MESSAGES.usernameRequired)).toBeInTheDocument();
    expect(screen.getByText(ONBOARDING_MESSAGES.bioRequired)).toBeInTheDocument();
    expect(field('Creator Type')).toHaveAccessibleDescription(ONBOARDING_MESSAGES.creatorTypeRequired);
    expect(field('Display Name')).toHaveFocus();
    expect(screen.getByText('Step 1 of 3')).toBeInTheDocument();
  });

  it('forces the username to lowercase and strips other characters as typed', async () => {
    const user = userEvent.setup();
    renderCreate({ user: supporter });
    await atStep(1);
    await user.type(field('Username'), 'Maya-Makes! 2');
    expect(field('Username')).toHaveValue('mayamakes2');
  });

  it('says "Username must be at least 3 characters" on leaving a short name, and asks the server nothing', async () => {
    const user = userEvent.setup();
    const { calls } = renderCreate({ user: supporter });
    await atStep(1);
    // The debounce runs on a fake clock (still moving), jumped past its delay instead of waited out.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await user.type(field('Username'), 'ab');
    await user.tab();
    expect(screen.getByText(ONBOARDING_MESSAGES.usernameTooShort)).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(AVAILABILITY_DEBOUNCE_MS));
    // A question for "ab" would be due now; one more letter makes a name that is asked about, and once its
    // answer shows, the questions sent are known: only that one.
    await user.type(field('Username'), 'c');
    await act(() => vi.advanceTimersByTimeAsync(AVAILABILITY_DEBOUNCE_MS));
    expect(await screen.findByText(ONBOARDING_MESSAGES.usernameAvailable)).toBeInTheDocument();
    expect(availabilityCalls(calls).map((call) => call.path)).toEqual(['/api/usernames/abc/availability']);
  });

  it('reports "Username can only contain letters, numbers, and underscores" for a stored name with other characters', async () => {
    const user = userEvent.setup();
    renderCreate({ user: supporter, stored: { step: 1, values: { ...VALID_BASICS, username: 'maya-makes' } } });
    await atStep(1);
    await user.click(continueButton());
    expect(screen.getByText(ONBOARDING_MESSAGES.usernameInvalidChars)).toBeInTheDocument();
  });

  it('checks availability once typing pauses: a check mark and "Username is available!"', async () => {
    const user = userEvent.setup();
    const { calls } = renderCreate({ user: supporter });
    await atStep(1);
    await user.type(field('Username'), 'maya_makes');
    expect(await screen.findByText(ONBOARDING_MESSAGES.usernameAvailable)).toBeInTheDocument();
    expect(field('Username')).not.toHaveAttribute('aria-invalid');
    expect(field('Username')).toHaveAccessibleDescription(
      expect.stringContaining(ONBOARDING_MESSAGES.usernameAvailable),
    );
    // Debounced: one question, for the finished name.
    expect(availabilityCalls(calls).map((call) => call.path)).toEqual(['/api/usernames/maya_makes/availability']);
  });

  it.each(['pixelpat', 'admin'])(
    'a taken or reserved name (%s) gets a red border and "Username is not available"',
    async (name) => {
      const user = userEvent.setup();
      renderCreate({ user: supporter });
      await atStep(1);
      await user.type(field('Username'), name);
      expect(await screen.findByText(ONBOARDING_MESSAGES.usernameNotAvailable)).toBeInTheDocument();
      expect(field('Username')).toHaveAttribute('aria-invalid', 'true');
    },
  );

  it('will not continue with a name the server says is taken', async () => {
    const user = userEvent.setup();
    renderCreate({ user: supporter, stored: { step: 1, values: { ...VALID_BASICS, username: 'pixelpat' } } });
    await atStep(1);
    await user.click(continueButton());
    await waitFor(() => expect(field('Username')).toHaveFocus());
    expect(field('Username')).toHaveAccessibleDescription(
      expect.stringContaining(ONBOARDING_MESSAGES.usernameNotAvailable),
    );
    expect(screen.getByText('Step 1 of 3')).toBeInTheDocument();
  });

  it('counts the bio live up to 200 and refuses a longer one', async () => {
    const user = userEvent.setup();
    renderCreate({ user: supporter });
    await atStep(1);
    expect(screen.getByText('0/200')).toBeInTheDocument();
    await user.type(field('Bio'), 'Hello');
    expect(screen.getByText('5/200')).toBeInTheDocument();
    fireEvent.change(field('Bio'), { target: { value: 'x'.repeat(201) } });
    expect(screen.getByText('201/200')).toBeInTheDocument();
    fireEvent.blur(field('Bio'));
    expect(screen.getByText('Bio must be at most 200 characters')).toBeInTheDocument();
  });

  it('offers the eight creator types, in order, with nothing chosen', async () => {
    renderCreate({ user: supporter });
    await atStep(1);
    const options = within(field('Creator Type')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Select your creator type',
      'Content Creator',
      'Entrepreneur',
      'Artist/Creative',
      'Business Owner',
      'Nonprofit/Social Impact',
      'Educator/Teacher',
      'Changemaker/Activist',
      'Other',
    ]);
    expect(CREATOR_TYPES).toHaveLength(8);
    expect(field('Creator Type')).toHaveValue('');
  });

  it('continues to step 2 when everything is right, with focus on the new step’s heading', async () => {
    const user = userEvent.setup();
    renderCreate({ user: supporter });
    await atStep(1);
    await user.type(field('Display Name'), VALID_BASICS.displayName);
    await user.type(field('Username'), VALID_BASICS.username);
    await user.type(field('Bio'), VALID_BASICS.bio);
    await user.selectOptions(field('Creator Type'), 'Artist/Creative');
    await user.click(continueButton());
    await atStep(2);
    expect(screen.getByRole('heading', { level: 2, name: 'Connect your platforms' })).toHaveFocus();
  });
});

describe('step 2, connect platforms', () => {
  it('offers the eleven platforms with their URL prefixes, "@" for Instagram, X and TikTok', async () => {
    renderCreate({ user: supporter, stored: { step: 2, values: VALID_BASICS } });
    await atStep(2);
    expect(SOCIAL_PLATFORMS).toHaveLength(11);
    for (const platform of SOCIAL_PLATFORMS) {
      expect(field(platform.label)).toHaveAccessibleDescription(platform.inputPrefix);
    }
    for (const label of ['Instagram', 'X (Twitter)', 'TikTok']) expect(field(label)).toHaveAccessibleDescription('@');
    expect(field('GitHub')).toHaveAccessibleDescription('github.com/');
    expect(field('Website')).toHaveAccessibleDescription('https://');
  });

  it('checks each link with its platform’s rule, on leaving it and before continuing', async () => {
    const user = userEvent.setup();
    renderCreate({ user: supporter, stored: { step: 2, values: VALID_BASICS } });
    await atStep(2);
    await user.type(field('GitHub'), '-bad-');
    await user.tab();
    expect(screen.getByText(SOCIAL_LINK_MESSAGES.handleInvalid.github)).toBeInTheDocument();
    await user.type(field('Website'), 'http://example.com');
    await user.click(continueButton());
    expect(screen.getByText(SOCIAL_LINK_MESSAGES.websiteHttpsOnly)).toBeInTheDocument();
    expect(field('Website')).toHaveFocus();
    expect(screen.getByText('Step 2 of 3')).toBeInTheDocument();
  });

  it('accepts handles with or without "@", and Back returns to step 1 with everything still typed', async () => {
    const user = userEvent.setup();
    renderCreate({ user: supporter, stored: { step: 2, values: VALID_BASICS } });
    await atStep(2);
    await user.type(field('Instagram'), '@maya.makes');
    await user.type(field('TikTok'), 'mayamakes');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await atStep(1);
    expect(screen.getByRole('heading', { level: 2, name: 'The basics' })).toHaveFocus();
    expect(field('Display Name')).toHaveValue(VALID_BASICS.displayName);
    expect(field('Bio')).toHaveValue(VALID_BASICS.bio);
    await user.click(continueButton());
    await atStep(2);
    expect(field('Instagram')).toHaveValue('@maya.makes');
    await user.click(continueButton());
    await atStep(3);
  });
});

describe('step 3, support settings', () => {
  it('shows the four suggested amounts, the minimum amount and the optional goal with their hints', async () => {
    renderCreate({ user: supporter, stored: { step: 3, values: VALID_BASICS } });
    await atStep(3);
    expect(screen.getByRole('group', { name: 'Suggested amounts' })).toHaveAccessibleDescription(
      'Quick support options your community can choose from',
    );
    expect([1, 2, 3, 4].map((n) => (field(`Amount ${n}`) as HTMLInputElement).value)).toEqual(['5', '15', '25', '50']);
    expect(field('Minimum Amount')).toHaveValue('3');
    expect(screen.getByRole('group', { name: 'Funding goal (optional)' })).toHaveAccessibleDescription(
      'Set a funding goal to show progress on your profile',
    );
    expect(field('Goal Title')).toHaveValue('');
    expect(field('Goal Amount')).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
    expect(launchButton()).toHaveAttribute('type', 'submit');
  });

  it.each([
    ['0', ONBOARDING_MESSAGES.minimumAmountRange],
    ['101', ONBOARDING_MESSAGES.minimumAmountRange],
    ['abc', ONBOARDING_MESSAGES.minimumAmountRange],
    ['', ONBOARDING_MESSAGES.minimumAmountRange],
    ['2.5', ONBOARDING_MESSAGES.minimumAmountWhole],
  ])('the minimum amount must be a whole number from 1 to 100 dollars: %j -> %s', async (value, message) => {
    const user = userEvent.setup();
    renderCreate({ user: supporter, stored: { step: 3, values: VALID_BASICS } });
    await atStep(3);
    await user.clear(field('Minimum Amount'));
    if (value) await user.type(field('Minimum Amount'), value);
    await user.tab();
    expect(field('Minimum Amount')).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(message).toMatch(/^Minimum amount must be (between \$1 and \$100|a whole number of dollars)$/);
  });

  it('checks suggested amounts (at least $1) and the goal amount (not negative)', async () => {
    const user = userEvent.setup();
    const { calls } = renderCreate({ user: supporter, stored: { step: 3, values: VALID_BASICS } });
    await atStep(3);
    await user.clear(field('Amount 2'));
    await user.type(field('Amount 2'), '0');
    await user.type(field('Goal Amount'), '-5');
    await user.click(launchButton());
    expect(field('Amount 2')).toHaveAccessibleDescription(
      expect.stringContaining(ONBOARDING_MESSAGES.suggestedAmountTooSmall),
    );
    expect(field('Goal Amount')).toHaveAccessibleDescription(
      expect.stringContaining(ONBOARDING_MESSAGES.goalAmountNegative),
    );
    expect(field('Amount 2')).toHaveFocus();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it("says the amounts' messages in the chosen country's currency: pounds for the United Kingdom", async () => {
    const user = userEvent.setup();
    renderCreate({ user: supporter, stored: { step: 3, values: VALID_BASICS } });
    await atStep(3);
    await user.selectOptions(field('Payout country'), 'GB');
    expect(field('Amount 2')).toHaveAccessibleDescription(expect.stringMatching(/^£/));
    await user.clear(field('Amount 2'));
    await user.type(field('Amount 2'), '0');
    await user.click(launchButton());
    expect(field('Amount 2')).toHaveAccessibleDescription(
      expect.stringContaining(ONBOARDING_MESSAGES.suggestedAmountTooSmall.replace('$', '£')),
    );
    expect(field('Amount 2')).not.toHaveAccessibleDescription(expect.stringContaining('$'));
  });

  it('asks for the payout country: required, and a country outside the four explains that payouts are held', async () => {
    const user = userEvent.setup();
    const { calls } = renderCreate({ user: supporter, stored: { step: 3, values: VALID_BASICS } });
    await atStep(3);
    expect(field('Payout country')).toHaveValue('');
    await user.click(launchButton());
    expect(field('Payout country')).toHaveAccessibleDescription(expect.stringContaining('Choose your country'));
    await waitFor(() => expect(field('Payout country')).toHaveFocus());
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    await user.selectOptions(field('Payout country'), 'DE');
    expect(field('Payout country')).toHaveAccessibleDescription(
      expect.stringContaining('Payouts are not available in your country yet, so they will be held'),
    );
    expect(field('Payout country')).not.toHaveAttribute('aria-invalid');
    await user.selectOptions(field('Payout country'), 'AU');
    expect(field('Payout country')).toHaveAccessibleDescription(
      'Payouts are sent every Tuesday for the previous week. Supporters pay you in Australian dollars (AUD).',
    );
    // The amounts are in the chosen country's currency.
    expect(field('Minimum Amount')).toHaveAccessibleDescription(expect.stringContaining('from A$1 to A$100'));
    await user.selectOptions(field('Payout country'), 'GB');
    expect(field('Payout country')).toHaveAccessibleDescription(
      'Payouts are sent every Tuesday for the previous week. Supporters pay you in pounds sterling (GBP).',
    );
    expect(
      within(field('Payout country')).getByRole('option', { name: 'Australia (payouts available)' }),
    ).toBeInTheDocument();
  });

  it('launches: sends the whole wizard, clears the draft and lands on /{username}', async () => {
    const user = userEvent.setup();
    const created: MockReply = { status: 201, body: { profile: fakeOwnProfile() } };
    const { calls } = renderCreate({
      user: supporter,
      routes: { 'POST /api/creator-profile': created },
      stored: {
        step: 3,
        values: {
          ...VALID_BASICS,
          socialLinks: { ...emptySocialLinks(), instagram: '@maya.makes', github: 'https://github.com/maya' },
        },
      },
    });
    await atStep(3);
    await user.clear(field('Minimum Amount'));
    await user.type(field('Minimum Amount'), '4');
    await user.type(field('Goal Title'), 'New brushes');
    await user.type(field('Goal Amount'), '300');
    await user.selectOptions(field('Payout country'), 'GB');
    await user.click(launchButton());
    await waitFor(() => expect(location().textContent).toBe('/maya_makes'));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      ...VALID_BASICS,
      socialLinks: { instagram: 'maya.makes', github: 'maya' },
      minimumAmount: 4,
      suggestedAmounts: [5, 15, 25, 50],
      goalTitle: 'New brushes',
      goalAmount: 300,
      country: 'GB',
      showEarnings: false,
    });
    expect(window.sessionStorage.getItem(DRAFT_STORAGE_KEY)).toBeNull();
  });

  it('says next to the goal that progress shows only with "Show earnings", and turns it on from there', async () => {
    const user = userEvent.setup();
    const created: MockReply = { status: 201, body: { profile: fakeOwnProfile() } };
    const { calls } = renderCreate({
      user: supporter,
      routes: { 'POST /api/creator-profile': created },
      stored: { step: 3, values: VALID_BASICS },
    });
    await atStep(3);
    const goal = screen.getByRole('group', { name: 'Funding goal (optional)' });
    const toggle = within(goal).getByRole('checkbox', { name: 'Show earnings on my profile' });
    expect(toggle).not.toBeChecked();
    expect(toggle).toHaveAccessibleDescription(
      /Your profile shows progress towards the goal only with "Show earnings" on.*Settings > Privacy/,
    );
    await user.type(field('Goal Title'), 'New brushes');
    await user.type(field('Goal Amount'), '300');
    await user.click(toggle);
    expect(toggle).toBeChecked();
    // Kept in the draft like everything typed.
    expect(JSON.parse(window.sessionStorage.getItem(DRAFT_STORAGE_KEY) ?? '{}').draft.showEarnings).toBe(true);
    await user.selectOptions(field('Payout country'), 'US');
    await user.click(launchButton());
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({ showEarnings: true }),
    );
  });

  it('a failure shows "Failed to create profile. Please try again." in the red box, and keeps everything', async () => {
    const user = userEvent.setup();
    renderCreate({
      user: supporter,
      routes: {
        'POST /api/creator-profile': {
          status: 500,
          body: { message: 'Something went wrong on our side. Please try again.' },
        },
      },
      stored: { step: 3, values: { ...VALID_BASICS, country: 'CA' } },
    });
    await atStep(3);
    await user.click(launchButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(ONBOARDING_MESSAGES.profileCreationFailed);
    expect(screen.getByText('Step 3 of 3')).toBeInTheDocument();
    expect(JSON.parse(window.sessionStorage.getItem(DRAFT_STORAGE_KEY) ?? '{}').draft.username).toBe('maya_makes');
  });

  it('a username taken meanwhile sends the creator back to step 1 with the server’s message on the field', async () => {
    const user = userEvent.setup();
    const taken = {
      message: ONBOARDING_MESSAGES.usernameNotAvailable,
      fieldErrors: { username: ONBOARDING_MESSAGES.usernameNotAvailable },
    };
    renderCreate({
      user: supporter,
      routes: { 'POST /api/creator-profile': { status: 400, body: taken } },
      stored: { step: 3, values: { ...VALID_BASICS, country: 'CA' } },
    });
    await atStep(3);
    await user.click(launchButton());
    await atStep(1);
    await waitFor(() => expect(field('Username')).toHaveFocus());
    expect(field('Username')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Username')).toHaveAccessibleDescription(
      expect.stringContaining(ONBOARDING_MESSAGES.usernameNotAvailable),
    );
    // The red box carries the server's field message too.
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toContain(
      ONBOARDING_MESSAGES.usernameNotAvailable,
    );
  });

  it('someone who already has a page is told so, with a way to the dashboard', async () => {
    const user = userEvent.setup();
    renderCreate({
      user: supporter,
      routes: { 'POST /api/creator-profile': { status: 409, body: { message: 'You already have a creator page.' } } },
      stored: { step: 3, values: { ...VALID_BASICS, country: 'CA' } },
    });
    await atStep(3);
    await user.click(launchButton());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('You already have a creator page.');
    expect(within(alert).getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute('href', '/dashboard');
  });

  it('a rate-limited launch says when to try again', async () => {
    const user = userEvent.setup();
    renderCreate({
      user: supporter,
      routes: {
        'POST /api/creator-profile': {
          status: 429,
          body: { message: 'Too many attempts. Please try again in 3 minutes.' },
        },
      },
      stored: { step: 3, values: { ...VALID_BASICS, country: 'CA' } },
    });
    await atStep(3);
    await user.click(launchButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Please try again in 3 minutes.');
  });
});

describe('the draft', () => {
  it('survives a reload (session storage), on the same step', async () => {
    const user = userEvent.setup();
    const first = renderCreate({ user: supporter });
    await atStep(1);
    await user.type(field('Display Name'), 'Maya');
    await user.type(field('Bio'), 'Murals');
    first.unmount();

    renderCreate({ user: supporter });
    await atStep(1);
    expect(field('Display Name')).toHaveValue('Maya');
    expect(field('Bio')).toHaveValue('Murals');
  });

  it('reopens on the stored step, but never past a step that is still invalid', async () => {
    renderCreate({ user: supporter, stored: { step: 3, values: { ...VALID_BASICS, bio: '' } } });
    await atStep(1);
    expect(field('Display Name')).toHaveValue(VALID_BASICS.displayName);
  });

  it('is not handed to another account signing in on the same tab', async () => {
    renderCreate({ user: supporter, stored: { step: 2, values: VALID_BASICS, userId: 'someone-else' } });
    await atStep(1);
    expect(field('Display Name')).toHaveValue('');
  });
});

function emptySocialLinks() {
  return Object.fromEntries(SOCIAL_PLATFORMS.map((platform) => [platform.id, ''])) as Record<
    (typeof SOCIAL_PLATFORMS)[number]['id'],
    string
  >;
}
