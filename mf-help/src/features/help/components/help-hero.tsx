import { useId } from 'react';
import { useTheme } from '@emotion/react';
import { inputStyle } from '@beabro/shared/ui/text-field';
import { SearchIcon } from '@beabro/shared/ui/icons/search';
import type { CategoryFilter } from '../utils/parse-faq-category';

export interface HelpHeroProps {
  query: string;
  onQueryChange: (query: string) => void;
  /** The category shown, kept by a search sent without JavaScript. */
  category: CategoryFilter;
  /** Where the help centre is (its search is a GET form to it). */
  action: string;
}

export function HelpHero({ query, onQueryChange, category, action }: HelpHeroProps) {
  const inputId = useId();
  const theme = useTheme();
  return (
    <section
      aria-labelledby={`${inputId}-title`}
      css={(theme) => ({
        background: theme.gradient.hero,
        color: theme.color.textInverse,
        borderRadius: theme.radius.lg,
        padding: `${theme.space(10)} ${theme.space(5)}`,
        textAlign: 'center',
        [theme.breakpoint.md]: { padding: `${theme.space(14)} ${theme.space(10)}` },
      })}
    >
      <p
        css={(theme) => ({
          margin: 0,
          fontSize: theme.font.size.sm,
          fontWeight: theme.font.weight.bold,
          letterSpacing: '0.06em',
          textTransform: 'uppercase',
        })}
      >
        Help Centre
      </p>
      <h1
        id={`${inputId}-title`}
        css={(theme) => ({ margin: `${theme.space(2)} 0 ${theme.space(3)}`, fontSize: theme.font.size.hero })}
      >
        How can we help?
      </h1>
      <p css={(theme) => ({ margin: '0 auto', maxWidth: '36rem', fontSize: theme.font.size.lg })}>
        Answers about fees, payouts, monthly support and running your mission page.
      </p>
      {/*
        Filtering happens as you type. Without JavaScript the form is a plain GET search: Enter (or the Search
        button) asks the server for /help?q=..., which it renders filtered.
      */}
      <form
        role="search"
        method="get"
        action={action}
        onSubmit={(event) => event.preventDefault()}
        css={(theme) => ({ margin: `${theme.space(8)} auto 0`, maxWidth: '36rem', textAlign: 'left' })}
      >
        <label
          htmlFor={inputId}
          css={(theme) => ({ display: 'block', marginBottom: theme.space(2), fontWeight: theme.font.weight.medium })}
        >
          Search help articles
        </label>
        <div css={{ position: 'relative' }}>
          <SearchIcon
            size={20}
            css={(theme) => ({
              position: 'absolute',
              left: theme.space(3),
              top: '50%',
              transform: 'translateY(-50%)',
              color: theme.color.textMuted,
              pointerEvents: 'none',
            })}
          />
          <input
            id={inputId}
            type="search"
            name="q"
            value={query}
            onChange={(event) => onQueryChange(event.target.value)}
            placeholder="e.g. payouts, cancel, fees"
            autoComplete="off"
            enterKeyHint="search"
            css={(theme) => [
              inputStyle(theme, false),
              {
                padding: `${theme.space(3)} ${theme.space(3)} ${theme.space(3)} ${theme.space(10)}`,
                fontSize: theme.font.size.lg,
                borderColor: theme.color.surface,
              },
              // The theme's blue ring would barely show against the purple hero, so the ring is white here.
              { '&:focus-visible': { outlineColor: theme.color.textInverse } },
            ]}
          />
        </div>
        {category !== 'all' ? <input type="hidden" name="category" value={category} /> : null}
        {/* Only without JavaScript; inline styles, as emotion's styles inside <noscript> never reach the page. */}
        <noscript>
          <button
            type="submit"
            style={{
              marginTop: theme.space(3),
              padding: '0.625rem 1.125rem',
              font: 'inherit',
              fontWeight: theme.font.weight.medium,
              color: theme.color.brand,
              background: theme.color.surface,
              border: `1px solid ${theme.color.surface}`,
              borderRadius: theme.radius.md,
              cursor: 'pointer',
            }}
          >
            Search
          </button>
        </noscript>
      </form>
    </section>
  );
}
