import { FAQ_CATEGORIES, type FaqCategory } from '@beabro/shared/data/faq';

export type CategoryFilter = FaqCategory | 'all';

/** Reads `?category=` from a URL someone typed or shared: anything we do not know means "All". */
export function parseFaqCategory(value: string | null): CategoryFilter {
  const match = FAQ_CATEGORIES.find((category) => category.id === value);
  return match ? match.id : 'all';
}
