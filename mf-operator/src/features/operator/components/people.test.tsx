import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { OPERATOR_ONLY_MESSAGE, OPERATOR_TWO_FACTOR_MESSAGE } from '@beabro/shared/api-schemas/operator';
import { json, mockApi } from '@beabro/shared/testing/msw';
import { person, personDetail, USER_ID } from '../../../testing/fixtures';
import { renderConsole } from '../../../testing/render-console';

vi.setConfig({ testTimeout: 20_000 });

describe('People', () => {
  it('opens on People, searches and links each result to the person', async () => {
    const user = userEvent.setup();
    const api = mockApi({ 'GET /api/operator/people': json(200, { people: [person()] }) });
    renderConsole('/operator');
    expect(await screen.findByRole('heading', { name: 'People' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'People' })).toHaveAttribute('aria-current', 'page');
    await user.type(screen.getByLabelText('Email, username, name or support id'), 'maya@example.com');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    const table = await screen.findByRole('region', { name: 'People found' });
    expect(within(table).getByRole('link', { name: 'Maya Builds' })).toHaveAttribute(
      'href',
      `/operator/people/${USER_ID}`,
    );
    expect(within(table).getByText('Active')).toBeInTheDocument();
    expect(api.callsTo('GET /api/operator/people')[0]?.query.get('q')).toBe('maya@example.com');
  });

  it('says when nobody matches', async () => {
    mockApi({ 'GET /api/operator/people': json(200, { people: [] }) });
    renderConsole('/operator/people?q=nobody');
    expect(await screen.findByText('Nobody matches that search.')).toBeInTheDocument();
  });

  it('shows the two-factor message with the way to Settings', async () => {
    mockApi({ 'GET /api/operator/people': json(403, { message: OPERATOR_TWO_FACTOR_MESSAGE }) });
    renderConsole('/operator/people?q=maya');
    expect(await screen.findByRole('alert')).toHaveTextContent(OPERATOR_TWO_FACTOR_MESSAGE);
    expect(screen.getByRole('link', { name: 'Open Settings' })).toHaveAttribute('href', '/settings?tab=account');
  });

  it('shows the operators-only message to anyone else', async () => {
    mockApi({ 'GET /api/operator/people': json(403, { message: OPERATOR_ONLY_MESSAGE }) });
    renderConsole('/operator/people?q=maya');
    expect(await screen.findByRole('alert')).toHaveTextContent(OPERATOR_ONLY_MESSAGE);
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });
});

describe('a person', () => {
  it('shows their money and sign-ins, and suspends them with a reason after confirming', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      [`GET /api/operator/people/${USER_ID}`]: json(200, {
        ...personDetail(),
        payouts: [
          {
            id: 'po_1QwXyz2eZvKYlo2C',
            weekStart: null,
            amountCents: 1900,
            currency: 'usd',
            status: 'paid',
            holdReason: null,
            createdAt: '2026-12-01T10:00:00.000Z',
          },
          {
            id: '7b2e9d3f-4c5e-4f6a-9b0c-1d2e3f4a5b6c',
            weekStart: '2026-11-16',
            amountCents: 1000,
            currency: 'usd',
            status: 'paid',
            holdReason: null,
            createdAt: '2026-11-24T10:00:00.000Z',
          },
        ],
      }),
      [`POST /api/operator/people/${USER_ID}/suspend`]: (call) =>
        (call.body as { reason: string }).reason === 'Spam'
          ? json(
              200,
              personDetail({
                suspension: {
                  reason: 'Spam',
                  suspendedAt: '2026-12-06T06:00:00.000Z',
                  suspendedBy: 'olive@example.com',
                },
              }),
            )
          : json(400, { message: 'Please correct the highlighted fields.', fieldErrors: { reason: 'Too vague.' } }),
    });
    renderConsole(`/operator/people/${USER_ID}`);
    expect(await screen.findByRole('heading', { name: 'Maya Builds' })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Supports received' })).getByText('$25.00')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Sign-ins' })).getByText('203.0.113.7')).toBeInTheDocument();
    // A Stripe payout covers no week (a dash); a weekly payout names its week.
    const payouts = within(screen.getByRole('region', { name: 'Payouts' })).getAllByRole('row');
    expect(payouts[1]).toHaveTextContent('—$19.00paid—Dec 1, 2026, 10:00 AM UTC');
    expect(payouts[2]).toHaveTextContent('Nov 16, 2026$10.00paid—Nov 24, 2026, 10:00 AM UTC');

    await user.click(screen.getByRole('button', { name: 'Suspend' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Suspend Maya Builds?' }));
    await user.click(dialog.getByRole('button', { name: 'Suspend' }));
    expect(await dialog.findByText('Give a reason: the person is shown it.')).toBeInTheDocument();
    expect(api.callsTo('POST', `/api/operator/people/${USER_ID}/suspend`)).toHaveLength(0);

    await user.type(dialog.getByLabelText('Reason'), 'Vague');
    await user.click(dialog.getByRole('button', { name: 'Suspend' }));
    expect(await dialog.findByText('Too vague.')).toBeInTheDocument();

    await user.clear(dialog.getByLabelText('Reason'));
    await user.type(dialog.getByLabelText('Reason'), 'Spam');
    await user.click(dialog.getByRole('button', { name: 'Suspend' }));
    const outcome = await screen.findByText('Maya Builds is suspended.');
    expect(outcome).toHaveAttribute('role', 'status');
    expect(outcome).toHaveFocus();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByText('Suspended', { selector: 'span' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Lift suspension' })).toBeInTheDocument();
  });

  it('forces a sign-out and resends the verification email, saying how it went', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      [`GET /api/operator/people/${USER_ID}`]: json(200, personDetail({ emailVerified: false })),
      [`POST /api/operator/people/${USER_ID}/sign-out`]: json(200, { message: 'Signed out of 2 sessions.' }),
      [`POST /api/operator/people/${USER_ID}/resend-verification`]: json(409, { message: 'Sent too recently.' }),
    });
    renderConsole(`/operator/people/${USER_ID}`);
    await user.click(await screen.findByRole('button', { name: 'Force sign-out' }));
    expect(await screen.findByText('Signed out of 2 sessions.')).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Resend verification' }));
    const failure = await screen.findByText('Sent too recently.');
    expect(failure).toHaveAttribute('role', 'alert');
    expect(failure).toHaveFocus();
    expect(api.callsTo('POST', `/api/operator/people/${USER_ID}/sign-out`)).toHaveLength(1);
  });
});
