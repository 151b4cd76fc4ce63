import { useState } from 'react';
import { Button } from '@beabro/shared/ui/button';
import { SectionCard } from '../../../components/section-card';
import { publicProfileUrl } from '../../../config/paths';
import { useShareProfile } from '../hooks/use-share-profile';
import { EmbedButtonDialog } from './embed-button-dialog';

const OUTCOME_TEXT = {
  idle: '',
  copied: 'Link copied to your clipboard.',
  shared: 'Thanks for sharing your page!',
  failed: '',
} as const;

/** Copy Link and Share Profile, with a visible confirmation (and the address to copy by hand if copying fails). */
export function ShareCard({ username, displayName }: { username: string; displayName: string }) {
  const url = publicProfileUrl(username);
  const { outcome, copy, share } = useShareProfile(url, `Support ${displayName} on Be a Bro`);
  const [embedOpen, setEmbedOpen] = useState(false);
  return (
    <SectionCard title="Share Your Page" description="The more people see your page, the more bros you get.">
      <p css={(theme) => ({ margin: `0 0 ${theme.space(3)}`, fontSize: theme.font.size.sm, overflowWrap: 'anywhere' })}>
        <strong>{url}</strong>
      </p>
      <div css={{ display: 'flex', gap: '0.5rem', flexWrap: 'wrap' }}>
        <Button variant="secondary" size="sm" onClick={() => void copy()}>
          Copy Link
        </Button>
        <Button size="sm" onClick={() => void share()}>
          Share Profile
        </Button>
        <Button variant="secondary" size="sm" aria-haspopup="dialog" onClick={() => setEmbedOpen(true)}>
          Add to your website
        </Button>
      </div>
      <EmbedButtonDialog open={embedOpen} onClose={() => setEmbedOpen(false)} username={username} />
      <p role="status" css={(theme) => ({ margin: `${theme.space(2)} 0 0`, minHeight: '1.25rem', fontSize: theme.font.size.sm, color: theme.color.success, fontWeight: theme.font.weight.medium })}>
        {OUTCOME_TEXT[outcome.kind]}
      </p>
      {outcome.kind === 'failed' ? (
        <label css={(theme) => ({ display: 'grid', gap: '0.25rem', fontSize: theme.font.size.sm, color: theme.color.textMuted })}>
          Your browser did not let us copy. Copy this link yourself:
          <input
            readOnly
            value={url}
            onFocus={(event) => event.currentTarget.select()}
            css={(theme) => ({ font: 'inherit', padding: '0.375rem 0.5rem', border: `1px solid ${theme.color.borderStrong}`, borderRadius: theme.radius.sm, color: theme.color.text, minWidth: 0 })}
          />
        </label>
      ) : null}
    </SectionCard>
  );
}
