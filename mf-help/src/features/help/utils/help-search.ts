import type { CategoryFilter } from './parse-faq-category';

/** Builds the `?q=&category=` part of a help-centre URL; empty values are left out to keep links short. */
export function helpSearch(query: string, category: CategoryFilter): string {
  const params = new URLSearchParams();
  if (query) params.set('q', query);
  if (category !== 'all') params.set('category', category);
  const search = params.toString();
  return search ? `?${search}` : '';
}
