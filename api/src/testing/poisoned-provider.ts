// A payment provider that breaks for chosen items (used by tests only): proves a job's loop takes each item on its own.
import type { PaymentProvider } from '../modules/payments/payment-provider';

/** What a poisoned call throws. */
class PoisonedCallError extends Error {}

/** The first poisoned id that a string of the call's arguments (at any depth) contains, if any. */
function poisonIn(value: unknown, ids: ReadonlySet<string>, seen = new Set<unknown>()): string | undefined {
  if (typeof value === 'string') {
    for (const id of ids) if (value.includes(id)) return id;
    return undefined;
  }
  if (typeof value !== 'object' || value === null || value instanceof Date || seen.has(value)) return undefined;
  seen.add(value);
  for (const inner of Object.values(value)) {
    const found = poisonIn(inner, ids, seen);
    if (found) return found;
  }
  return undefined;
}

/**
 * `provider`, but every call whose arguments name one of `poisoned` (an intent, a refund's key, a card token, a
 * subscription's card ...) rejects with a PoisonedCallError instead of reaching it; the rest go through unchanged.
 * `poisoned` is read at each call, so a test can cure an item by deleting it from the set.
 */
export function poisonedProvider<P extends PaymentProvider>(provider: P, poisoned: ReadonlySet<string>): P {
  return new Proxy(provider, {
    get(target, key, receiver) {
      const value: unknown = Reflect.get(target, key, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]): unknown => {
        const id = poisonIn(args, poisoned);
        if (id !== undefined) return Promise.reject(new PoisonedCallError(`${String(key)} refused: ${id} is poisoned`));
        return Reflect.apply(value, target, args);
      };
    },
  });
}
