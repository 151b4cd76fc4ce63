import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockApi } from '@beabro/shared/testing/msw';
import { report, REPORT_ID, USER_ID } from '../../../testing/fixtures';
import { renderConsole } from '../../../testing/render-console';

vi.setConfig({ testTimeout: 20_000 });

const queueItem = {
  userId: USER_ID,
  username: 'maya',
  displayName: 'Maya Builds',
  createdAt: '2026-11-02T10:00:00.000Z',
  firstSupportAt: '2026-11-20T12:00:00.000Z',
  supportsCount: 3,
  currency: 'usd',
  grossCents: 7500,
  unpaidCents: 6800,
};
const settings = { reviewThresholdCents: 10_000, reviewHoldDays: 14 };

describe('Reviews', () => {
  it('marks a creator reviewed and the queue is loaded again', async () => {
    const user = userEvent.setup();
    let reviewed = false;
    const api = mockApi({
      'GET /api/operator/reviews': () => json(200, { creators: reviewed ? [] : [queueItem], settings }),
      [`POST /api/operator/people/${USER_ID}/review`]: () => {
        reviewed = true;
        return json(200, { message: 'Maya Builds is reviewed.' });
      },
    });
    renderConsole('/operator/reviews');
    const queue = await screen.findByRole('region', { name: 'Creators waiting for review' });
    expect(within(queue).getByText('$68.00')).toBeInTheDocument();
    await user.click(within(queue).getByRole('button', { name: 'Mark @maya reviewed' }));
    expect(await screen.findByText('Maya Builds is reviewed.')).toHaveFocus();
    expect(await screen.findByText('No creators wait for a review.')).toBeInTheDocument();
    expect(api.callsTo('GET /api/operator/reviews').length).toBeGreaterThanOrEqual(2);
  });

  it('saves the threshold in dollars as cents, and checks the fields first', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      'GET /api/operator/reviews': json(200, { creators: [], settings }),
      'PUT /api/operator/settings': (call) => json(200, call.body),
    });
    renderConsole('/operator/reviews');
    const threshold = await screen.findByLabelText('Review threshold (dollars)');
    expect(threshold).toHaveValue('100');
    const days = screen.getByLabelText('Hold (days after the first support)');
    await user.clear(days);
    await user.type(days, '1.5');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Enter whole days.')).toBeInTheDocument();
    await user.clear(days);
    await user.type(days, '30');
    await user.clear(threshold);
    await user.type(threshold, '250.50');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Review settings saved.')).toBeInTheDocument();
    expect(api.callsTo('PUT /api/operator/settings')[0]?.body).toEqual({
      reviewThresholdCents: 25_050,
      reviewHoldDays: 30,
    });
  });
});

describe('Reports', () => {
  it('resolves an open report with an action and a reason', async () => {
    const user = userEvent.setup();
    let resolved = false;
    const api = mockApi({
      'GET /api/operator/reports?status=open': () => json(200, { reports: resolved ? [] : [report()] }),
      'GET /api/operator/reports?status=closed': () =>
        json(200, {
          reports: resolved
            ? [report({ status: 'hidden', resolvedAt: '2026-12-06T06:00:00.000Z', resolvedBy: 'olive@example.com' })]
            : [],
        }),
      [`POST /api/operator/reports/${REPORT_ID}/resolve`]: () => {
        resolved = true;
        return json(200, { message: 'Resolved.' });
      },
    });
    renderConsole('/operator/reports');
    const open = await screen.findByRole('region', { name: 'Open reports' });
    expect(within(open).getByText('Scam or fraud')).toBeInTheDocument();
    await user.click(within(open).getByRole('button', { name: 'Resolve the report about @maya' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Resolve report' }));
    await user.click(dialog.getByRole('button', { name: 'Resolve' }));
    expect(await dialog.findByText('Give a reason.')).toBeInTheDocument();
    await user.selectOptions(dialog.getByLabelText('Action'), 'hide');
    await user.type(dialog.getByLabelText('Reason'), 'Scam page');
    await user.click(dialog.getByRole('button', { name: 'Resolve' }));
    expect(await screen.findByText('Hidden. The creator is emailed why.')).toHaveFocus();
    expect(api.callsTo('POST', `/api/operator/reports/${REPORT_ID}/resolve`)[0]?.body).toEqual({
      action: 'hide',
      reason: 'Scam page',
    });
    expect(await screen.findByText('No open reports.')).toBeInTheDocument();
    const closed = await screen.findByRole('region', { name: 'Closed reports' });
    expect(within(closed).getByRole('button', { name: 'Unhide the page of @maya' })).toBeInTheDocument();
  });

  it('shows a hidden post again', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      'GET /api/operator/reports?status=open': json(200, { reports: [] }),
      'GET /api/operator/reports?status=closed': json(200, {
        reports: [
          report({
            status: 'hidden',
            postId: '3a9e0c1d-2b4f-4e6a-8c7d-5f1e2d3c4b5a',
            postTitle: 'Studio update',
            resolvedAt: '2026-12-05T06:00:00.000Z',
            resolvedBy: 'olive@example.com',
          }),
        ],
      }),
      [`POST /api/operator/reports/${REPORT_ID}/unhide`]: json(200, { message: 'Shown again.' }),
    });
    renderConsole('/operator/reports');
    await user.click(await screen.findByRole('button', { name: 'Unhide the post of @maya' }));
    expect(await screen.findByText('The post is shown again.')).toHaveFocus();
    expect(api.callsTo('POST', `/api/operator/reports/${REPORT_ID}/unhide`)).toHaveLength(1);
  });
});
