// @vitest-environment node
import { Route, Routes } from 'react-router-dom';
import { FAQ_ITEMS } from '@beabro/shared/data/faq';
import { useSessionStore } from '@beabro/shared/session/session-store';
import { json, mockApi } from '@beabro/shared/testing/msw';
import { prefetchAndRenderOnServer } from '@beabro/shared/testing/server-render';
import HelpArea, { prefetch } from './help';

// The shell's server render (contract 1.1) in a real Node environment: the area's prefetch fills the
// request's query client, then the page is rendered to HTML for a signed-out visitor.

const SUPPORT_EMAIL = 'help@beabro.example';

const routes = (
  <Routes>
    <Route path="/help" element={<HelpArea basePath="/help" />} />
  </Routes>
);

function answer(status: number, body: unknown) {
  return mockApi({ 'GET /api/site-config': json(status, body) });
}

/** One request as the shell serves it: prefetch into a fresh query client, then render the page at `url`. */
async function serverRender(url: string, { retry = 1 }: { retry?: number } = {}) {
  return prefetchAndRenderOnServer(routes, { url, prefetch, retry });
}

beforeEach(() => useSessionStore.setState({ status: 'signed-out', user: null }));

describe('server rendering of the help centre', () => {
  it('runs where there is no browser', () => {
    expect(typeof window).toBe('undefined');
    expect(typeof document).toBe('undefined');
  });

  it('renders the questions and the support address', async () => {
    const api = answer(200, { supportEmail: SUPPORT_EMAIL });
    const { embedded, text } = await serverRender('/help');

    expect(api.calls).toHaveLength(1);
    expect(api.calls[0]?.path).toBe('/api/site-config');
    expect(embedded.queries.map((query) => query.queryKey)).toEqual([['site-config']]);
    expect(text).toContain('Frequently asked questions');
    expect(text).toContain('What is Be a Bro?');
    expect(text).toContain(`${FAQ_ITEMS.length} articles found`);
    expect(text).toContain(`or write to ${SUPPORT_EMAIL}`);
  });

  it('shows the search and category of the address, as the browser does', async () => {
    answer(200, { supportEmail: SUPPORT_EMAIL });
    const { text } = await serverRender('/help?category=pricing');
    const pricing = FAQ_ITEMS.filter((item) => item.category === 'pricing');
    expect(text).toContain('Pricing & fees');
    for (const item of pricing) expect(text).toContain(item.question);
    expect(text).not.toContain('What is Be a Bro?');
  });

  it('works as plain HTML: answers in <details>, a GET search, and Send disabled with a note until the page runs', async () => {
    answer(200, { supportEmail: SUPPORT_EMAIL });
    const { html } = await serverRender('/help?q=fee&category=pricing');
    // Every shown question is a disclosure the browser opens by itself; none is a script-driven button.
    const shown = FAQ_ITEMS.filter(
      (item) => item.category === 'pricing' && `${item.question} ${item.answer}`.toLowerCase().includes('fee'),
    );
    expect(html.match(/<details /g)).toHaveLength(shown.length);
    expect(/<details[^>]* open/.test(html)).toBe(false);
    expect(html.includes('aria-expanded')).toBe(false);
    // The search: a GET form to /help with the text as q and the category kept, and a Search button.
    const form = /<form role="search"[^>]*>/.exec(html)?.[0];
    expect(form).toContain('method="get"');
    expect(form).toContain('action="/help"');
    const input = /<input[^>]*type="search"[^>]*>/.exec(html)?.[0];
    expect(input).toContain('name="q"');
    expect(input).toContain('value="fee"');
    expect(html).toContain('<input type="hidden" name="category" value="pricing"/>');
    expect(/<noscript><button type="submit"[^>]*>Search<\/button><\/noscript>/.test(html)).toBe(true);
    // The contact form posts with code: disabled in the HTML, with a note for browsers without JavaScript.
    expect(/<button type="submit" disabled=""[^>]*>Send message<\/button>/.test(html)).toBe(true);
    expect(/<noscript><p[^>]*>Sending this form needs JavaScript/.test(html)).toBe(true);
  });

  it('embeds nothing and renders the contact form without the address when the site config cannot be loaded', async () => {
    answer(503, { message: 'Down' });
    // No second attempt, to keep the test quick: what matters is what a final failure leaves behind.
    const { embedded, text } = await serverRender('/help', { retry: 0 });
    expect(embedded.queries).toEqual([]);
    expect(text).toContain('What is Be a Bro?');
    expect(text).toContain('Send message');
    expect(text).not.toContain('or write to');
  });
});
