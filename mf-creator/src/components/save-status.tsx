import { AlertIcon } from '@beabro/shared/ui/icons/alert';
import { CheckIcon } from '@beabro/shared/ui/icons/check';

export type SaveState =
  { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved'; message: string } | { kind: 'failed'; message: string };

export const IDLE: SaveState = { kind: 'idle' };

/**
 * The visible outcome of a save, next to its button (a failure is never only logged). Success is a polite
 * status; a failure is an alert, so it is announced at once.
 */
export function SaveStatus({ state }: { state: SaveState }) {
  const failed = state.kind === 'failed';
  const text = state.kind === 'saved' || state.kind === 'failed' ? state.message : '';
  return (
    <p
      role={failed ? 'alert' : 'status'}
      css={(theme) => ({
        margin: 0,
        minHeight: '1.25rem',
        fontSize: theme.font.size.sm,
        fontWeight: theme.font.weight.medium,
        color: failed ? theme.color.danger : theme.color.success,
        // The icon keeps a space from its text ("⚠ Please correct...", not "⚠Please").
        '& > svg': { marginRight: '0.375rem', verticalAlign: '-0.125em' },
      })}
    >
      {text ? (
        <>
          {failed ? <AlertIcon /> : <CheckIcon />}
          {text}
        </>
      ) : null}
    </p>
  );
}
