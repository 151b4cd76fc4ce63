import { useId, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useHydrated } from '@beabro/shared/hooks/use-hydrated';
import { FAQ_CATEGORIES, type FaqItem } from '@beabro/shared/data/faq';
import { Badge } from '@beabro/shared/ui/badge';
import { focusRing } from '@beabro/shared/ui/focus-ring';

export interface FaqAccordionProps {
  items: readonly FaqItem[];
  /** Shows each answer's category, useful when the list mixes categories. */
  showCategory?: boolean;
}

const categoryLabel = new Map(FAQ_CATEGORIES.map((category) => [category.id, category.label]));

/**
 * The FAQ as `<details>`/`<summary>` disclosures, so the answers open without JavaScript too. One answer is open at
 * a time: the items share a `name` (the browser's exclusive accordion), and once the page runs, the open item is
 * state that follows every toggle (a toggle made before hydration included), so clicking the open question
 * closes it and opening another closes the first.
 */
export function FaqAccordion({ items, showCategory = false }: FaqAccordionProps) {
  const baseId = useId();
  const { hash } = useLocation();
  const hydrated = useHydrated();
  // /help#<article id> (the footer's legal links) opens that article: once hydrated, since the server
  // never sees the hash and both first renders must match. A toggle decides from then on, until the
  // address names another article.
  const [choice, setChoice] = useState<{ forHash: string; id: string | null } | null>(null);
  const named = hydrated ? decodeURIComponent(hash.slice(1)) : '';
  const linked = items.some((item) => item.id === named) ? named : null;
  const openId = choice && choice.forHash === hash ? choice.id : linked;
  // From the toggle event, which also fires when React itself opens or closes an item: an item closing only
  // clears the choice when it was the open one (another item opening closes the previous one too).
  const onToggle = (id: string, isOpen: boolean) =>
    setChoice((previous) => {
      const current = previous && previous.forHash === hash ? previous.id : linked;
      if (isOpen) return current === id ? previous : { forHash: hash, id };
      return current === id ? { forHash: hash, id: null } : previous;
    });

  return (
    <ul
      css={(theme) => ({
        listStyle: 'none',
        margin: 0,
        padding: 0,
        display: 'flex',
        flexDirection: 'column',
        gap: theme.space(3),
      })}
    >
      {items.map((item) => {
        const summaryId = `${baseId}-${item.id}-question`;
        return (
          <li
            key={item.id}
            id={item.id}
            // An article scrolled to from /help#<id> must not land under the site's sticky header.
            css={{ scrollMarginTop: '6rem' }}
          >
            <details
              name={`${baseId}-faq`}
              open={item.id === openId}
              onToggle={(event) => onToggle(item.id, event.currentTarget.open)}
              css={(theme) => ({
                background: theme.color.surface,
                border: `1px solid ${theme.color.border}`,
                borderRadius: theme.radius.md,
                boxShadow: theme.shadow.card,
                // Drawn from the element's own state, so an item opened before the page runs looks open too.
                '&[open]': { borderColor: theme.color.brand },
                '&[open] > summary svg': { transform: 'rotate(180deg)' },
              })}
            >
              <summary
                id={summaryId}
                css={(theme) => [
                  {
                    display: 'flex',
                    width: '100%',
                    boxSizing: 'border-box',
                    alignItems: 'center',
                    justifyContent: 'space-between',
                    gap: theme.space(3),
                    padding: `${theme.space(4)} ${theme.space(4)}`,
                    fontSize: theme.font.size.md,
                    fontWeight: theme.font.weight.medium,
                    color: theme.color.text,
                    textAlign: 'left',
                    borderRadius: theme.radius.md,
                    cursor: 'pointer',
                    // The chevron below is the marker.
                    listStyle: 'none',
                    '&::-webkit-details-marker': { display: 'none' },
                    '&:hover': { color: theme.color.brandHover },
                    [theme.breakpoint.md]: { padding: `${theme.space(4)} ${theme.space(5)}` },
                  },
                  focusRing(theme),
                ]}
              >
                <h3
                  css={{
                    margin: 0,
                    minWidth: 0,
                    font: 'inherit',
                    overflowWrap: 'anywhere',
                  }}
                >
                  {item.question}
                </h3>
                <svg
                  aria-hidden="true"
                  viewBox="0 0 24 24"
                  width="20"
                  height="20"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                  css={{ flexShrink: 0, transition: 'transform 150ms ease' }}
                >
                  <path d="m6 9 6 6 6-6" />
                </svg>
              </summary>
              <div
                role="region"
                aria-labelledby={summaryId}
                css={(theme) => ({
                  padding: `0 ${theme.space(4)} ${theme.space(4)}`,
                  color: theme.color.textMuted,
                  overflowWrap: 'anywhere',
                  [theme.breakpoint.md]: { padding: `0 ${theme.space(5)} ${theme.space(5)}` },
                })}
              >
                {showCategory ? (
                  <p css={(theme) => ({ margin: `0 0 ${theme.space(3)}` })}>
                    <Badge tone="brand">{categoryLabel.get(item.category)}</Badge>
                  </p>
                ) : null}
                {/* Answers separate paragraphs with a blank line (see shared/src/data/faq.ts). */}
                {item.answer.split(/\n\s*\n/).map((paragraph, index) => (
                  <p key={index} css={(theme) => ({ margin: index === 0 ? 0 : `${theme.space(3)} 0 0` })}>
                    {paragraph}
                  </p>
                ))}
                {item.code ? (
                  <pre
                    tabIndex={0}
                    aria-label={`Code sample: ${item.question}`}
                    css={(theme) => ({
                      margin: `${theme.space(3)} 0 0`,
                      padding: theme.space(3),
                      overflowX: 'auto',
                      overflowWrap: 'normal',
                      fontSize: theme.font.size.xs,
                      color: theme.color.text,
                      background: theme.color.surfaceMuted,
                      border: `1px solid ${theme.color.border}`,
                      borderRadius: theme.radius.sm,
                    })}
                  >
                    <code>{item.code}</code>
                  </pre>
                ) : null}
              </div>
            </details>
          </li>
        );
      })}
    </ul>
  );
}
