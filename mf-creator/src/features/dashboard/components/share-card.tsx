import { useEffect, useRef, useState } from 'react';
import { Button } from '@beabro/shared/ui/button';
import { SectionCard } from '../../../components/section-card';
import { publicProfileUrl } from '../../../lib/public-profile-url';
import { useShareProfile } from '../hooks/use-share-profile';
import { EmbedButtonDialog } from './embed-button-dialog';
import { QrCodeDialog } from './qr-code-dialog';
import { ShareMenu } from './share-menu';

const OUTCOME_TEXT = {
  idle: '',
  copied: 'Link copied to your clipboard.',
  shared: 'Thanks for sharing your page!',
  failed: '',
} as const;

/** Copy Link and Share Profile (the phone's share sheet, or a menu of places to share and a QR code), with a visible confirmation (and the address to copy by hand if copying fails). */
export function ShareCard({ username, displayName }: { username: string; displayName: string }) {
  const url = publicProfileUrl(username);
  const text = `Support ${displayName} on Be a Bro`;
  const { outcome, copy, share } = useShareProfile(url, text);
  const [embedOpen, setEmbedOpen] = useState(false);
  const [qrOpen, setQrOpen] = useState(false);
  const shareRef = useRef<HTMLDivElement>(null);
  const qrWasOpen = useRef(false);
  // Back to Share Profile once the QR dialog has closed (the dialog would give focus to the menu item, now gone).
  useEffect(() => {
    if (qrWasOpen.current && !qrOpen) shareRef.current?.querySelector('button')?.focus();
    qrWasOpen.current = qrOpen;
  }, [qrOpen]);
  return (
    <SectionCard title="Share Your Page" description="The more people see your page, the more bros you get.">
      <p css={(theme) => ({ margin: `0 0 ${theme.space(3)}`, fontSize: theme.font.size.sm, overflowWrap: 'anywhere' })}>
        <strong>{url}</strong>
      </p>
      <div css={{ display: 'flex', gap: '0.5rem', flexWrap: 'wrap' }}>
        <Button variant="secondary" size="sm" onClick={() => void copy()}>
          Copy Link
        </Button>
        <div ref={shareRef}>
          <ShareMenu
            url={url}
            text={text}
            onTrigger={async () => (await share()) !== 'unavailable'}
            onCopy={() => void copy()}
            onQrCode={() => setQrOpen(true)}
          />
        </div>
        <Button variant="secondary" size="sm" aria-haspopup="dialog" onClick={() => setEmbedOpen(true)}>
          Add to your website
        </Button>
      </div>
      {qrOpen ? <QrCodeDialog open onClose={() => setQrOpen(false)} url={url} username={username} /> : null}
      <EmbedButtonDialog open={embedOpen} onClose={() => setEmbedOpen(false)} username={username} />
      <p
        role="status"
        css={(theme) => ({
          margin: `${theme.space(2)} 0 0`,
          minHeight: '1.25rem',
          fontSize: theme.font.size.sm,
          color: theme.color.success,
          fontWeight: theme.font.weight.medium,
        })}
      >
        {OUTCOME_TEXT[outcome.kind]}
      </p>
      {outcome.kind === 'failed' ? (
        <label
          css={(theme) => ({
            display: 'grid',
            gap: '0.25rem',
            fontSize: theme.font.size.sm,
            color: theme.color.textMuted,
          })}
        >
          Your browser did not let us copy. Copy this link yourself:
          <input
            readOnly
            value={url}
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
    </SectionCard>
  );
}
