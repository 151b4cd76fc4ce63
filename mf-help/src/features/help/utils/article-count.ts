/** "1 article" / "N articles": the count text of the results and of each category link. */
export function articleCount(count: number): string {
  return `${count} ${count === 1 ? 'article' : 'articles'}`;
}
