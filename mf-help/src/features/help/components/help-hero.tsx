import { useId } from 'react';
import { inputStyle } from '@beabro/shared/ui/text-field';
import { SearchIcon } from '@beabro/shared/ui/icons/search';

export interface HelpHeroProps {
  query: string;
  onQueryChange: (query: string) => void;
}

export function HelpHero({ query, onQueryChange }: HelpHeroProps) {
  const inputId = useId();
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
      {/* Filtering happens as you type; the form only gives the field the search landmark and Enter key. */}
      <form
        role="search"
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
      </form>
    </section>
  );
}
