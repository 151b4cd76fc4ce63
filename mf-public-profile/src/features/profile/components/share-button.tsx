import { useEffect, useRef, useState } from 'react';
import { Button } from '@beabro/shared/ui/button';
import { ShareIcon } from '@beabro/shared/ui/icons/share';

type ShareStatus = 'idle' | 'copied' | 'failed';

const STATUS_VISIBLE_MS = 3000;

/** The profile's address on this site; read when sharing, as only the browser knows the origin. */
function profileUrl(username: string): string {
  return `${window.location.origin}/${username}`;
}

/**
 * SPEC: share with the device's share sheet where there is one, otherwise copy the profile address
 * (site origin + username) and say so. If the clipboard is refused too, the address is shown to copy by hand.
 */
export function ShareButton({ username, displayName }: { username: string; displayName: string }) {
  const [status, setStatus] = useState<ShareStatus>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const show = (next: ShareStatus) => {
    setStatus(next);
    clearTimeout(timer.current);
    if (next === 'copied') timer.current = setTimeout(() => setStatus('idle'), STATUS_VISIBLE_MS);
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
    <div css={{ display: 'inline-flex', alignItems: 'center', gap: '0.5rem', flexWrap: 'wrap', position: 'relative' }}>
      <Button variant="secondary" onClick={() => void share()}>
        <ShareIcon /> Share
      </Button>
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
      {status === 'failed' ? (
        <label
          css={(theme) => ({
            display: 'grid',
            gap: '0.25rem',
            fontSize: theme.font.size.sm,
            color: theme.color.textMuted,
            width: '100%',
          })}
        >
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
      ) : null}
    </div>
  );
}
