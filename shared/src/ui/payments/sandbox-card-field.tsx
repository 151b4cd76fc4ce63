import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { SANDBOX_CARD_FRAME_PATH } from '@beabro/shared/api-schemas/checkout';
import type { CardFieldHandle, CardFieldMode, CardFieldResult } from '@beabro/shared/payments/card-field-client';
import { FlaskIcon } from '@beabro/shared/ui/icons/flask';
import { SANDBOX_FRAME_ORIGIN, SANDBOX_FRAME_TARGET } from '@beabro/shared/payments/sandbox-frame';

/** The sandbox's test cards (api/src/modules/payments/sandbox): what a tester can type in the card field, and what happens. */
export const TEST_CARDS = [
  { number: '4242 4242 4242 4242', outcome: 'payment succeeds' },
  { number: '4000 0027 6000 3184', outcome: 'your bank asks you to confirm (3-D Secure)' },
  { number: '4000 0000 0000 0002', outcome: 'card is declined' },
  { number: '4000 0000 0000 9995', outcome: 'insufficient funds' },
  { number: '4000 0000 0000 5126', outcome: 'payment succeeds; a refund of it fails a little later' },
] as const;

/** In setup mode (a card saved for renewals, nothing charged) what each test card does differs a little. */
export const SETUP_TEST_CARDS = [
  { number: '4242 4242 4242 4242', outcome: 'card is saved' },
  { number: '4000 0027 6000 3184', outcome: 'your bank asks you to confirm the card (3-D Secure)' },
  { number: '4000 0000 0000 0002', outcome: 'card is declined' },
  { number: '4000 0000 0000 9995', outcome: 'card is saved, its payments fail for insufficient funds' },
] as const;

export interface SandboxCardFieldProps {
  /** Payment mode confirms an intent; setup mode saves the card for later payments, nothing charged. */
  mode?: CardFieldMode;
  /** The field's id (the page focuses it on an error) and its error line's id. */
  fieldId: string;
  errorId: string;
  /** The provider's reason, shown next to the field. */
  error: string | undefined;
}

/** How long a confirmation waits for a card field that is still loading. */
const READY_WAIT_MS = 10_000;

const FRAME_MESSAGES = {
  notReady: 'The card field has not loaded. Check your connection and reload the page.',
} as const;

/**
 * The payment provider's own card field (the sandbox's, in test mode): a frame served by the provider
 * with its own script and CSP. The card number, expiry and CVC live only in that frame; this page only
 * asks it to confirm an intent (or a setup) and hears back a status and the provider's reason.
 */
export const SandboxCardField = forwardRef<CardFieldHandle, SandboxCardFieldProps>(function SandboxCardField(
  { mode = 'payment', fieldId, errorId, error },
  ref,
) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState(260);
  const ready = useRef(false);
  const waiting = useRef<((result: CardFieldResult) => void) | null>(null);

  const onReady = useRef<(() => void) | null>(null);

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.source !== frame.current?.contentWindow || event.origin !== SANDBOX_FRAME_ORIGIN) return;
      const data = event.data as { type?: string; height?: unknown; status?: unknown; message?: unknown };
      if (data.type === 'sandbox-pay:ready') {
        ready.current = true;
        onReady.current?.();
      }
      if (data.type === 'sandbox-pay:resize' && typeof data.height === 'number')
        setHeight(Math.min(Math.max(data.height, 120), 800));
      if (data.type === 'sandbox-pay:result' && waiting.current) {
        const status = ['succeeded', 'processing', 'failed', 'invalid'].includes(String(data.status))
          ? (data.status as CardFieldResult['status'])
          : 'failed';
        const resolve = waiting.current;
        waiting.current = null;
        resolve({ status, message: typeof data.message === 'string' ? data.message : null });
      }
    };
    window.addEventListener('message', onMessage);
    // A frame rendered on the server may have loaded (and said so) before this page listened: ask again.
    frame.current?.contentWindow?.postMessage({ type: 'sandbox-pay:ping' }, SANDBOX_FRAME_TARGET);
    return () => window.removeEventListener('message', onMessage);
  }, []);

  useImperativeHandle(
    ref,
    () => ({
      // The sandbox's frame takes the card before any intent exists.
      mountedFor: () => null,
      async confirm(id, clientSecret) {
        const target = frame.current?.contentWindow;
        if (!target) return { status: 'failed', message: FRAME_MESSAGES.notReady };
        if (!ready.current) {
          // Still loading: ask it, and wait a little for its answer.
          const answered = await new Promise<boolean>((resolve) => {
            const timer = setTimeout(() => resolve(false), READY_WAIT_MS);
            onReady.current = () => {
              clearTimeout(timer);
              resolve(true);
            };
            target.postMessage({ type: 'sandbox-pay:ping' }, SANDBOX_FRAME_TARGET);
          });
          onReady.current = null;
          if (!answered) return { status: 'failed', message: FRAME_MESSAGES.notReady };
        }
        return new Promise<CardFieldResult>((resolve) => {
          waiting.current = resolve;
          target.postMessage(
            mode === 'setup'
              ? { type: 'sandbox-pay:setup', setupId: id, clientSecret }
              : { type: 'sandbox-pay:confirm', intentId: id, clientSecret },
            SANDBOX_FRAME_TARGET,
          );
        });
      },
    }),
    [mode],
  );
  const cards = mode === 'setup' ? SETUP_TEST_CARDS : TEST_CARDS;

  return (
    <>
      <div
        role="note"
        aria-label="Test mode"
        css={(theme) => ({
          marginBottom: '1.25rem',
          padding: theme.space(4),
          borderRadius: theme.radius.md,
          background: theme.color.warningSoft,
          border: `1px solid ${theme.color.warning}`,
          color: theme.color.warning,
          fontSize: theme.font.size.sm,
        })}
      >
        <p css={(theme) => ({ margin: 0, fontWeight: theme.font.weight.bold, letterSpacing: '0.04em' })}>
          <FlaskIcon /> TEST MODE
        </p>
        <p css={{ margin: '0.25rem 0 0.5rem' }}>
          Payments here are simulated: no real card is charged and no money moves. Type a test card in the card field
          below with any future expiry date and any 3-digit CVC:
        </p>
        <ul css={{ margin: 0, padding: 0, listStyle: 'none', display: 'grid', gap: '0.25rem' }}>
          {cards.map((card) => (
            <li key={card.number}>
              <span css={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontWeight: 700 }}>
                {card.number}
              </span>{' '}
              {card.outcome}
            </li>
          ))}
        </ul>
      </div>
      <iframe
        ref={frame}
        id={fieldId}
        src={SANDBOX_CARD_FRAME_PATH}
        onLoad={() => (ready.current = true)}
        title="Card details (secure field of the payment provider, test mode)"
        aria-describedby={error ? errorId : undefined}
        css={{ width: '100%', height, border: 0, display: 'block' }}
      />
      {error ? (
        <p
          id={errorId}
          role="alert"
          css={(theme) => ({ margin: '0.5rem 0 0', color: theme.color.danger, fontSize: theme.font.size.sm })}
        >
          {error}
        </p>
      ) : null}
    </>
  );
});
