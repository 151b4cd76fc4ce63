import { loadRemote, registerPlugins } from '@module-federation/enhanced/runtime';
import type { ContainerLoader } from '@beabro/shared/contract/page-state';
import {
  CONTRACT_VERSION,
  federationName,
  isCompatibleContract,
  type RemoteAreaModule,
} from '@beabro/shared/contract/remote-contract';
import { replaceRemote } from '../features/remotes/replace-remote';

export type AreaLoad = { ok: true; area: RemoteAreaModule } | { ok: false; reason: string };

/** How long an area that failed on the server is rendered in the browser before the server tries it again. */
const RETRY_AFTER_MS = 30_000;

export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

const describe = (error: unknown): string =>
  error instanceof Error ? (error.message.split('\n')[0] ?? error.message) : String(error);

/**
 * One load of an area from one entry. `retry` says whether loading it again may help: a container that
 * could not be fetched may load later; one that loaded but is not usable (wrong contract, no such area)
 * stays so until a new release is deployed, and code run in this process cannot be unloaded, so it is
 * never loaded again.
 */
interface Attempt {
  promise: Promise<void>;
  result?: AreaLoad & { retry?: boolean };
  failedAt?: number;
  /** The loaded area could not be rendered (it threw or took too long): when and why. */
  renderFailure?: { reason: string; at: number };
}

/**
 * Loads remotes' server containers into this process's federation instance, from the entry the live
 * remote map names at the time of the request: a deploy (a new URL) is picked up by the next request,
 * with no restart. A request waits at most `timeoutMs` for a load; a slower load goes on and serves later
 * requests once it has finished. A failed area is rendered in the browser and tried again after a while
 * (only when trying again can help).
 */
export function createServerAreas({ loadContainer, timeoutMs }: { loadContainer: ContainerLoader; timeoutMs: number }) {
  registerPlugins([
    {
      name: 'beabro-server-container-loader',
      // Every container load goes through our loader (status check, time limit, local files).
      loadEntry: ({ remoteInfo }) => loadContainer(remoteInfo.entry, remoteInfo.entryGlobalName) as Promise<never>,
    },
  ]);

  const registered = new Map<string, string>();
  const attempts = new Map<string, Attempt>();

  function start(remote: string, module: string, entry: string): Attempt {
    if (
      registered.get(remote) !== entry ||
      [...attempts.entries()].some(
        ([key, a]) => key.startsWith(`${entry}|`) && a.result?.ok === false && a.result.retry,
      )
    ) {
      // A new release, or a container that failed to load: forget it and everything it loaded.
      replaceRemote(federationName(remote), entry);
      registered.set(remote, entry);
    }
    const attempt: Attempt = { promise: Promise.resolve() };
    attempt.promise = loadRemote<RemoteAreaModule>(`${federationName(remote)}/${module.replace(/^\.\//, '')}`).then(
      (loaded) => {
        if (!loaded || typeof loaded.default !== 'function') {
          attempt.result = { ok: false, reason: `${remote} did not provide ${module}`, retry: false };
        } else if (!isCompatibleContract(loaded.contractVersion)) {
          attempt.result = {
            ok: false,
            reason: `${remote} was built for contract ${String(loaded.contractVersion)}, but this site speaks ${CONTRACT_VERSION}`,
            retry: false,
          };
        } else {
          attempt.result = { ok: true, area: loaded };
        }
      },
      (error: unknown) => {
        attempt.result = { ok: false, reason: describe(error), retry: true };
        attempt.failedAt = Date.now();
      },
    );
    return attempt;
  }

  async function load(remote: string, module: string, entry: string | undefined): Promise<AreaLoad> {
    if (!entry) return { ok: false, reason: `${remote} has no server bundle in the remote map` };
    const key = `${entry}|${module}`;
    let attempt = attempts.get(key);
    const result = attempt?.result;
    if (result && !result.ok && result.retry && Date.now() - (attempt?.failedAt ?? 0) >= RETRY_AFTER_MS)
      attempt = undefined;
    if (!attempt) {
      attempt = start(remote, module, entry);
      attempts.set(key, attempt);
    }
    if (!attempt.result) {
      try {
        await withTimeout(attempt.promise, timeoutMs, `loading ${remote} ${module} on the server`);
      } catch (error) {
        return { ok: false, reason: describe(error) };
      }
    }
    const settled = attempt.result ?? { ok: false, reason: `${remote} ${module} did not load` };
    if (!settled.ok) return { ok: false, reason: settled.reason };
    const { renderFailure } = attempt;
    if (renderFailure && Date.now() - renderFailure.at < RETRY_AFTER_MS)
      return { ok: false, reason: renderFailure.reason };
    return { ok: true, area: settled.area };
  }

  /**
   * The area loaded but could not be rendered (it threw, or took too long): it renders in the browser,
   * and the server tries it again after a while rather than on every request.
   */
  function renderFailed(module: string, entry: string, reason: string) {
    const attempt = attempts.get(`${entry}|${module}`);
    if (attempt?.result?.ok) attempt.renderFailure = { reason, at: Date.now() };
  }

  return { load, renderFailed };
}
