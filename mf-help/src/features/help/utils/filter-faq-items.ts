import type { FaqItem } from '@beabro/shared/data/faq';
import type { CategoryFilter } from './parse-faq-category';

export interface FaqFilter {
  query: string;
  category: CategoryFilter;
}

/** Case-insensitive substring match on question or answer, with the category (docs/product-rules.md#help-centre). */
export function filterFaqItems(items: readonly FaqItem[], { query, category }: FaqFilter): FaqItem[] {
  const needle = query.trim().toLocaleLowerCase();
  return items.filter(
    (item) =>
      (category === 'all' || item.category === category) &&
      (needle === '' ||
        item.question.toLocaleLowerCase().includes(needle) ||
        item.answer.toLocaleLowerCase().includes(needle)),
  );
}
