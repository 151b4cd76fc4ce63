import { dehydrate, hydrate } from '@tanstack/react-query';
import { act, screen, waitFor } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { CONTACT_MESSAGES } from '@beabro/shared/api-schemas/help-contact';
import { useSessionStore } from '@beabro/shared/session/session-store';
import { AppProviders, createQueryClient } from '@beabro/shared/ui/app-providers';
import { renderOnServer } from '@beabro/shared/testing/server-render';
import HelpArea, { prefetch } from './help';

// What a visitor types into the server-rendered contact form before the page hydrates is replayed by the shell
// (shell/src/features/ssr/replay-early-input.ts) as their own input: the form's registered (uncontrolled)
// fields must take it, and Send must send it.

const routes = (
  <Routes>
    <Route path="/help" element={<HelpArea basePath="/help" />} />
  </Routes>
);

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** The shell's replay of one typed value: the rendered value back, the typed one through the native setter, an event. */
function replay(control: Control, typed: string) {
  control.value = control instanceof HTMLSelectElement ? '' : control.defaultValue;
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(control) as object, 'value')?.set?.call(control, typed);
  control.dispatchEvent(new Event(control instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
}

const fetchMock = vi.fn(async (path: string, _init?: RequestInit) =>
  path.startsWith('/api/help/contact')
    ? new Response(JSON.stringify({ id: '3f1f7b1e-8d5c-4a37-9a7e-0f2a4b1c9d11' }), {
        status: 201,
        headers: { 'Content-Type': 'application/json' },
      })
    : new Response(JSON.stringify({ supportEmail: 'help@beabro.example' }), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      }),
);

beforeEach(() => {
  useSessionStore.setState({ status: 'signed-out', user: null });
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

it('sends what was typed into the server-rendered contact form before hydration, once replayed', async () => {
  const queryClient = createQueryClient();
  await prefetch({ params: {}, searchParams: new URLSearchParams(), queryClient });
  const container = document.createElement('div');
  container.innerHTML = renderOnServer(routes, { url: '/help', queryClient });
  document.body.append(container);

  // Typed before the scripts ran: React is not listening yet.
  const typed: Array<[Control, string]> = [
    [container.querySelector('input[name="name"]')!, 'Jamie Doe'],
    [container.querySelector('input[name="email"]')!, 'jamie@example.com'],
    [container.querySelector('select[name="topic"]')!, 'payments'],
    [container.querySelector('textarea[name="message"]')!, 'My payout has not arrived this week.'],
  ];
  for (const [control, value] of typed) control.value = value;

  const browserClient = createQueryClient();
  hydrate(browserClient, JSON.parse(JSON.stringify(dehydrate(queryClient))));
  const root = await act(async () =>
    hydrateRoot(
      container,
      <AppProviders queryClient={browserClient}>
        <MemoryRouter initialEntries={['/help']}>{routes}</MemoryRouter>
      </AppProviders>,
    ),
  );
  try {
    act(() => {
      for (const [control, value] of typed) replay(control, value);
    });
    const send = screen.getByRole('button', { name: 'Send message' });
    await waitFor(() => expect(send).toBeEnabled());
    act(() => send.click());

    expect(await screen.findByText(CONTACT_MESSAGES.sent)).toBeInTheDocument();
    const [, init] = fetchMock.mock.calls.find(([path]) => path === '/api/help/contact') ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({
      name: 'Jamie Doe',
      email: 'jamie@example.com',
      topic: 'payments',
      message: 'My payout has not arrived this week.',
    });
  } finally {
    act(() => root.unmount());
    container.remove();
  }
});
