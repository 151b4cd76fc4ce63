import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router-dom';
import type { PublicCreatorProfileDto } from '@beabro/shared/api-schemas/public-profile';
import { SUPPORT_MESSAGES } from '@beabro/shared/schemas/support';
import { useSessionStore } from '@beabro/shared/session/session-store';
import { renderWithProviders } from '@beabro/shared/testing/render-with-providers';
import SupportArea from '../../../exposes/support';
import { LAST_RECEIPT_KEY } from '../../../lib/last-receipt';
import { fakeProfile, fakeReceipt } from '../../../testing/fake-profile';
import { json, mockApi, type MockReply } from '@beabro/shared/testing/msw';
import { STRIPE_JS_URL, type StripeConfirmResult, type StripeJs } from '@beabro/shared/payments/stripe-card-client';

const SUPPORTS = 'POST /api/creators/pixelpat/supports';
const COMPLETE = 'POST /api/payments/intents/pi_sandbox_1/complete';
const DECLINED = 'Your card was declined.';
const PAYMENT = {
  payment: {
    capabilities: { cardField: 'sandbox-frame', connectedAccounts: false },
    testMode: true,
    intentId: 'pi_sandbox_1',
    clientSecret: 'pi_sandbox_1_secret_x',
    status: 'requires_payment_method',
    cardFrameUrl: '/sandbox-pay/v1/card-frame',
  },
};

/**
 * Stands in for the provider's card frame (jsdom loads no frame): it says it is ready, and answers each
 * confirmation with the next result (default: succeeded), as the real frame's postMessage does.
 */
async function fakeCardFrame(results: Array<{ status: string; message: string | null }> = []) {
  const frame = (await screen.findByTitle(/Card details/)) as HTMLIFrameElement;
  const win = frame.contentWindow;
  if (!win) throw new Error('no frame window');
  const send = (data: unknown) =>
    window.dispatchEvent(new MessageEvent('message', { data, origin: 'null', source: win }));
  send({ type: 'sandbox-pay:ready' });
  const confirms: unknown[] = [];
  vi.spyOn(win, 'postMessage').mockImplementation((data: unknown) => {
    confirms.push(data);
    const result = results.shift() ?? { status: 'succeeded', message: null };
    setTimeout(() => send({ type: 'sandbox-pay:result', ...result }), 0);
  });
  return confirms;
}

function ProfileProbe() {
  const location = useLocation();
  return <output data-testid="profile-location">{location.pathname + location.search}</output>;
}

function renderSupport({
  profile = fakeProfile(),
  route = '/pixelpat/support',
  checkout = () => json(201, { receipt: fakeReceipt() }),
  complete = () => json(200, { receipt: fakeReceipt() }),
  routes = {},
}: {
  profile?: PublicCreatorProfileDto | null;
  route?: string;
  checkout?: () => MockReply | Promise<MockReply>;
  complete?: () => MockReply | Promise<MockReply>;
  routes?: Record<string, () => MockReply | Promise<MockReply>>;
} = {}) {
  const api = mockApi({
    'GET /api/creators/pixelpat': () => (profile ? json(200, profile) : json(404, { message: 'Creator not found' })),
    'POST /api/creators/pixelpat/views': () => json(204),
    [SUPPORTS]: checkout,
    [COMPLETE]: complete,
    ...routes,
  });
  renderWithProviders(
    <Routes>
      <Route path="/:username/support" element={<SupportArea basePath="/:username/support" />} />
      <Route path="/:username" element={<ProfileProbe />} />
    </Routes>,
    { route },
  );
  return api;
}

const submitButton = () => screen.getByRole('button', { name: /^(Support with|Processing)/ });
const tierButton = (name: RegExp) => screen.getByRole('button', { name });
const customAmount = () => screen.getByLabelText('Custom Amount');
const monthly = () => screen.getByRole('checkbox', { name: 'Make this a monthly support' });

async function fillValidForm(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByLabelText(/^Email/));
  await user.paste('bro@example.com');
}

// These suites drive whole pages through user-event; a busy machine can take longer than the 5 s default.
vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => {
  useSessionStore.setState({ status: 'signed-out', user: null });
  window.sessionStorage.clear();
});
describe('support page', () => {
  it('shows every element of the support page', async () => {
    renderSupport();
    expect(await screen.findByRole('heading', { level: 1, name: 'Support Pixel Pat' })).toBeInTheDocument();
    expect(document.title).toBe('Support Pixel Pat - Be a Bro');
    expect(screen.getByRole('link', { name: /Back to profile/ })).toHaveAttribute('href', '/pixelpat');
    expect(tierButton(/Support the Mission \$5$/)).toHaveAttribute('aria-pressed', 'false');
    expect(tierButton(/True Believer \$25\/month/)).toBeInTheDocument();
    expect(customAmount()).toHaveValue('');
    expect(monthly()).not.toBeChecked();
    expect(
      screen.getByText(
        'You can cancel anytime: from My Missions in your supporter dashboard, or with the link in your receipt email.',
      ),
    ).toBeInTheDocument();
    expect(document.body.textContent).not.toContain('account settings');
    expect(screen.getByRole('heading', { name: /Your Details/ })).toBeInTheDocument();
    expect(screen.getByLabelText('Name (optional)')).toBeEnabled();
    expect(screen.getByText('Required for payment confirmation and receipts')).toBeInTheDocument();
    expect(screen.getByText('0/200')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Support anonymously' })).not.toBeChecked();
    const testMode = screen.getByRole('note', { name: 'Test mode' });
    expect(within(testMode).getByText('TEST MODE')).toBeInTheDocument();
    for (const card of ['4242 4242 4242 4242', '4000 0000 0000 0002', '4000 0000 0000 9995'])
      expect(within(testMode).getByText(card)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Payment summary' })).toBeInTheDocument();
    expect(submitButton()).toHaveTextContent('Support with $5');
    expect(submitButton()).toBeEnabled();
    for (const block of ['Secure Payments', 'Direct Mission Support', 'Cancel Anytime'])
      expect(screen.getByRole('heading', { level: 3, name: block })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Checkout guarantees' })).toBeInTheDocument();
    expect(document.querySelectorAll('h1')).toHaveLength(1);
  });

  it('names the current goal and its progress', async () => {
    renderSupport();
    expect(await screen.findByText(/^Current goal:/)).toHaveTextContent(
      'Current goal: New streaming setup (68% complete)',
    );
  });

  it('shows no goal progress when the creator hides earnings', async () => {
    renderSupport({
      profile: fakeProfile({
        goal: {
          title: 'New streaming setup',
          amountCents: 200_000,
          raisedCents: null,
          percent: null,
          supporterCount: 186,
        },
      }),
    });
    const line = await screen.findByText(/^Current goal:/);
    expect(line).toHaveTextContent('Current goal: New streaming setup (target $2,000)');
    expect(line).not.toHaveTextContent(/%|NaN/);
  });

  it('selecting a tier sets the amount and its monthly flag, shows its perks and clears the custom amount', async () => {
    const user = userEvent.setup();
    renderSupport();
    await user.type(await screen.findByLabelText('Custom Amount'), '40');
    await user.click(tierButton(/True Believer/));
    expect(tierButton(/True Believer/)).toHaveAttribute('aria-pressed', 'true');
    expect(customAmount()).toHaveValue('');
    expect(monthly()).toBeChecked();
    expect(submitButton()).toHaveTextContent('Support with $25/month');
    expect(screen.getByRole('region', { name: 'True Believer perks' })).toHaveTextContent(
      'Pause or cancel anytime from My Missions',
    );

    await user.click(tierButton(/Mission Champion/));
    expect(monthly()).not.toBeChecked();
    expect(submitButton()).toHaveTextContent('Support with $50');
    expect(tierButton(/True Believer/)).toHaveAttribute('aria-pressed', 'false');
  });

  it('typing a custom amount deselects the tier and uses it; cents are refused with a reason, never dropped', async () => {
    const user = userEvent.setup();
    renderSupport();
    await user.click(await screen.findByRole('button', { name: /Fuel the Journey/ }));
    await user.type(customAmount(), '12');
    expect(tierButton(/Fuel the Journey/)).toHaveAttribute('aria-pressed', 'false');
    expect(screen.queryByRole('region', { name: /perks/ })).not.toBeInTheDocument();
    expect(submitButton()).toHaveTextContent('Support with $12');
    await user.click(monthly());
    expect(submitButton()).toHaveTextContent('Support with $12/month');

    await user.type(customAmount(), '.5');
    expect(submitButton()).toBeDisabled();
    expect(submitButton()).toHaveAccessibleDescription(SUPPORT_MESSAGES.amountWhole);
    expect(customAmount()).toHaveAttribute('aria-invalid', 'true');
    // The summary never shows the $12 that would not be paid.
    const summary = screen.getByRole('heading', { name: 'Payment summary' }).parentElement as HTMLElement;
    expect(summary).not.toHaveTextContent('$12.00');
    expect(summary).toHaveTextContent('Choose an amount to see where your money goes.');

    await user.clear(customAmount());
    await user.type(customAmount(), 'abc');
    expect(submitButton()).toHaveAccessibleDescription(SUPPORT_MESSAGES.amountNotNumber);
  });

  it('disables submit below $1 and below the creator’s minimum, saying why', async () => {
    const user = userEvent.setup();
    renderSupport({ profile: fakeProfile({ minimumAmountCents: 500 }) });
    await user.type(await screen.findByLabelText('Custom Amount'), 'abc');
    expect(submitButton()).toHaveTextContent('Support with $0');
    expect(submitButton()).toBeDisabled();
    expect(screen.getAllByText(SUPPORT_MESSAGES.amountNotNumber).length).toBeGreaterThan(0);

    await user.clear(customAmount());
    expect(submitButton()).toBeDisabled();
    expect(screen.getAllByText(SUPPORT_MESSAGES.amountRequired).length).toBeGreaterThan(0);

    await user.type(customAmount(), '4');
    expect(submitButton()).toBeDisabled();
    expect(submitButton()).toHaveAccessibleDescription('The minimum support for Pixel Pat is $5');

    await user.type(customAmount(), '0');
    expect(submitButton()).toHaveTextContent('Support with $40');
    expect(submitButton()).toBeEnabled();
  });

  it("is in the creator's currency from the tiers to the summary: pounds for a GBP creator", async () => {
    const user = userEvent.setup();
    renderSupport({
      profile: fakeProfile({
        currency: 'gbp',
        minimumAmountCents: 500,
        goal: {
          title: 'New streaming setup',
          amountCents: 200_000,
          raisedCents: null,
          percent: null,
          supporterCount: 1,
        },
      }),
    });
    expect(await screen.findByText(/^Current goal:/)).toHaveTextContent(
      'Current goal: New streaming setup (target £2,000)',
    );
    expect(tierButton(/Support the Mission £5$/)).toBeInTheDocument();
    expect(tierButton(/True Believer £25\/month/)).toBeInTheDocument();
    expect(submitButton()).toHaveTextContent('Support with £5');
    // The field's prefix is the pound sign, and its hint says pounds.
    expect(customAmount().parentElement).toHaveTextContent(/^£$/);
    expect(customAmount()).toHaveAccessibleDescription(
      'Whole pounds, at least £5. Typing an amount replaces the tier you chose.',
    );

    await user.type(customAmount(), '12');
    expect(submitButton()).toHaveTextContent('Support with £12');
    const summary = screen.getByRole('heading', { name: 'Payment summary' }).parentElement as HTMLElement;
    // £12: 60p platform fee; processing 2.9% (34.8p, up to 35p) + 20p = 55p; £10.85 to the creator.
    expect(summary).toHaveTextContent('Support amount£12.00');
    expect(summary).toHaveTextContent('Platform fee (5%)-£0.60');
    expect(summary).toHaveTextContent('Payment processing (2.9% + £0.20)-£0.55');
    expect(summary).toHaveTextContent('Pixel Pat receives£10.85');
    expect(summary).not.toHaveTextContent('$');

    await user.clear(customAmount());
    await user.type(customAmount(), '4');
    expect(submitButton()).toBeDisabled();
    expect(submitButton()).toHaveAccessibleDescription('The minimum support for Pixel Pat is £5');
    await user.clear(customAmount());
    await user.type(customAmount(), '12.5');
    expect(submitButton()).toHaveAccessibleDescription('Amount must be a whole number of pounds');
  });

  it('starts on the tier carried from the profile', async () => {
    renderSupport({ route: '/pixelpat/support?tier=2' });
    expect(await screen.findByRole('button', { name: /True Believer/ })).toHaveAttribute('aria-pressed', 'true');
    expect(monthly()).toBeChecked();
    expect(submitButton()).toHaveTextContent('Support with $25/month');
  });

  it('disables the name when anonymous, counts the message and hides it when the creator takes no messages', async () => {
    const user = userEvent.setup();
    renderSupport();
    await user.type(await screen.findByLabelText('Name (optional)'), 'Jordan');
    await user.click(screen.getByRole('checkbox', { name: 'Support anonymously' }));
    expect(screen.getByLabelText('Name (optional)')).toBeDisabled();
    await user.type(screen.getByLabelText('Message (optional)'), 'Hello!');
    expect(screen.getByText('6/200')).toBeInTheDocument();
  });

  it('offers the supporter wall (off by default), never with anonymous, and asks for the name it shows', async () => {
    const user = userEvent.setup();
    const api = renderSupport({ checkout: () => json(200, PAYMENT) });
    const wall = await screen.findByRole('checkbox', { name: 'Show me on the supporter wall' });
    expect(wall).not.toBeChecked();
    await user.click(wall);
    await fillValidForm(user);
    await user.click(submitButton());
    expect(api.callsTo(SUPPORTS)).toHaveLength(0);
    expect(screen.getByLabelText('Name (optional)')).toHaveAccessibleDescription(SUPPORT_MESSAGES.wallNeedsName);
    expect(screen.getByLabelText('Name (optional)')).toHaveFocus();

    await user.type(screen.getByLabelText('Name (optional)'), 'Jordan');
    await user.click(screen.getByRole('checkbox', { name: 'Support anonymously' }));
    expect(wall).not.toBeChecked();
    expect(wall).toBeDisabled();
    expect(wall).toHaveAccessibleDescription('Anonymous supporters never appear on the wall.');
    await user.click(screen.getByRole('checkbox', { name: 'Support anonymously' }));
    await user.click(wall);
    await user.click(submitButton());
    await waitFor(() => expect(api.callsTo(SUPPORTS)).toHaveLength(1));
    expect(api.callsTo(SUPPORTS)[0]?.body).toMatchObject({ name: 'Jordan', isAnonymous: false, showOnWall: true });
  });

  it('has no message field when the creator does not accept messages', async () => {
    renderSupport({ profile: fakeProfile({ acceptsMessages: false }) });
    expect(await screen.findByText('Pixel Pat has turned off supporter messages.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Message (optional)')).not.toBeInTheDocument();
  });

  it('prefills name and email for a signed-in supporter', async () => {
    useSessionStore.setState({
      status: 'signed-in',
      user: {
        id: 'u1',
        email: 'sam@example.com',
        username: null,
        displayName: 'Sam Supporter',
        isCreator: false,
        userType: 'supporter',
        emailVerified: true,
      },
    });
    renderSupport();
    expect(await screen.findByLabelText('Name (optional)')).toHaveValue('Sam Supporter');
    expect(screen.getByLabelText(/^Email/)).toHaveValue('sam@example.com');
  });

  it('checks the form before sending anything, and shows each message next to its field', async () => {
    const user = userEvent.setup();
    const api = renderSupport();
    await user.click(await screen.findByRole('button', { name: 'Support with $5' }));
    expect(api.callsTo(SUPPORTS)).toHaveLength(0);
    expect(screen.getByLabelText(/^Email/)).toHaveAccessibleDescription(
      `Required for payment confirmation and receipts ${SUPPORT_MESSAGES.emailRequired}`,
    );
    expect(screen.getByLabelText(/^Email/)).toHaveFocus();
  });

  it('starts the payment with no card, confirms it in the provider’s card field, keeps the receipt and goes to the thank-you', async () => {
    let answer: (value: MockReply) => void = () => undefined;
    const user = userEvent.setup();
    const receipt = fakeReceipt({
      amountCents: 2_500,
      isRecurring: true,
      nextChargeAt: '2026-12-21T12:00:00.000Z',
      subscriptionId: '9c1d2c4b-5a69-4c7d-8e9f-0a1b2c3d4e5f',
    });
    const api = renderSupport({
      checkout: () => json(200, PAYMENT),
      complete: () => new Promise<MockReply>((resolve) => (answer = resolve)),
    });
    const confirms = await fakeCardFrame();
    await user.click(await screen.findByRole('button', { name: /True Believer/ }));
    await user.type(screen.getByLabelText('Message (optional)'), 'Go Pat!');
    await fillValidForm(user);
    await user.click(submitButton());

    expect(submitButton()).toHaveTextContent('Processing...');
    expect(submitButton()).toBeDisabled();
    const [call] = api.callsTo(SUPPORTS);
    expect(call?.body).toEqual({
      amount: 25,
      email: 'bro@example.com',
      name: '',
      message: 'Go Pat!',
      isAnonymous: false,
      isRecurring: true,
      showOnWall: false,
      tierPosition: 2,
      idempotencyKey: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
    });

    await waitFor(() => expect(api.callsTo(COMPLETE)).toHaveLength(1));
    expect(confirms).toEqual([
      { type: 'sandbox-pay:confirm', intentId: 'pi_sandbox_1', clientSecret: 'pi_sandbox_1_secret_x' },
    ]);
    expect(api.callsTo(COMPLETE)[0]?.body).toEqual({ clientSecret: 'pi_sandbox_1_secret_x' });
    await act(async () => answer(json(200, { receipt })));
    expect(await screen.findByTestId('profile-location')).toHaveTextContent('/pixelpat?supported=true');
    expect(JSON.parse(window.sessionStorage.getItem(LAST_RECEIPT_KEY) ?? 'null')).toEqual(receipt);
  });

  describe('in the overlay of /embed.js (?embed=1)', () => {
    const EMBED_ROUTE = '/pixelpat/support?embed=1&origin=https%3A%2F%2Fmy.site';

    function inFrame() {
      const postMessage = vi.fn();
      vi.spyOn(window, 'parent', 'get').mockReturnValue({ postMessage } as unknown as Window);
      return postMessage;
    }
    afterEach(() => vi.restoreAllMocks());

    it('shows the receipt in place of the form, stays on the page and tells the host origin only', async () => {
      const postMessage = inFrame();
      const user = userEvent.setup();
      const receipt = fakeReceipt({ amountCents: 500 });
      renderSupport({ route: EMBED_ROUTE, checkout: () => json(201, { receipt }) });
      expect(await screen.findByRole('link', { name: /Pixel Pat on Be a Bro.*opens in a new tab/ })).toHaveAttribute(
        'target',
        '_blank',
      );
      expect(screen.queryByRole('link', { name: /Back to profile/ })).not.toBeInTheDocument();
      await fillValidForm(user);
      await user.click(submitButton());

      const thanks = (await screen.findByText('Thank you for supporting Pixel Pat!')).closest<HTMLElement>(
        '[role="status"]',
      );
      if (!thanks) throw new Error('no thank-you status');
      expect(thanks).toHaveTextContent('Your receipt is on its way to your inbox.');
      expect(within(thanks).getByLabelText('Receipt')).toHaveTextContent('Visa ending in 4242');
      expect(thanks).toHaveFocus();
      expect(screen.queryByRole('form')).not.toBeInTheDocument();
      expect(screen.queryByTestId('profile-location')).not.toBeInTheDocument();
      expect(postMessage).toHaveBeenCalledTimes(1);
      expect(postMessage).toHaveBeenCalledWith(
        {
          source: 'beabro',
          type: 'support',
          supportId: receipt.supportId,
          creatorUsername: 'pixelpat',
          amountCents: 500,
          isRecurring: false,
        },
        'https://my.site',
      );
    });

    it('posts nothing when the host origin is not a valid origin', async () => {
      const postMessage = inFrame();
      const user = userEvent.setup();
      renderSupport({ route: '/pixelpat/support?embed=1&origin=http%3A%2F%2Fmy.site' });
      await screen.findByRole('heading', { level: 1 });
      await fillValidForm(user);
      await user.click(submitButton());
      expect(await screen.findByText('Thank you for supporting Pixel Pat!')).toBeInTheDocument();
      expect(postMessage).not.toHaveBeenCalled();
    });

    it('shows payment errors inside the overlay as on the page', async () => {
      inFrame();
      const user = userEvent.setup();
      renderSupport({ route: EMBED_ROUTE, checkout: () => json(200, PAYMENT) });
      await screen.findByRole('heading', { level: 1 });
      await fakeCardFrame([{ status: 'failed', message: DECLINED }]);
      await fillValidForm(user);
      await user.click(submitButton());
      expect(await screen.findByText('Your payment didn’t go through')).toBeInTheDocument();
      expect(screen.getByTitle(/Card details/)).toHaveAccessibleDescription(DECLINED);
    });
  });

  it('sends one request for a double click', async () => {
    let answer: (value: MockReply) => void = () => undefined;
    const user = userEvent.setup();
    const api = renderSupport({ checkout: () => new Promise<MockReply>((resolve) => (answer = resolve)) });
    await screen.findByRole('heading', { level: 1 });
    await fillValidForm(user);
    await user.dblClick(submitButton());
    await user.click(submitButton());
    expect(api.callsTo(SUPPORTS)).toHaveLength(1);
    await act(async () => answer(json(201, { receipt: fakeReceipt() })));
    expect(await screen.findByTestId('profile-location')).toBeInTheDocument();
    expect(api.callsTo(SUPPORTS)).toHaveLength(1);
  });

  it('shows the provider’s reason next to the card field, stays on the page, and retries the same intent', async () => {
    const user = userEvent.setup();
    const api = renderSupport({ checkout: () => json(200, PAYMENT) });
    await screen.findByRole('heading', { level: 1 });
    const confirms = await fakeCardFrame([{ status: 'failed', message: DECLINED }]);
    await fillValidForm(user);
    await user.click(submitButton());

    expect(await screen.findByText('Your payment didn’t go through')).toBeInTheDocument();
    const field = screen.getByTitle(/Card details/);
    expect(field).toHaveAccessibleDescription(DECLINED);
    expect(field).toHaveFocus();
    expect(submitButton()).toHaveTextContent('Support with $5');
    expect(api.callsTo(COMPLETE)).toHaveLength(0);

    await user.click(submitButton());
    await screen.findByTestId('profile-location');
    const keys = api.callsTo(SUPPORTS).map((call) => (call.body as { idempotencyKey: string }).idempotencyKey);
    // Another card on the same attempt: same key, same intent, paid once.
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect(confirms).toHaveLength(2);
  });

  it('shows the server’s field messages after a 400', async () => {
    const user = userEvent.setup();
    renderSupport({
      checkout: () =>
        json(400, {
          message: 'Please correct the highlighted fields.',
          fieldErrors: { email: 'Email is invalid' },
        }),
    });
    await screen.findByRole('heading', { level: 1 });
    await fillValidForm(user);
    await user.click(submitButton());
    expect(await screen.findByText('Please correct the highlighted fields.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Email/)).toHaveAccessibleDescription(
      'Required for payment confirmation and receipts Email is invalid',
    );
  });

  it('says when the server cannot be reached, and retries the same request with the same key', async () => {
    const user = userEvent.setup();
    const answers: Array<() => MockReply | Promise<MockReply>> = [
      () => Promise.reject(new TypeError('Failed to fetch')),
      () => Promise.reject(new TypeError('Failed to fetch')),
    ];
    const api = renderSupport({ checkout: () => answers.shift()?.() ?? json(201, { receipt: fakeReceipt() }) });
    await screen.findByRole('heading', { level: 1 });
    await fillValidForm(user);
    await user.click(submitButton());
    expect(await screen.findByText('We couldn’t reach Be a Bro')).toBeInTheDocument();
    expect(screen.getByText(/Check your internet connection and try again/)).toBeInTheDocument();

    await user.click(submitButton());
    await screen.findByText('We couldn’t reach Be a Bro');
    // A changed form is a new attempt.
    await user.click(tierButton(/Fuel the Journey/));
    await user.click(submitButton());
    await screen.findByTestId('profile-location');
    const keys = api.callsTo(SUPPORTS).map((call) => (call.body as { idempotencyKey: string }).idempotencyKey);
    expect(keys).toHaveLength(3);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('explains a rate limit and a payment still processing', async () => {
    const user = userEvent.setup();
    const answers = [
      json(409, { message: 'This payment is already being processed.' }),
      json(429, { message: 'Too many attempts. Please try again in 5 minutes.' }),
    ];
    renderSupport({ checkout: () => answers.shift()! });
    await screen.findByRole('heading', { level: 1 });
    await fillValidForm(user);
    await user.click(submitButton());
    expect(await screen.findByText(/Wait a moment, then check your email for a receipt/)).toBeInTheDocument();
    await user.click(tierButton(/Fuel the Journey/));
    await user.click(submitButton());
    expect(await screen.findByText('Too many attempts. Please try again in 5 minutes.')).toBeInTheDocument();
  });

  it('shows "creator not found" for an unknown username', async () => {
    renderSupport({ profile: null });
    expect(await screen.findByRole('heading', { level: 1, name: 'Creator not found' })).toBeInTheDocument();
  });

  it('counts the visit once', async () => {
    const api = renderSupport();
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(api.callsTo('POST /api/creators/pixelpat/views')).toHaveLength(1));
    expect(api.callsTo('POST /api/creators/pixelpat/views')[0]?.body).toEqual({ page: 'support' });
  });

  describe('with Stripe', () => {
    const STRIPE_COMPLETE = 'POST /api/payments/intents/pi_stripe_1/complete';
    const STRIPE_PAYMENT = {
      payment: {
        capabilities: { cardField: 'stripe-elements', connectedAccounts: true },
        testMode: true,
        intentId: 'pi_stripe_1',
        clientSecret: 'pi_stripe_1_secret_y',
        status: 'requires_payment_method',
        cardFrameUrl: STRIPE_JS_URL,
        publishableKey: 'pk_test_123',
      },
    };

    /** Stands in for Stripe.js (jsdom loads no script): records the key, the mounted intent and each confirmation. */
    function fakeStripeJs(results: StripeConfirmResult[] = []) {
      const seen = { keys: [] as string[], secrets: [] as string[], mounted: 0, confirms: 0 };
      window.Stripe = (key: string): StripeJs => {
        seen.keys.push(key);
        return {
          elements: ({ clientSecret }) => {
            seen.secrets.push(clientSecret);
            return {
              create: () => ({
                mount: () => {
                  seen.mounted += 1;
                },
                destroy: () => undefined,
              }),
            };
          },
          confirmPayment: async () => {
            seen.confirms += 1;
            return results.shift() ?? { paymentIntent: { id: 'pi_stripe_1', status: 'succeeded' } };
          },
          confirmSetup: async () => ({ error: { type: 'invalid_request_error', message: 'not a setup' } }),
          handleNextAction: async () => ({ error: { type: 'invalid_request_error', message: 'nothing to handle' } }),
        };
      };
      return seen;
    }

    afterEach(() => {
      delete window.Stripe;
    });

    it('mounts Stripe’s Payment Element for the intent, then confirms it and completes', async () => {
      const user = userEvent.setup();
      const seen = fakeStripeJs();
      const api = renderSupport({
        profile: fakeProfile({ paymentCapabilities: { cardField: 'stripe-elements', connectedAccounts: true } }),
        checkout: () => json(200, STRIPE_PAYMENT),
        routes: { [STRIPE_COMPLETE]: () => json(200, { receipt: fakeReceipt() }) },
      });
      await screen.findByRole('heading', { level: 1 });
      // Stripe's field needs the intent: no sandbox frame before the first press, and nothing of Stripe mounted.
      expect(screen.getByText(/opens here when you press the button/)).toBeInTheDocument();
      expect(screen.queryByTitle(/Card details/)).not.toBeInTheDocument();
      expect(screen.queryByRole('note', { name: 'Test mode' })).not.toBeInTheDocument();
      expect(seen.mounted).toBe(0);
      await fillValidForm(user);
      await user.click(submitButton());

      // The intent comes first: Stripe's field is mounted for it, nothing is confirmed yet.
      expect(await screen.findByText(/Enter your card in Stripe’s secure field/)).toBeInTheDocument();
      await waitFor(() => expect(seen.mounted).toBe(1));
      expect(seen.keys).toEqual(['pk_test_123']);
      expect(seen.secrets).toEqual(['pi_stripe_1_secret_y']);
      expect(screen.queryByTitle(/Card details/)).not.toBeInTheDocument();
      expect(seen.confirms).toBe(0);
      expect(api.callsTo(STRIPE_COMPLETE)).toHaveLength(0);

      await user.click(submitButton());
      expect(await screen.findByTestId('profile-location')).toHaveTextContent('/pixelpat?supported=true');
      expect(seen.confirms).toBe(1);
      expect(api.callsTo(STRIPE_COMPLETE)[0]?.body).toEqual({ clientSecret: 'pi_stripe_1_secret_y' });
      const keys = api.callsTo(SUPPORTS).map((call) => (call.body as { idempotencyKey: string }).idempotencyKey);
      // One attempt: the second press replays it (same key, same intent).
      expect(keys).toHaveLength(2);
      expect(keys[1]).toBe(keys[0]);
    });

    it('shows Stripe’s decline next to its field and stays on the page', async () => {
      const user = userEvent.setup();
      const seen = fakeStripeJs([{ error: { type: 'card_error', message: DECLINED } }]);
      const api = renderSupport({ checkout: () => json(200, STRIPE_PAYMENT) });
      await screen.findByRole('heading', { level: 1 });
      await fillValidForm(user);
      await user.click(submitButton());
      await waitFor(() => expect(seen.mounted).toBe(1));
      await user.click(submitButton());

      expect(await screen.findByText('Your payment didn’t go through')).toBeInTheDocument();
      expect(document.getElementById('support-card-field')).toHaveAccessibleDescription(DECLINED);
      expect(api.callsTo(STRIPE_COMPLETE)).toHaveLength(0);
    });

    it('completes the payment when Stripe comes back to the page (return_url)', async () => {
      const receipt = fakeReceipt();
      const api = renderSupport({
        route:
          '/pixelpat/support?payment_intent=pi_stripe_1&payment_intent_client_secret=pi_stripe_1_secret_y&redirect_status=succeeded',
        routes: { [STRIPE_COMPLETE]: () => json(200, { receipt }) },
      });
      expect(await screen.findByTestId('profile-location')).toHaveTextContent('/pixelpat?supported=true');
      expect(api.callsTo(STRIPE_COMPLETE)).toHaveLength(1);
      expect(api.callsTo(STRIPE_COMPLETE)[0]?.body).toEqual({ clientSecret: 'pi_stripe_1_secret_y' });
      expect(api.callsTo(SUPPORTS)).toHaveLength(0);
      expect(JSON.parse(window.sessionStorage.getItem(LAST_RECEIPT_KEY) ?? 'null')).toEqual(receipt);
    });

    it('says why when the payment Stripe came back with was not paid', async () => {
      renderSupport({
        route:
          '/pixelpat/support?payment_intent=pi_stripe_1&payment_intent_client_secret=pi_stripe_1_secret_y&redirect_status=failed',
        routes: { [STRIPE_COMPLETE]: () => json(402, { message: DECLINED }) },
      });
      expect(await screen.findByText(DECLINED)).toBeInTheDocument();
      expect(screen.queryByTestId('profile-location')).not.toBeInTheDocument();
    });
  });
});
