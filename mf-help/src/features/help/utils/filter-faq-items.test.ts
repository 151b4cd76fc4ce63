import type { FaqItem } from '@beabro/shared/data/faq';
import { filterFaqItems } from './filter-faq-items';
import { parseFaqCategory } from './parse-faq-category';

const items: FaqItem[] = [
  { id: 'a', category: 'pricing', question: 'How much does it cost?', answer: 'A 5% platform fee.' },
  { id: 'b', category: 'payments', question: 'When do I get paid?', answer: 'Every Tuesday, after fees.' },
  { id: 'c', category: 'security', question: 'Do you store my CARD?', answer: 'No.' },
];

const ids = (result: FaqItem[]) => result.map((item) => item.id);

describe('filterFaqItems', () => {
  it('returns everything for an empty or blank query in "all"', () => {
    expect(ids(filterFaqItems(items, { query: '', category: 'all' }))).toEqual(['a', 'b', 'c']);
    expect(ids(filterFaqItems(items, { query: '   ', category: 'all' }))).toEqual(['a', 'b', 'c']);
  });

  it('matches the question or the answer, ignoring case and surrounding spaces', () => {
    expect(ids(filterFaqItems(items, { query: 'card', category: 'all' }))).toEqual(['c']);
    expect(ids(filterFaqItems(items, { query: ' TUESDAY ', category: 'all' }))).toEqual(['b']);
    expect(ids(filterFaqItems(items, { query: 'fee', category: 'all' }))).toEqual(['a', 'b']);
  });

  it('combines the query with the category', () => {
    expect(ids(filterFaqItems(items, { query: 'fee', category: 'payments' }))).toEqual(['b']);
    expect(ids(filterFaqItems(items, { query: 'fee', category: 'security' }))).toEqual([]);
    expect(ids(filterFaqItems(items, { query: '', category: 'pricing' }))).toEqual(['a']);
  });
});

describe('parseFaqCategory', () => {
  it('accepts the known categories and falls back to "all" for anything else', () => {
    expect(parseFaqCategory('pricing')).toBe('pricing');
    expect(parseFaqCategory('countries')).toBe('countries');
    expect(parseFaqCategory(null)).toBe('all');
    expect(parseFaqCategory('')).toBe('all');
    expect(parseFaqCategory('Pricing')).toBe('all');
    expect(parseFaqCategory('bogus')).toBe('all');
  });
});
