export interface PollingLoop {
  /** Runs again as soon as the current run ends (or now, when idle), without waiting for the interval. */
  wake: () => void;
  /** Stops the loop and waits for a run in progress to finish. */
  stop: () => Promise<void>;
}

/**
 * Calls `run` at once, then again `intervalMs` after each run ends (never two runs at a time), until
 * stopped. A run that throws is reported to `onError` and the loop goes on.
 */
export function startPollingLoop(
  run: () => Promise<void>,
  intervalMs: number,
  onError: (error: unknown) => void,
): PollingLoop {
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let wokenDuringRun = false;

  const tick = () => {
    timer = null;
    wokenDuringRun = false;
    running = run()
      .catch(onError)
      .finally(() => {
        running = null;
        if (stopped) return;
        timer = setTimeout(tick, wokenDuringRun ? 0 : intervalMs);
      });
  };
  timer = setTimeout(tick, 0);

  return {
    wake: () => {
      if (stopped) return;
      if (running) {
        wokenDuringRun = true;
        return;
      }
      if (timer) clearTimeout(timer);
      timer = setTimeout(tick, 0);
    },
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
