import { FAQ_CATEGORIES, FAQ_ITEMS } from '@beabro/shared/data/faq';

describe('FAQ data', () => {
  it('lists the nine help categories once each, with a readable label', () => {
    const ids = FAQ_CATEGORIES.map((category) => category.id);
    expect(ids).toEqual(['general', 'pricing', 'payments', 'customization', 'integration', 'profile', 'security', 'recurring', 'countries']);
    for (const category of FAQ_CATEGORIES) expect(category.label.trim()).not.toBe('');
  });

  it('has at least three articles in every category', () => {
    for (const category of FAQ_CATEGORIES) {
      expect(FAQ_ITEMS.filter((item) => item.category === category.id).length, category.id).toBeGreaterThanOrEqual(3);
    }
  });

  it('uses unique, URL-safe ids and non-empty texts', () => {
    const ids = FAQ_ITEMS.map((item) => item.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const item of FAQ_ITEMS) {
      expect(item.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(item.question.trim()).not.toBe('');
      expect(item.answer.trim()).not.toBe('');
    }
  });

  it('states the fees and limits of the product rules', () => {
    const all = FAQ_ITEMS.map((item) => `${item.question} ${item.answer}`).join('\n');
    for (const fact of ['5%', '95%', '2.9% + $0.30', 'Tuesday', '7-day', '30 days', 'United States', 'Canada', 'United Kingdom', 'Australia', '$1 and $100']) {
      expect(all).toContain(fact);
    }
    expect(all.toLowerCase()).not.toContain('live chat');
  });

  it('explains webhooks and shows how to verify their signature', () => {
    const webhooks = FAQ_ITEMS.find((item) => item.id === 'webhooks');
    expect(webhooks?.answer).toContain('Settings, then Integrations');
    expect(webhooks?.answer).toContain('3 days');
    const signatures = FAQ_ITEMS.find((item) => item.id === 'webhook-signatures');
    expect(signatures?.answer).toContain('Beabro-Signature');
    expect(signatures?.code).toContain('timingSafeEqual');
  });
});
