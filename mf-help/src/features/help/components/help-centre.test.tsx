import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation, useNavigate } from 'react-router-dom';
import { FAQ_CATEGORIES, FAQ_ITEMS } from '@beabro/shared/data/faq';
import { json, mockApi } from '@beabro/shared/testing/msw';
import { renderWithProviders } from '@beabro/shared/testing/render-with-providers';
import { HelpCentre } from './help-centre';

const SUPPORT_EMAIL = 'help@beabro.example';

/** Shows the router's current search string and offers the browser's Back button. */
function RouterProbe() {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <output data-testid="search">{location.search}</output>
      <button type="button" onClick={() => navigate(-1)}>
        Browser back
      </button>
    </>
  );
}

function renderHelp(route = '/help') {
  return renderWithProviders(
    <>
      <HelpCentre />
      <RouterProbe />
    </>,
    { route },
  );
}

/** The accordion's questions (each `<summary>`); plain DOM queries keep the suite fast. */
function questionSummaries() {
  return Array.from(document.querySelectorAll<HTMLElement>('details > summary'));
}

function shownQuestions() {
  return questionSummaries()
    .map((summary) => summary.textContent)
    .sort();
}

function question(text: string): HTMLElement {
  const summary = questionSummaries().find((element) => element.textContent === text);
  if (!summary) throw new Error(`No question "${text}"`);
  return summary;
}

function isOpen(summary: HTMLElement): boolean {
  return (summary.parentElement as HTMLDetailsElement).open;
}

function openQuestions() {
  return questionSummaries()
    .filter(isOpen)
    .map((summary) => summary.textContent);
}

function expectedQuestions(predicate: (item: (typeof FAQ_ITEMS)[number]) => boolean) {
  return FAQ_ITEMS.filter(predicate)
    .map((item) => item.question)
    .sort();
}

// Label and text queries: role queries compute styles for every element, which is slow in jsdom.
function searchBox() {
  return screen.getByLabelText('Search help articles');
}

/** Enters the whole text as one change (like pasting), which keeps these tests quick. */
async function search(user: ReturnType<typeof userEvent.setup>, text: string) {
  await user.click(searchBox());
  await user.paste(text);
}

let api: ReturnType<typeof mockApi>;

beforeEach(() => {
  api = mockApi({ 'GET /api/site-config': json(200, { supportEmail: SUPPORT_EMAIL }) });
});

describe('HelpCentre', () => {
  it('names the tab after the help centre', async () => {
    renderHelp();
    await waitFor(() => expect(document.title).toBe('Help Centre - Be a Bro'));
  });

  it('shows the hero with one h1 and a labelled search box, three info cards and every category', () => {
    renderHelp();
    expect(document.querySelectorAll('h1')).toHaveLength(1);
    expect(searchBox()).toHaveValue('');
    expect(searchBox()).toHaveAttribute('type', 'search');
    expect(screen.getByRole('search')).toContainElement(searchBox());
    for (const title of ['Keep 95% of every support', 'Weekly payouts', 'Cancel monthly support anytime']) {
      expect(screen.getByText(title).tagName).toBe('H2');
    }

    const nav = screen.getByRole('navigation', { name: 'Browse by category' });
    const links = within(nav).getAllByRole('link');
    expect(links).toHaveLength(FAQ_CATEGORIES.length + 1);
    expect(links[0]).toHaveAccessibleName(`All articles, ${FAQ_ITEMS.length} articles`);
    expect(links[0]).toHaveAttribute('aria-current', 'true');
    FAQ_CATEGORIES.forEach((category, index) => {
      const link = links[index + 1];
      expect(link?.textContent).toContain(category.label);
      expect(link).toHaveAttribute('href', `/help?category=${category.id}`);
      expect(link).not.toHaveAttribute('aria-current');
    });

    expect(screen.getByText(`${FAQ_ITEMS.length} articles found`)).toBeInTheDocument();
    expect(shownQuestions()).toEqual(expectedQuestions(() => true));
  });

  it('matches the search against questions, ignoring case', async () => {
    const user = userEvent.setup();
    renderHelp();
    await search(user, 'WHEN DO I GET PAID');
    expect(shownQuestions()).toEqual(['When do I get paid?']);
    expect(screen.getByText('1 article found')).toBeInTheDocument();
  });

  it('matches the search against answers, ignoring case', async () => {
    const user = userEvent.setup();
    renderHelp();
    // "Behance" only appears in the answer about social links, never in a question.
    await search(user, 'bEhAnCe');
    expect(shownQuestions()).toEqual(['Which social links can I show on my profile?']);
  });

  it('combines the search with the category filter and counts the results', async () => {
    const user = userEvent.setup();
    renderHelp('/help?category=payments');
    expect(shownQuestions()).toEqual(expectedQuestions((item) => item.category === 'payments'));

    await search(user, 'fee');
    const expected = expectedQuestions(
      (item) => item.category === 'payments' && `${item.question} ${item.answer}`.toLowerCase().includes('fee'),
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(shownQuestions()).toEqual(expected);
    expect(
      screen.getByText(`${expected.length} ${expected.length === 1 ? 'article' : 'articles'} found`),
    ).toBeInTheDocument();
    // Pricing articles mention fees too, but they are in another category.
    expect(shownQuestions()).not.toContain('How much does Be a Bro cost?');

    // The category list shows how many articles of each category match the search.
    const nav = screen.getByRole('navigation', { name: 'Browse by category' });
    const pricingMatches = FAQ_ITEMS.filter(
      (item) => item.category === 'pricing' && `${item.question} ${item.answer}`.toLowerCase().includes('fee'),
    ).length;
    expect(
      within(nav).getByRole('link', { name: new RegExp(`^Pricing \\& fees, ${pricingMatches} article`) }),
    ).toHaveAttribute('href', '/help?q=fee&category=pricing');
  });

  it('shows each question as a <details> disclosure (works without JavaScript), all closed at first', () => {
    renderHelp('/help?category=pricing');
    const first = question('How much does Be a Bro cost?');
    expect(first.parentElement?.tagName).toBe('DETAILS');
    expect(within(first).getByRole('heading', { level: 3 })).toHaveTextContent('How much does Be a Bro cost?');
    // The answers are in the page (a browser without JavaScript opens them itself), closed.
    expect(document.body).toHaveTextContent('you keep 95% of it');
    expect(openQuestions()).toEqual([]);
    // One group: the browser itself keeps one item open at a time.
    const names = new Set(questionSummaries().map((summary) => summary.parentElement?.getAttribute('name')));
    expect(names.size).toBe(1);
    expect([...names][0]).toBeTruthy();
  });

  it('keeps only one answer open and closes the open one when clicked again', async () => {
    const user = userEvent.setup();
    renderHelp('/help?category=pricing');
    const first = question('How much does Be a Bro cost?');
    const second = question('Are there any other fees?');
    const firstPanel = first.nextElementSibling as HTMLElement;
    expect(firstPanel).not.toBeVisible();

    await user.click(first);
    await waitFor(() => expect(openQuestions()).toEqual(['How much does Be a Bro cost?']));
    expect(firstPanel).toBeVisible();
    expect(firstPanel).toHaveTextContent('you keep 95% of it');
    expect(screen.getByRole('region', { name: 'How much does Be a Bro cost?' })).toBe(firstPanel);

    await user.click(second);
    await waitFor(() => expect(openQuestions()).toEqual(['Are there any other fees?']));
    expect(firstPanel).not.toBeVisible();

    await user.click(second);
    await waitFor(() => expect(openQuestions()).toEqual([]));
  });

  it('follows an item opened before the page ran: the next click on another question closes it', async () => {
    const user = userEvent.setup();
    renderHelp('/help?category=pricing');
    const first = question('How much does Be a Bro cost?');
    // As a browser does for a click before hydration: the element opens by itself.
    (first.parentElement as HTMLDetailsElement).open = true;
    await waitFor(() => expect(openQuestions()).toEqual(['How much does Be a Bro cost?']));
    await user.click(question('Are there any other fees?'));
    await waitFor(() => expect(openQuestions()).toEqual(['Are there any other fees?']));
  });

  it('opens the article the address names (/help#cookie-policy, from the footer)', async () => {
    renderHelp('/help#cookie-policy');
    await waitFor(() => expect(openQuestions()).toEqual(['Which cookies do you use?']));
  });

  it('sends the search as a plain GET form (name="q", the category kept) when JavaScript is off', () => {
    renderHelp('/help?q=fee&category=payments');
    const form = screen.getByRole('search');
    expect(form).toHaveAttribute('method', 'get');
    expect(form).toHaveAttribute('action', '/help');
    expect(searchBox()).toHaveAttribute('name', 'q');
    expect(Object.fromEntries(new FormData(form as HTMLFormElement))).toEqual({ q: 'fee', category: 'payments' });
    // The Search button is for browsers without JavaScript only.
    expect(form.querySelector('noscript')).not.toBeNull();
  });

  it('leaves the category out of the search form when all articles are shown', () => {
    renderHelp('/help');
    expect(Object.fromEntries(new FormData(screen.getByRole('search') as HTMLFormElement))).toEqual({ q: '' });
  });

  it('shows the empty state when nothing matches', async () => {
    const user = userEvent.setup();
    renderHelp();
    await search(user, 'xylophone quartz');
    expect(screen.getByText('No results found')).toBeInTheDocument();
    expect(screen.getByText('Try adjusting your search terms or browse by category.')).toBeInTheDocument();
    expect(screen.getByText('0 articles found')).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Show all articles' }));
    expect(searchBox()).toHaveValue('');
    expect(screen.getByText(`${FAQ_ITEMS.length} articles found`)).toBeInTheDocument();
    expect(screen.queryByText('No results found')).not.toBeInTheDocument();
  });

  it('takes the search text and category from the URL', () => {
    renderHelp('/help?q=Payout&category=payments');
    expect(searchBox()).toHaveValue('Payout');
    const nav = screen.getByRole('navigation', { name: 'Browse by category' });
    expect(within(nav).getByRole('link', { name: /^Payments & payouts,/ })).toHaveAttribute('aria-current', 'true');
    expect(within(nav).getByRole('link', { name: /^All articles,/ })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('heading', { level: 2, name: 'Payments & payouts' })).toBeInTheDocument();
    expect(shownQuestions()).toEqual(
      expectedQuestions(
        (item) => item.category === 'payments' && `${item.question} ${item.answer}`.toLowerCase().includes('payout'),
      ),
    );
  });

  it('falls back to all articles for an unknown category', () => {
    renderHelp('/help?category=astrology');
    const nav = screen.getByRole('navigation', { name: 'Browse by category' });
    expect(within(nav).getByRole('link', { name: /^All articles,/ })).toHaveAttribute('aria-current', 'true');
    expect(screen.getByText(`${FAQ_ITEMS.length} articles found`)).toBeInTheDocument();
  });

  it('writes the search and category to the URL and restores them on Back', async () => {
    const user = userEvent.setup();
    renderHelp();
    await user.type(searchBox(), 'cancel');
    expect(screen.getByTestId('search')).toHaveTextContent('?q=cancel');

    await user.click(
      within(screen.getByRole('navigation', { name: 'Browse by category' })).getByRole('link', {
        name: /^Monthly support,/,
      }),
    );
    expect(screen.getByTestId('search')).toHaveTextContent('?q=cancel&category=recurring');
    expect(searchBox()).toHaveValue('cancel');
    expect(shownQuestions()).toEqual(
      expectedQuestions(
        (item) => item.category === 'recurring' && `${item.question} ${item.answer}`.toLowerCase().includes('cancel'),
      ),
    );

    const back = screen.getByText('Browser back');
    await user.click(back);
    expect(screen.getByTestId('search')).toHaveTextContent(/^\?q=cancel$/);
    expect(searchBox()).toHaveValue('cancel');
    // Typing made one history entry for the whole word, so one more Back clears the search.
    await user.click(back);
    await waitFor(() => expect(searchBox()).toHaveValue(''));
    expect(screen.getByTestId('search')).toBeEmptyDOMElement();
    expect(screen.getByText(`${FAQ_ITEMS.length} articles found`)).toBeInTheDocument();
  });

  it('offers the contact form and the configured address, with the promised response times', async () => {
    renderHelp();
    const contact = screen.getByRole('region', { name: 'Still need help?' });
    expect(contact).toHaveAttribute('id', 'contact');
    expect(within(contact).getByText('24/7 Support')).toBeInTheDocument();
    expect(within(contact).getByText('Average response: 2 hours')).toBeInTheDocument();
    expect(within(contact).getByRole('form', { name: 'Contact support' })).toBeInTheDocument();
    const email = await within(contact).findByRole('link', { name: SUPPORT_EMAIL });
    expect(email).toHaveAttribute('href', `mailto:${SUPPORT_EMAIL}`);
    expect(api.callsTo('GET', '/api/site-config')).not.toHaveLength(0);
  });

  it('keeps the form when the address cannot be loaded, and shows no dead mailto link', async () => {
    api = mockApi({ 'GET /api/site-config': json(503, { message: 'Down' }) });
    renderHelp();
    const contact = screen.getByRole('region', { name: 'Still need help?' });
    expect(within(contact).getByRole('form', { name: 'Contact support' })).toBeInTheDocument();
    await waitFor(() => expect(api.calls).not.toHaveLength(0));
    expect(contact.querySelector('a[href^="mailto:"]')).toBeNull();
  });

  it('has no Live Chat, since nothing answers it', async () => {
    renderHelp();
    await screen.findByRole('link', { name: SUPPORT_EMAIL });
    expect(document.body.textContent?.toLowerCase()).not.toContain('live chat');
    expect(document.body.textContent?.toLowerCase()).not.toContain('chat with');
  });

  it('links every resource card to a real page of the site', () => {
    renderHelp();
    const resources = screen.getByRole('region', { name: 'More resources' });
    const hrefs = within(resources)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    expect(hrefs).toEqual(['/create', '/help?category=integration', '/discover']);
  });
});
