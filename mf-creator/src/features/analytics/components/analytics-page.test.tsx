import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { heldReply, mockApi } from '@beabro/shared/testing/msw';
import { renderArea } from '../../../testing/render-area';
import { sampleAnalytics } from '../../../testing/sample-data';
import { AnalyticsPage } from './analytics-page';

const renderAnalytics = (route = '/analytics') => renderArea(<AnalyticsPage />, { path: '/analytics', route });

describe('AnalyticsPage', () => {
  it('loads 30 days by default and shows the summary against the period before', async () => {
    const api = mockApi({ 'GET /api/creator/analytics?period=30d': { body: sampleAnalytics() } });
    renderAnalytics();
    expect(screen.getByRole('heading', { level: 1, name: 'Analytics' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '30 days' })).toHaveAttribute('aria-pressed', 'true');
    const summary = await screen.findByRole('region', { name: 'Summary' });
    expect(within(summary).getByText('Earnings').parentElement).toHaveTextContent('$253.00');
    expect(summary).toHaveTextContent('+462.2% vs the period before ($45.00)');
    expect(within(summary).getByText('You Receive').parentElement).toHaveTextContent('$229.98');
    expect(summary).toHaveTextContent('Average $25.30; 2 monthly');
    expect(summary).not.toHaveTextContent('paused');
    expect(summary).toHaveTextContent('9 new; +350% vs the period before (2)');
    expect(screen.getByText('May 17, 2025 – Jun 15, 2025 (UTC)')).toBeInTheDocument();
    expect(api.calls.map((c) => c.path)).toEqual(['/api/creator/analytics?period=30d']);
  });

  it('changes the data and the URL when another period is chosen', async () => {
    const week = heldReply({
      body: sampleAnalytics({
        period: '7d',
        summary: { ...sampleAnalytics().summary, grossCents: 12_500, supports: 6 },
      }),
    });
    const api = mockApi({
      'GET /api/creator/analytics?period=30d': { body: sampleAnalytics() },
      'GET /api/creator/analytics?period=7d': week.handler,
    });
    const user = userEvent.setup();
    renderAnalytics();
    await screen.findByRole('region', { name: 'Summary' });
    await user.click(screen.getByRole('button', { name: '7 days' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/analytics?period=7d');
    expect(screen.getByRole('button', { name: '7 days' })).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByText('Loading the last 7 days...')).toBeInTheDocument();
    week.release();
    expect(await screen.findByText('Showing the last 7 days.')).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Summary' })).getByText('Earnings').parentElement,
    ).toHaveTextContent('$125.00');
    expect(api.calls.map((c) => c.path)).toContain('/api/creator/analytics?period=7d');
  });

  it('counts the monthly supports paused right now apart', async () => {
    mockApi({
      'GET /api/creator/analytics?period=30d': {
        body: sampleAnalytics({ summary: { ...sampleAnalytics().summary, pausedSupports: 3 } }),
      },
    });
    renderAnalytics();
    const summary = await screen.findByRole('region', { name: 'Summary' });
    expect(summary).toHaveTextContent('Average $25.30; 2 monthly; 3 paused now');
  });

  it('opens the period in the URL and links Export to that period’s CSV', async () => {
    mockApi({ 'GET /api/creator/analytics?period=1y': { body: sampleAnalytics({ period: '1y' }) } });
    renderAnalytics('/analytics?period=1y');
    expect(screen.getByRole('button', { name: '1 year' })).toHaveAttribute('aria-pressed', 'true');
    const exportLink = screen.getByRole('link', { name: /Export CSV/ });
    expect(exportLink).toHaveAttribute('href', '/api/creator/analytics/export.csv?period=1y');
    expect(exportLink).toHaveAttribute('download');
    // The site's line icon, not a text arrow beside the SVG icon set.
    expect(exportLink).toHaveAccessibleName('Export CSV');
    expect(exportLink.querySelector('svg[aria-hidden="true"]')).not.toBeNull();
    expect(exportLink).not.toHaveTextContent('⬇');
    expect(await screen.findByRole('region', { name: 'Monthly Earnings' })).toBeInTheDocument();
    expect(await screen.findByText('Showing the last year.')).toBeInTheDocument();
  });

  it('scales the earnings bars to the largest bucket and offers the figures as a table', async () => {
    mockApi({ 'GET /api/creator/analytics?period=30d': { body: sampleAnalytics() } });
    const user = userEvent.setup();
    renderAnalytics();
    const chart = await screen.findByRole('region', { name: 'Monthly Earnings' });
    const image = within(chart).getByRole('img');
    expect(image).toHaveAccessibleName(
      'Monthly Earnings. $250.00 in total; the highest was $200.00 (Jun 2025 (to Jun 15)).',
    );
    const bars = within(image).getAllByTitle(/\$/);
    expect(bars.map((bar) => getComputedStyle(bar).height)).toEqual(['25%', '0%', '100%']);
    await user.click(within(chart).getByRole('button', { name: 'Show as table' }));
    const table = within(chart).getByRole('table');
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([
      'MonthEarningsYou receiveSupports',
      'Apr 2025$50.00$45.001',
      'May 2025$0.00$0.000',
      'Jun 2025 (to Jun 15)$200.00$180.004',
    ]);
    expect(within(chart).getByRole('button', { name: 'Show as chart' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('shows the support distribution with $51+, top supporters with Anonymous together, recent activity and traffic', async () => {
    mockApi({ 'GET /api/creator/analytics?period=30d': { body: sampleAnalytics() } });
    renderAnalytics();
    const distribution = await screen.findByRole('region', { name: 'Support Distribution' });
    expect(
      within(distribution)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['RangeShareSupports', '$1-530%3', '$6-1530%3', '$16-2520%2', '$26-5010%1', '$51+10%1']);

    const top = screen.getByRole('region', { name: 'Top Supporters' });
    const rows = within(top).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('Casey Nguyen1 support$100.00');
    expect(rows[1]).toHaveTextContent('Anonymous2 supports$25.00');
    expect(rows[2]).toHaveTextContent('Monthly');

    const activity = screen.getByRole('region', { name: 'Recent Activity' });
    const events = within(activity)
      .getAllByRole('listitem')
      .map((item) => item.textContent ?? '');
    expect(events[0]).toContain('Goal reached: New mic ($200)');
    expect(events[1]).toContain('New supporter: Jordan');
    expect(events[2]).toContain('Jordan supported you with $5.00');
    expect(events[3]).toContain('An anonymous supporter supported you with $15.00 a month');

    const traffic = screen.getByRole('region', { name: 'Traffic & Engagement' });
    expect(traffic).toHaveTextContent('25% of support page visits became a new supporter');
    expect(within(traffic).getByText('How is the conversion rate counted?')).toBeInTheDocument();
    expect(traffic).toHaveTextContent('It never goes above 100%.');
    expect(within(traffic).getByRole('img')).toHaveAccessibleName(
      /Profile views: 120; Support page views: 40; New supporters: 10/,
    );
  });

  it("shows every amount in the creator's currency: pounds for a GBP creator", async () => {
    mockApi({ 'GET /api/creator/analytics?period=30d': { body: sampleAnalytics({ currency: 'gbp' }) } });
    const user = userEvent.setup();
    renderAnalytics();
    const summary = await screen.findByRole('region', { name: 'Summary' });
    expect(within(summary).getByText('Earnings').parentElement).toHaveTextContent('£253.00');
    expect(summary).toHaveTextContent('+462.2% vs the period before (£45.00)');
    expect(within(summary).getByText('You Receive').parentElement).toHaveTextContent('£229.98');
    expect(summary).toHaveTextContent('Average £25.30; 2 monthly');
    const chart = screen.getByRole('region', { name: 'Monthly Earnings' });
    expect(within(chart).getByRole('img')).toHaveAccessibleName(
      'Monthly Earnings. £250.00 in total; the highest was £200.00 (Jun 2025 (to Jun 15)).',
    );
    await user.click(within(chart).getByRole('button', { name: 'Show as table' }));
    expect(within(chart).getByRole('table')).toHaveTextContent('Apr 2025£50.00£45.001');
    const distribution = screen.getByRole('region', { name: 'Support Distribution' });
    expect(
      within(distribution)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['RangeShareSupports', '£1-530%3', '£6-1530%3', '£16-2520%2', '£26-5010%1', '£51+10%1']);
    const top = within(screen.getByRole('region', { name: 'Top Supporters' })).getAllByRole('listitem');
    expect(top[0]).toHaveTextContent('Casey Nguyen1 support£100.00');
    const activity = screen.getByRole('region', { name: 'Recent Activity' });
    expect(activity).toHaveTextContent('Goal reached: New mic (£200)');
    expect(activity).toHaveTextContent('Jordan supported you with £5.00');
    expect(document.body).not.toHaveTextContent('$');
  });

  it('says so when a period has no supports', async () => {
    const empty = sampleAnalytics({
      period: '7d',
      summary: {
        ...sampleAnalytics().summary,
        grossCents: 0,
        netCents: 0,
        supports: 0,
        supporters: 0,
        newSupporters: 0,
        averageSupportCents: 0,
      },
      earnings: {
        granularity: 'day',
        buckets: [{ start: '2025-06-15', end: '2025-06-15', grossCents: 0, netCents: 0, supports: 0 }],
      },
      topSupporters: [],
      recentActivity: [],
    });
    mockApi({ 'GET /api/creator/analytics?period=7d': { body: empty } });
    renderAnalytics('/analytics?period=7d');
    expect(await screen.findByText(/No supports in the last 7 days yet/)).toBeInTheDocument();
    expect(screen.getByText('No supporters in this period yet.')).toBeInTheDocument();
    expect(screen.getByText('Nothing happened in this period yet.')).toBeInTheDocument();
    expect(screen.getByText('No earnings in this period yet.')).toBeInTheDocument();
  });

  it('explains a failure with a retry', async () => {
    mockApi({
      'GET /api/creator/analytics?period=30d': {
        status: 500,
        body: { message: 'Something went wrong on our side. Please try again.' },
      },
    });
    renderAnalytics();
    expect(await screen.findByText('We could not load your analytics.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
