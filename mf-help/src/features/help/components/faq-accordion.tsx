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

/** WAI-ARIA accordion (heading > button with aria-expanded/aria-controls); one answer open at a time. */
export function FaqAccordion({ items, showCategory = false }: FaqAccordionProps) {
  const baseId = useId();
  const { hash } = useLocation();
  const hydrated = useHydrated();
  // /help#<article id> (the footer's legal links) opens that article: once hydrated, since the server
  // never sees the hash and both first renders must match. A click decides from then on, until the
  // address names another article.
  const [choice, setChoice] = useState<{ forHash: string; id: string | null } | null>(null);
  const named = hydrated ? decodeURIComponent(hash.slice(1)) : '';
  const linked = items.some((item) => item.id === named) ? named : null;
  const openId = choice && choice.forHash === hash ? choice.id : linked;
  const setOpenId = (id: string | null) => setChoice({ forHash: hash, id });

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
        const open = item.id === openId;
        const buttonId = `${baseId}-${item.id}-question`;
        const panelId = `${baseId}-${item.id}-answer`;
        return (
          <li
            key={item.id}
            id={item.id}
            css={(theme) => ({
              background: theme.color.surface,
              border: `1px solid ${open ? theme.color.brand : theme.color.border}`,
              borderRadius: theme.radius.md,
              boxShadow: theme.shadow.card,
              // An article scrolled to from /help#<id> must not land under the site's sticky header.
              scrollMarginTop: '6rem',
            })}
          >
            <h3 css={{ margin: 0, fontSize: 'inherit' }}>
              <button
                id={buttonId}
                type="button"
                aria-expanded={open}
                aria-controls={panelId}
                onClick={() => setOpenId(open ? null : item.id)}
                css={(theme) => [
                  {
                    display: 'flex',
                    width: '100%',
                    alignItems: 'center',
                    justifyContent: 'space-between',
                    gap: theme.space(3),
                    padding: `${theme.space(4)} ${theme.space(4)}`,
                    font: 'inherit',
                    fontSize: theme.font.size.md,
                    fontWeight: theme.font.weight.medium,
                    color: theme.color.text,
                    textAlign: 'left',
                    background: 'transparent',
                    border: 'none',
                    borderRadius: theme.radius.md,
                    cursor: 'pointer',
                    '&:hover': { color: theme.color.brandHover },
                    [theme.breakpoint.md]: { padding: `${theme.space(4)} ${theme.space(5)}` },
                  },
                  focusRing(theme),
                ]}
              >
                <span css={{ minWidth: 0, overflowWrap: 'anywhere' }}>{item.question}</span>
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
                  css={{
                    flexShrink: 0,
                    transition: 'transform 150ms ease',
                    transform: open ? 'rotate(180deg)' : 'none',
                  }}
                >
                  <path d="m6 9 6 6 6-6" />
                </svg>
              </button>
            </h3>
            <div
              id={panelId}
              role="region"
              aria-labelledby={buttonId}
              hidden={!open}
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
          </li>
        );
      })}
    </ul>
  );
}
