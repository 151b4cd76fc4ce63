import { useEffect, useRef, useState } from 'react';
import { SANDBOX_FRAME_ORIGIN, SANDBOX_FRAME_TARGET } from '@beabro/shared/payments/sandbox-frame';

/** What the provider's frame answered once the supporter approved or failed the bank's challenge. */
export interface ChallengeResult {
  status: 'succeeded' | 'processing' | 'failed';
  message: string | null;
}

/**
 * The payment provider's own frame (the sandbox's, in test mode) showing only the bank's challenge
 * (3-D Secure) for an intent that awaits it: the card is already the intent's, nothing is typed here.
 * The page hears back a status and the provider's reason.
 */
export function BankChallengeFrame({
  frameUrl,
  intentId,
  clientSecret,
  onResult,
}: {
  frameUrl: string;
  intentId: string;
  clientSecret: string;
  onResult: (result: ChallengeResult) => void;
}) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState(200);
  const latest = useRef(onResult);
  useEffect(() => {
    latest.current = onResult;
  }, [onResult]);

  useEffect(() => {
    const start = () =>
      frame.current?.contentWindow?.postMessage(
        { type: 'sandbox-pay:authenticate', intentId, clientSecret },
        SANDBOX_FRAME_TARGET,
      );
    const onMessage = (event: MessageEvent) => {
      if (event.source !== frame.current?.contentWindow || event.origin !== SANDBOX_FRAME_ORIGIN) return;
      const data = event.data as { type?: string; height?: unknown; status?: unknown; message?: unknown };
      if (data.type === 'sandbox-pay:ready') start();
      if (data.type === 'sandbox-pay:resize' && typeof data.height === 'number')
        setHeight(Math.min(Math.max(data.height, 120), 800));
      if (data.type === 'sandbox-pay:result') {
        const status = data.status === 'succeeded' || data.status === 'processing' ? data.status : 'failed';
        latest.current({ status, message: typeof data.message === 'string' ? data.message : null });
      }
    };
    window.addEventListener('message', onMessage);
    // A frame that loaded before this listened has said "ready" already: ask it again.
    frame.current?.contentWindow?.postMessage({ type: 'sandbox-pay:ping' }, SANDBOX_FRAME_TARGET);
    return () => window.removeEventListener('message', onMessage);
  }, [intentId, clientSecret]);

  return (
    <iframe
      ref={frame}
      src={frameUrl}
      title="Confirm the payment with your bank (secure field of the payment provider, test mode)"
      css={{ width: '100%', height, border: 0, display: 'block' }}
    />
  );
}
