import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CONTACT_MESSAGES } from '@beabro/shared/api-schemas/help-contact';
import { useSessionStore } from '@beabro/shared/session/session-store';
import { json, mockApi, type MockReply } from '@beabro/shared/testing/msw';
import { renderWithProviders } from '@beabro/shared/testing/render-with-providers';
import { ContactForm } from './contact-form';

let answer: () => MockReply;
let api: ReturnType<typeof mockApi>;

beforeEach(() => {
  answer = () => json(201, { id: '3f1f7b1e-8d5c-4a37-9a7e-0f2a4b1c9d11' });
  api = mockApi({ 'POST /api/help/contact': () => answer() });
  useSessionStore.getState().setUser(null);
});

afterEach(() => {
  useSessionStore.getState().setUser(null);
});

async function fillIn(
  user: ReturnType<typeof userEvent.setup>,
  { name = 'Jamie Doe', email = 'jamie@example.com', message = 'My payout has not arrived this week.' } = {},
) {
  if (name) {
    await user.click(screen.getByLabelText('Your name'));
    await user.paste(name);
  }
  if (email) {
    await user.click(screen.getByLabelText(/^Email/));
    await user.paste(email);
  }
  await user.selectOptions(screen.getByLabelText('Topic'), 'Payments and payouts');
  await user.click(screen.getByLabelText('Message'));
  await user.paste(message);
}

describe('ContactForm', () => {
  it('shows every missing field next to it and sends nothing', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ContactForm />);
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText(CONTACT_MESSAGES.nameRequired)).toBeInTheDocument();
    expect(screen.getByText(CONTACT_MESSAGES.emailRequired)).toBeInTheDocument();
    expect(screen.getByText(CONTACT_MESSAGES.topicRequired)).toBeInTheDocument();
    expect(screen.getByText(CONTACT_MESSAGES.messageRequired)).toBeInTheDocument();
    expect(screen.getByLabelText('Your name')).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(screen.getByLabelText('Your name')).toHaveFocus());
    expect(api.calls).toHaveLength(0);
  });

  it('sends the request and confirms where the reply goes', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ContactForm />);
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText(CONTACT_MESSAGES.sent)).toBeInTheDocument();
    expect(screen.getByText('jamie@example.com')).toBeInTheDocument();
    const [call] = api.calls;
    expect(call?.path).toBe('/api/help/contact');
    expect(call?.body).toEqual({
      name: 'Jamie Doe',
      email: 'jamie@example.com',
      topic: 'payments',
      message: 'My payout has not arrived this week.',
    });
    await user.click(screen.getByRole('button', { name: 'Send another message' }));
    expect(screen.getByLabelText('Message')).toHaveValue('');
  });

  it("shows the server's field messages next to the fields", async () => {
    answer = () => json(400, { message: 'Invalid request', fieldErrors: { email: CONTACT_MESSAGES.emailInvalid } });
    const user = userEvent.setup();
    renderWithProviders(<ContactForm />);
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText(CONTACT_MESSAGES.emailInvalid)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Email/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('says when to try again after too many messages', async () => {
    answer = () => json(429, { message: 'Too many requests' }, { 'Retry-After': '600' });
    const user = userEvent.setup();
    renderWithProviders(<ContactForm />);
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You have sent several messages already. Please try again in 10 minutes.',
    );
  });

  it('sends once when Send is pressed again while the checks load', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ContactForm />);
    await fillIn(user);
    const send = screen.getByRole('button', { name: 'Send message' });
    await Promise.all([user.click(send), user.click(send)]);
    expect(await screen.findByText(CONTACT_MESSAGES.sent)).toBeInTheDocument();
    expect(api.calls).toHaveLength(1);
  });

  it('fills in the name and email of a signed-in person', async () => {
    renderWithProviders(<ContactForm />);
    expect(screen.getByLabelText('Your name')).toHaveValue('');
    act(() =>
      useSessionStore.getState().setUser({
        id: '3f1f7b1e-8d5c-4a37-9a7e-0f2a4b1c9d12',
        email: 'pat@example.com',
        username: 'pixelpat',
        displayName: 'Pixel Pat',
        isCreator: true,
        userType: 'creator',
        emailVerified: true,
      }),
    );
    expect(await screen.findByDisplayValue('Pixel Pat')).toBe(screen.getByLabelText('Your name'));
    expect(screen.getByLabelText(/^Email/)).toHaveValue('pat@example.com');
  });
});
