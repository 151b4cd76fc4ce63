import { getInstance, registerRemotes } from '@module-federation/enhanced/runtime';

/**
 * Registers a remote at `entry`, first forgetting any earlier registration of that name and everything loaded
 * from it (its module cache, its entry's loading state or failure, the shared modules only it provided): a new
 * release, or Retry after an outage, really fetches the remote again. `registerRemotes(..., { force: true })`
 * alone does the same but warns "already registered ... may cause unexpected errors" each time; forgetting first
 * goes through the runtime's remote handler (`removeRemote`, typed private in 2.x). Guarded: with a runtime
 * without it, the forced registration replaces the remote as before (with the warning).
 */
export function replaceRemote(name: string, entry: string): void {
  const instance = getInstance();
  const handler = instance?.remoteHandler as unknown as { removeRemote?: (remote: { name: string }) => void };
  const registered = instance?.options.remotes.find((remote) => remote.name === name);
  if (registered && typeof handler?.removeRemote === 'function') handler.removeRemote(registered);
  registerRemotes([{ name, entry }], { force: true });
}
