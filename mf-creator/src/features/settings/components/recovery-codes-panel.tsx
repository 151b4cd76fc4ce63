import { useEffect, useRef, useState } from 'react';
import { Button } from '@beabro/shared/ui/button';

const FILE_NAME = 'be-a-bro-recovery-codes.txt';

function codesText(codes: readonly string[]): string {
  return [
    'Be a Bro recovery codes',
    'Each code signs you in once when you cannot use your authenticator app. Keep them somewhere safe.',
    '',
    ...codes,
    '',
  ].join('\n');
}

/** The recovery codes, shown once right after they are made: copy or download them, then confirm. */
export function RecoveryCodesPanel({ codes, onDone }: { codes: readonly string[]; onDone: () => void }) {
  const [copied, setCopied] = useState<'copied' | 'failed' | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  // Focus lands on the codes' heading, so a keyboard or screen-reader user hears what just appeared.
  useEffect(() => heading.current?.focus(), []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codesText(codes));
      setCopied('copied');
    } catch {
      setCopied('failed');
    }
  };

  const download = () => {
    const url = URL.createObjectURL(new Blob([codesText(codes)], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = FILE_NAME;
    document.body.append(link);
    link.click();
    link.remove();
    URL.revokeObjectURL(url);
  };

  return (
    <section
      aria-labelledby="recovery-codes-heading"
      css={(theme) => ({
        display: 'grid',
        gap: theme.space(3),
        padding: theme.space(4),
        borderRadius: theme.radius.md,
        border: `1px solid ${theme.color.border}`,
        background: theme.color.surfaceMuted,
      })}
    >
      <h4
        id="recovery-codes-heading"
        ref={heading}
        tabIndex={-1}
        css={(theme) => ({ margin: 0, fontSize: theme.font.size.md })}
      >
        Your recovery codes
      </h4>
      <p css={(theme) => ({ margin: 0, fontSize: theme.font.size.sm })}>
        Save these codes now: they are shown only this once. Each one signs you in once if you lose your phone or cannot
        use your authenticator app.
      </p>
      <ol
        aria-label="Recovery codes"
        css={(theme) => ({
          margin: 0,
          padding: 0,
          listStyle: 'none',
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(11rem, 1fr))',
          gap: theme.space(2),
          fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
          fontSize: theme.font.size.md,
        })}
      >
        {codes.map((code) => (
          <li
            key={code}
            css={(theme) => ({
              padding: `${theme.space(1)} ${theme.space(2)}`,
              background: theme.color.surface,
              borderRadius: theme.radius.sm,
              border: `1px solid ${theme.color.border}`,
            })}
          >
            {code}
          </li>
        ))}
      </ol>
      <div css={{ display: 'flex', gap: '0.75rem', flexWrap: 'wrap', alignItems: 'center' }}>
        <Button variant="secondary" onClick={() => void copy()}>
          Copy codes
        </Button>
        <Button variant="secondary" onClick={download}>
          Download codes
        </Button>
        <Button onClick={onDone}>I have saved my codes</Button>
      </div>
      <p
        role="status"
        css={(theme) => ({
          margin: 0,
          minHeight: '1.25rem',
          fontSize: theme.font.size.sm,
          color: copied === 'failed' ? theme.color.danger : theme.color.success,
        })}
      >
        {copied === 'copied'
          ? 'Codes copied to the clipboard.'
          : copied === 'failed'
            ? 'Copying is not allowed here: download the codes or write them down.'
            : ''}
      </p>
    </section>
  );
}
