import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import {
  CONTRACT_VERSION,
  federationName,
  isCompatibleContract,
  type RemoteAreaModule,
} from '@beabro/shared/contract/remote-contract';
import type { ContainerLoader } from '@beabro/shared/contract/page-state';


export type AreaLoad = { ok: true; area: RemoteAreaModule } | { ok: false; reason: string };

/** How long a remote whose server container failed is rendered in the browser before the server tries it again. */
const RETRY_AFTER_MS = 30_000;

export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

const describe = (error: unknown): string => (error instanceof Error ? (error.message.split('\n')[0] ?? error.message) : String(error));

/**
 * Loads remotes' server containers into this process's federation instance, from the entry the live
 * remote map names at the time of the request: a deploy (a new URL) is picked up by the next request,
 * with no restart. A container that fails, or is slower than `timeoutMs`, is not asked again for a
 * while (the pending load of a slow one is never awaited twice); its areas render in the browser.
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
  const failures = new Map<string, { at: number; reason: string }>();

  async function load(remote: string, module: string, entry: string | undefined): Promise<AreaLoad> {
    if (!entry) return { ok: false, reason: `${remote} has no server bundle in the remote map` };
    const failure = failures.get(entry);
    if (failure && Date.now() - failure.at < RETRY_AFTER_MS) return { ok: false, reason: failure.reason };
    if (registered.get(remote) !== entry || failure) {
      // A new release (or a retry after a failure): forget the old container and everything it loaded.
      registerRemotes([{ name: federationName(remote), entry }], { force: true });
      registered.set(remote, entry);
    }
    try {
      const loaded = await withTimeout(
        loadRemote<RemoteAreaModule>(`${federationName(remote)}/${module.replace(/^\.\//, '')}`),
        timeoutMs,
        `loading ${remote} ${module} on the server`,
      );
      if (!loaded || typeof loaded.default !== 'function') throw new Error(`${remote} did not provide ${module}`);
      if (!isCompatibleContract(loaded.contractVersion)) {
        throw new Error(`${remote} was built for contract ${String(loaded.contractVersion)}, but this site speaks ${CONTRACT_VERSION}`);
      }
      failures.delete(entry);
      return { ok: true, area: loaded };
    } catch (error) {
      const reason = describe(error);
      failures.set(entry, { at: Date.now(), reason });
      return { ok: false, reason };
    }
  }

  return { load };
}
