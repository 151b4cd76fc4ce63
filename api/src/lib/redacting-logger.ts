import { redactUrlSecrets } from './url-secrets';

export interface LogDestination {
  write(line: string): void;
}

/**
 * The API logger's destination, redacting on the way: every line (request logs, errors, anything a module logs)
 * has its URLs' secret query values replaced by `[redacted]` (url-secrets.ts) before it is written.
 */
export function redactingDestination(target: LogDestination): LogDestination {
  return { write: (line) => target.write(redactUrlSecrets(line)) };
}
