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

/** Loads one exposed area of a remote and checks it was built against a compatible contract. */
export async function loadRemoteArea(remote: string, module: string): Promise<{ default: RemoteAreaModule['default'] }> {
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
