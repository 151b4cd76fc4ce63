import { loadRemote } from '@module-federation/enhanced/runtime';
import {
  CONTRACT_VERSION,
  federationName,
  isCompatibleContract,
  type RemoteAreaModule,
} from '@beabro/shared/contract/remote-contract';

export class RemoteAreaError extends Error {
  constructor(
    message: string,
    readonly kind: 'unavailable' | 'incompatible',
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'RemoteAreaError';
  }
}

type AreaModule = { default: RemoteAreaModule['default'] };

/** Loads started before React asked for them, each handed out once. */
const preloads = new Map<string, Promise<AreaModule>>();

/**
 * Starts loading an area before its route renders: the shell calls it for the deep link's area as soon
 * as the remote map is read, so the remote's manifest, remoteEntry and chunks download while the shell
 * itself is still rendering. A failure surfaces where the area renders (fallback with Retry).
 */
export function preloadRemoteArea(remote: string, module: string) {
  const key = `${remote}|${module}`;
  if (preloads.has(key)) return;
  const loading = fetchRemoteArea(remote, module);
  loading.catch(() => {});
  preloads.set(key, loading);
}

/** Loads one exposed area of a remote and checks it was built against a compatible contract. */
export function loadRemoteArea(remote: string, module: string): Promise<AreaModule> {
  const key = `${remote}|${module}`;
  const preloaded = preloads.get(key);
  if (preloaded) {
    preloads.delete(key);
    return preloaded;
  }
  return fetchRemoteArea(remote, module);
}

async function fetchRemoteArea(remote: string, module: string): Promise<AreaModule> {
  let loaded: RemoteAreaModule | null | undefined;
  try {
    loaded = await loadRemote<RemoteAreaModule>(`${federationName(remote)}/${module.replace(/^\.\//, '')}`);
  } catch (cause) {
    throw new RemoteAreaError(`${remote} could not be loaded`, 'unavailable', { cause });
  }
  if (!loaded || typeof loaded.default !== 'function') {
    throw new RemoteAreaError(`${remote} did not provide ${module}`, 'unavailable');
  }
  if (!isCompatibleContract(loaded.contractVersion)) {
    throw new RemoteAreaError(
      `${remote} was built for contract ${String(loaded.contractVersion)}, but this site speaks ${CONTRACT_VERSION}.`,
      'incompatible',
    );
  }
  return { default: loaded.default };
}
