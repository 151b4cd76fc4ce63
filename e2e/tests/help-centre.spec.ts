import { expect, test } from './support/test';

test.describe('help centre rules', () => {
  test('search is a case-insensitive substring match on question or answer, combined with the category filter', async ({
    page,
  }) => {
    const countOf = async () => Number((await page.getByText(/^\d+ articles? found$/).textContent())?.split(' ')[0]);
    await page.goto('/help');
    const total = await countOf();
    expect(total).toBeGreaterThanOrEqual(27);

    const search = page
      .getByRole('searchbox', { name: 'Search help articles' })
      .or(page.getByRole('textbox', { name: 'Search help articles' }));
    await search.fill('payout');
    await expect(page).toHaveURL(/[?&]q=payout/);
    const lower = await countOf();
    await search.fill('PAYOUT');
    await expect(page).toHaveURL(/[?&]q=PAYOUT/);
    expect(await countOf()).toBe(lower);
    expect(lower).toBeGreaterThan(0);
    expect(lower).toBeLessThan(total);

    // Every article shown mentions the term in its question or its answer.
    // Each question is the summary of a <details> (with its h3 inside), its answer a region named by it.
    const questions = page.getByRole('main').locator('details > summary');
    expect(await questions.count()).toBe(lower);
    for (const question of await questions.all()) {
      await question.click();
      const region = page.getByRole('region', { name: (await question.textContent()) ?? '' });
      const text = `${await question.textContent()} ${await region.textContent()}`.toLowerCase();
      expect(text).toContain('payout');
    }

    // A category narrows the search; the URL keeps both.
    await page.getByRole('link', { name: /Payments & payouts/ }).click();
    await expect(page).toHaveURL(/category=payments/);
    await expect(page).toHaveURL(/q=PAYOUT/);
    const narrowed = await countOf();
    expect(narrowed).toBeGreaterThan(0);
    expect(narrowed).toBeLessThanOrEqual(lower);
  });

  test('an empty search shows "No results found" with its hint', async ({ page }) => {
    await page.goto('/help?q=zzzz-no-such-thing');
    await expect(page.getByText('No results found', { exact: true })).toBeVisible();
    await expect(
      page.getByText('Try adjusting your search terms or browse by category.', { exact: true }),
    ).toBeVisible();
    await expect(page.getByText('0 articles found')).toBeVisible();
  });

  test('one FAQ item is open at a time, and clicking the open one closes it', async ({ page }) => {
    await page.goto('/help?category=pricing');
    // Each question is a <details> disclosure (it opens without JavaScript too).
    const item = (question: string) => page.getByRole('main').locator('details', { hasText: question });
    const first = item('How much does Be a Bro cost?');
    const second = item('How much of a support do I actually receive?');
    await first.locator('summary').click();
    await expect(first).toHaveAttribute('open', '');
    await expect(page.getByRole('region', { name: 'How much does Be a Bro cost?' })).toContainText('5%');
    await second.locator('summary').click();
    await expect(second).toHaveAttribute('open', '');
    await expect(first).not.toHaveAttribute('open');
    await second.locator('summary').click();
    await expect(second).not.toHaveAttribute('open');
    await expect(page.getByRole('main').locator('details[open]')).toHaveCount(0);
  });

  test('the contact form reaches support without a mail app, and there is no dead Live Chat button', async ({
    page,
  }) => {
    await page.goto('/help#contact');
    await expect(page.getByRole('link', { name: 'help@beabro.test' })).toHaveAttribute(
      'href',
      /^mailto:help@beabro\.test/,
    );
    await expect(page.getByText('24/7 Support')).toBeVisible();
    await expect(page.getByText('Average response: 2 hours')).toBeVisible();
    await expect(page.getByRole('button', { name: /live chat/i })).toHaveCount(0);

    const form = page.getByRole('form', { name: 'Contact support' });
    // The first field just below the sticky header, its label behind it: sending the empty form (Enter in a later
    // field) focuses that field, and the page scrolls so that its label shows below the header too.
    const name = form.getByLabel('Your name');
    await name.evaluate((field) => window.scrollBy(0, field.getBoundingClientRect().top - 70));
    await form.getByLabel(/^Email/).press('Enter');
    await expect(form.getByText('Message is required')).toBeVisible();
    await expect(form.getByLabel('Your name')).toBeFocused();
    const header = await page.getByRole('banner').boundingBox();
    const label = await form.locator('label', { hasText: 'Your name' }).boundingBox();
    expect(label && header && label.y >= header.y + header.height, 'the label shows below the header').toBe(true);
    await form.getByLabel('Your name').fill('Jamie Doe');
    await form.getByLabel(/^Email/).fill('jamie@example.com');
    await form.getByLabel('Topic').selectOption({ label: 'Payments and payouts' });
    await form.getByLabel('Message').fill('My payout has not arrived this week.');
    await form.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByText("Thanks! We've received your message and will reply by email.")).toBeVisible();
  });
});
