import type { SandboxPaymentProvider } from './sandbox-payment-provider';

/** How often the running server sends the sandbox's later events (deliverPendingEvents): a refund fails within it. */
export const SANDBOX_EVENT_RUN_EVERY_MS = 30_000;

export interface RunningSandboxEventLoop {
  stop: () => Promise<void>;
}

/**
 * The sandbox's own side, as a real provider runs it on its servers: every `everyMs` (the first run after
 * `firstDelayMs`), it sends the events that come later than the change they report (a refund the bank sends back).
 * Never two runs at once; stop() waits for a run under way.
 */
export function startSandboxEventLoop(
  sandbox: Pick<SandboxPaymentProvider, 'deliverPendingEvents'>,
  log: { info: (message: string) => void; error: (message: string) => void },
  everyMs = SANDBOX_EVENT_RUN_EVERY_MS,
  firstDelayMs = everyMs,
): RunningSandboxEventLoop {
  let running: Promise<void> | null = null;
  let stopped = false;
  const tick = () => {
    if (stopped || running) return;
    running = sandbox
      .deliverPendingEvents()
      .then(({ delivered, errors }) => {
        if (delivered > 0 || errors > 0) log.info(`sandbox events: ${delivered} delivered, ${errors} not accepted`);
      })
      .catch((error: unknown) => log.error(`sandbox events could not be sent: ${(error as Error).message}`))
      .finally(() => {
        running = null;
      });
  };
  let every: NodeJS.Timeout | undefined;
  const first = setTimeout(() => {
    tick();
    every = setInterval(tick, everyMs);
    every.unref();
  }, firstDelayMs);
  first.unref();
  return {
    stop: async () => {
      stopped = true;
      clearTimeout(first);
      clearInterval(every);
      await running;
    },
  };
}
