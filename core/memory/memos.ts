import { BoundedMap, type Bound } from "./bounded-map";

/**
 * This isolate's memos of pure functions (a digest, a derived key, a rewritten statement text):
 * values that depend on their key alone, so an isolate, a test or another Worker sharing one by
 * import can never change an answer. Every module-level memory of src/, core/ and reader/src is
 * made here, by name, bounded by the one policy (`BoundedMap`: least recently used first); state
 * that depends on time or on other requests (verified tokens, kept answers, rate-limit windows)
 * is the platform's instead (src/platform/isolate-memories.ts, one per `createPlatform`), and the
 * reader's memories are listed in reader/src/cache/memories.ts. scripts/check-module-memories.mjs
 * (`npm run lint`) refuses any other module-level Map, Set, WeakMap or mutable binding.
 */

/** One registered memo. */
interface Registered {
  name: string;
  memo: BoundedMap<unknown, unknown>;
}

// module-state: the registry of every memo below (each bounded).
const registered: Registered[] = [];

/** A named memo, bounded by `bound`: the one form of a module-level memory. */
export function isolateMemo<K, V>(name: string, bound: Bound<V>): BoundedMap<K, V> {
  const memo = new BoundedMap<K, V>(bound);
  registered.push({ name, memo: memo as BoundedMap<unknown, unknown> });
  return memo;
}

/**
 * A named memo keyed by objects (a grant, a parsed spec, a statement's SQL): it forgets an entry
 * with its key, so it is bounded by what holds the keys, and needs no bound of its own.
 */
export function weakMemo<K extends WeakKey, V>(_name: string): WeakMap<K, V> {
  return new WeakMap<K, V>();
}

/** Every registered memo with its bound and size: what this isolate remembers, in one list. */
export function memoSizes(): { name: string; entries: number; bound: number }[] {
  return registered.map(({ name, memo }) => ({
    name,
    entries: memo.size,
    bound: memo.bound.entries,
  }));
}
