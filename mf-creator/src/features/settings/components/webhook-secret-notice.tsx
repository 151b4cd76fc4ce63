import { useState } from 'react';
import { Button } from '@beabro/shared/ui/button';

/** The signing secret, shown once after adding an endpoint or rotating its secret. */
export function WebhookSecretNotice({
  secret,
  url,
  rotated,
  onDone,
}: {
  secret: string;
  url: string;
  rotated: boolean;
  onDone: () => void;
}) {
  const [copied, setCopied] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied('copied');
    } catch {
      setCopied('failed');
    }
  };
  return (
    <div
      role="region"
      aria-label="Signing secret"
      css={(theme) => ({
        padding: theme.space(4),
        border: `1px solid ${theme.color.warning}`,
        background: theme.color.warningSoft,
        borderRadius: theme.radius.md,
        display: 'grid',
        gap: theme.space(3),
      })}
    >
      <p css={{ margin: 0, fontWeight: 600 }}>
        {rotated ? `New signing secret for ${url}` : `Signing secret for ${url}`}
      </p>
      <p css={(theme) => ({ margin: 0, fontSize: theme.font.size.sm })}>
        Copy it now and keep it somewhere safe: we show it only this once. Your endpoint uses it to check that each
        event really comes from Be a Bro.
        {rotated ? ' The old secret stopped working: update your endpoint.' : ''}
      </p>
      <code
        data-testid="webhook-secret"
        css={(theme) => ({
          display: 'block',
          padding: theme.space(2),
          background: theme.color.surface,
          border: `1px solid ${theme.color.border}`,
          borderRadius: theme.radius.sm,
          overflowWrap: 'anywhere',
          userSelect: 'all',
        })}
      >
        {secret}
      </code>
      <div css={{ display: 'flex', gap: '0.75rem', flexWrap: 'wrap', alignItems: 'center' }}>
        <Button type="button" size="sm" onClick={() => void copy()}>
          Copy secret
        </Button>
        <Button type="button" size="sm" variant="secondary" onClick={onDone}>
          I saved it
        </Button>
        <span
          role="status"
          css={(theme) => ({
            fontSize: theme.font.size.sm,
            color: copied === 'failed' ? theme.color.danger : theme.color.success,
          })}
        >
          {copied === 'copied'
            ? 'Copied.'
            : copied === 'failed'
              ? 'Could not copy: select the secret and copy it.'
              : ''}
        </span>
      </div>
    </div>
  );
}
