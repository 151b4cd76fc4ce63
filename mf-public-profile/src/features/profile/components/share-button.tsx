import { useEffect, useRef, useState } from 'react';
import { useHydrated } from '@beabro/shared/hooks/use-hydrated';
import { paths } from '@beabro/shared/contract/paths';
import { Button, buttonStyle } from '@beabro/shared/ui/button';
import { ShareIcon } from '@beabro/shared/ui/icons/share';

type ShareStatus = 'idle' | 'copied' | 'failed';

const STATUS_VISIBLE_MS = 3000;

/** The profile's address on this site; read when sharing, as only the browser knows the origin. */
function profileUrl(username: string): string {
  return `${window.location.origin}/${username}`;
}

/**
 * Share with the device's share sheet where there is one, otherwise copy the profile address
 * (site origin + username) and say so. If the clipboard is refused too, the address is shown to copy by hand.
 *
 * Share is the summary of a `<details>`: before the page's code runs, or without JavaScript, it opens a panel
 * with the page's link to copy by hand. Once the page runs, Share shares (or copies) at once, and the panel
 * opens only when copying failed, with the address in a read-only field and a Copy link button.
 */
export function ShareButton({ username, displayName }: { username: string; displayName: string }) {
  const [status, setStatus] = useState<ShareStatus>('idle');
  const [open, setOpen] = useState(false);
  const hydrated = useHydrated();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const show = (next: ShareStatus) => {
    setStatus(next);
    clearTimeout(timer.current);
    if (next === 'copied') timer.current = setTimeout(() => setStatus('idle'), STATUS_VISIBLE_MS);
    if (next === 'failed') setOpen(true);
  };

  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(profileUrl(username));
      show('copied');
    } catch {
      show('failed');
    }
  };

  const share = async () => {
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({
          title: `${displayName} on Be a Bro`,
          text: `Support ${displayName}'s mission on Be a Bro`,
          url: profileUrl(username),
        });
        return;
      } catch (error) {
        // Closing the share sheet is a choice, not a failure; anything else falls back to copying.
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    await copy();
  };

  return (
    // Not positioned: the panel is placed against the row of actions around it (see ProfileHero).
    <div css={{ display: 'inline-flex', alignItems: 'center', gap: '0.5rem', flexWrap: 'wrap' }}>
      <details open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
        <summary
          onClick={(event) => {
            // An open panel (copying failed, or opened before the page ran) closes as usual.
            if ((event.currentTarget.parentElement as HTMLDetailsElement).open) return;
            event.preventDefault();
            void share();
          }}
          css={(theme) => [
            buttonStyle(theme, { variant: 'secondary' }),
            { listStyle: 'none', '&::-webkit-details-marker': { display: 'none' } },
          ]}
        >
          <ShareIcon /> Share
        </summary>
        <div
          css={(theme) => ({
            // Above the row of actions, from its start: the hero card clips what overflows it and ends just below
            // the row, and on a phone Share is too far right for a panel beside it.
            position: 'absolute',
            bottom: 'calc(100% + 0.5rem)',
            left: 0,
            right: 0,
            zIndex: 10,
            maxWidth: '24rem',
            boxSizing: 'border-box',
            display: 'grid',
            gap: '0.5rem',
            padding: theme.space(3),
            background: theme.color.surface,
            border: `1px solid ${theme.color.border}`,
            borderRadius: theme.radius.md,
            boxShadow: theme.shadow.card,
            fontSize: theme.font.size.sm,
            color: theme.color.textMuted,
          })}
        >
          {hydrated ? (
            <>
              <label css={{ display: 'grid', gap: '0.25rem' }}>
                Copy this link to share the page:
                <input
                  readOnly
                  value={profileUrl(username)}
                  onFocus={(event) => event.currentTarget.select()}
                  css={(theme) => ({
                    font: 'inherit',
                    padding: '0.375rem 0.5rem',
                    border: `1px solid ${theme.color.borderStrong}`,
                    borderRadius: theme.radius.sm,
                    color: theme.color.text,
                    minWidth: 0,
                  })}
                />
              </label>
              <Button size="sm" variant="secondary" onClick={() => void copy()} css={{ justifySelf: 'start' }}>
                Copy link
              </Button>
            </>
          ) : (
            // The server does not know the site's address: the page's own link is there to copy (or the
            // address bar's).
            <p css={{ margin: 0 }}>
              Copy the link to this page to share it:{' '}
              <a href={paths.profile(username)} css={{ overflowWrap: 'anywhere' }}>
                {displayName} on Be a Bro
              </a>
            </p>
          )}
        </div>
      </details>
      <span
        role="status"
        css={(theme) => ({
          fontSize: theme.font.size.sm,
          color: theme.color.success,
          fontWeight: theme.font.weight.medium,
        })}
      >
        {status === 'copied' ? 'Link copied' : ''}
      </span>
    </div>
  );
}
