import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { REPORT_RECEIVED_MESSAGE } from '@beabro/shared/api-schemas/operator';
import { renderWithProviders } from '@beabro/shared/testing/render-with-providers';
import { heldReply, json, mockApi } from '@beabro/shared/testing/msw';
import { ReportLink } from './report-link';

vi.setConfig({ testTimeout: 20_000 });

const POST_ID = '0b7d4c8e-5f1a-4a8e-9c55-3d2f1e6a7b90';

async function openDialog(props: { username: string; postId?: string }) {
  const user = userEvent.setup();
  renderWithProviders(<ReportLink {...props} />);
  await user.click(screen.getByRole('button', { name: props.postId ? 'Report this post' : 'Report this page' }));
  const dialog = await screen.findByRole('dialog', { name: props.postId ? 'Report this post' : 'Report this page' });
  return { user, dialog: within(dialog) };
}

describe('the Report link', () => {
  it('asks for a reason before sending anything', async () => {
    const api = mockApi({ 'POST /api/reports': json(202, { message: REPORT_RECEIVED_MESSAGE }) });
    const { user, dialog } = await openDialog({ username: 'pixelpat' });
    await user.click(dialog.getByRole('button', { name: 'Send report' }));
    expect(await dialog.findByText('Choose a reason.')).toBeInTheDocument();
    await user.click(dialog.getByLabelText('Spam'));
    await user.type(dialog.getByLabelText('Your email (optional)'), 'not-an-email');
    await user.click(dialog.getByRole('button', { name: 'Send report' }));
    expect(await dialog.findByText('Enter a valid email address.')).toBeInTheDocument();
    expect(dialog.queryByText('Choose a reason.')).not.toBeInTheDocument();
    expect(api.callsTo('POST /api/reports')).toHaveLength(0);
  });

  it('sends a report of a post and says it was received', async () => {
    const reply = heldReply(json(202, { message: REPORT_RECEIVED_MESSAGE }));
    const api = mockApi({ 'POST /api/reports': reply.handler });
    const { user, dialog } = await openDialog({ username: 'pixelpat', postId: POST_ID });
    await user.click(dialog.getByLabelText('Pretends to be someone else'));
    await user.type(dialog.getByLabelText('What is wrong (optional)'), 'Copies another artist.');
    await user.type(dialog.getByLabelText('Your email (optional)'), 'sam@example.com');
    await user.click(dialog.getByRole('button', { name: 'Send report' }));
    expect(await dialog.findByRole('button', { name: 'Sending…' })).toBeDisabled();
    reply.release();
    expect(await dialog.findByRole('status')).toHaveTextContent(REPORT_RECEIVED_MESSAGE);
    // Focus moves to it in an effect after the render that shows it.
    await waitFor(() => expect(dialog.getByRole('status')).toHaveFocus());
    expect(api.callsTo('POST /api/reports')[0]?.body).toEqual({
      username: 'pixelpat',
      postId: POST_ID,
      reason: 'impersonation',
      message: 'Copies another artist.',
      email: 'sam@example.com',
    });
    await user.click(dialog.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('leaves out the optional fields left empty, and shows the API field messages next to their fields', async () => {
    const api = mockApi({
      'POST /api/reports': json(400, {
        message: 'Please correct the highlighted fields.',
        fieldErrors: { message: 'At most 1000 characters.' },
      }),
    });
    const { user, dialog } = await openDialog({ username: 'pixelpat' });
    await user.click(dialog.getByLabelText('Something else'));
    await user.click(dialog.getByRole('button', { name: 'Send report' }));
    expect(await dialog.findByText('At most 1000 characters.')).toBeInTheDocument();
    expect(dialog.getByLabelText('What is wrong (optional)')).toHaveAttribute('aria-invalid', 'true');
    expect(dialog.getByText('Please correct the highlighted fields.')).toBeInTheDocument();
    expect(api.callsTo('POST /api/reports')[0]?.body).toEqual({ username: 'pixelpat', reason: 'other' });
  });

  it('says why when the report could not be sent (rate limit)', async () => {
    mockApi({ 'POST /api/reports': json(429, { message: 'Too many reports. Try again later.' }) });
    const { user, dialog } = await openDialog({ username: 'pixelpat' });
    await user.click(dialog.getByLabelText('Scam or fraud'));
    await user.click(dialog.getByRole('button', { name: 'Send report' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('Too many reports. Try again later.');
  });
});
