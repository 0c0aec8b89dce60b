import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "./client";

/**
 * Statements for one round trip, by name: a service hands these to a route, which runs them in
 * one `db.batch` together with its access check, and reads the results back by the same names.
 */
export type Statements = Record<string, BatchItem<"sqlite">>;

/** The results of `Statements`, under the same names (what `db.batch` gives for each). */
export type Results<S extends Statements> = { [K in keyof S]: NonNullable<S[K]>["_"]["result"] };

/**
 * A service's unit of work for one round trip: named statements and a `finish` that reads their
 * results by name (never by position), so a route composes plans without index arithmetic.
 */
export interface Plan<S extends Statements, T> {
  statements: S;
  finish: (results: Results<S>) => T;
}

/** Builds a plan; the one place its statement and result types are tied together. */
export function plan<S extends Statements, T>(
  statements: S,
  finish: (results: Results<S>) => T,
): Plan<S, T> {
  return { statements, finish };
}

/**
 * Runs named statements in one `db.batch` (one D1 round trip, atomic for writes) and returns
 * their results by name. No statements: no round trip.
 */
export async function runStatements<S extends Statements>(
  db: Database,
  statements: S,
): Promise<Results<S>> {
  const names = Object.keys(statements);
  const items = names.map((name) => statements[name]!);
  if (items.length === 0) return {} as Results<S>;
  const results = await db.batch(items as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  return Object.fromEntries(names.map((name, i) => [name, results[i]])) as Results<S>;
}

/** Runs a plan in one round trip and returns what its `finish` makes of the results. */
export async function runPlan<S extends Statements, T>(db: Database, p: Plan<S, T>): Promise<T> {
  return p.finish(await runStatements(db, p.statements));
}

/** No statements: the default of a resolver's `with`. */
export type NoStatements = Record<never, never>;

/**
 * Runs an access check's own statements and a caller's extra ones in the same `db.batch`,
 * keeping the two sets of names apart (an extra statement may be called `caller` too).
 */
export async function runBoth<O extends Statements, E extends Statements>(
  db: Database,
  own: O,
  extra: E | undefined,
): Promise<{ own: Results<O>; extra: Results<E> }> {
  const ownNames = Object.keys(own);
  const extraNames = Object.keys(extra ?? {});
  const items = [...ownNames.map((name) => own[name]!), ...extraNames.map((name) => extra![name]!)];
  if (items.length === 0) return { own: {} as Results<O>, extra: {} as Results<E> };
  const results = await db.batch(items as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  const pick = (names: string[], offset: number) =>
    Object.fromEntries(names.map((name, i) => [name, results[offset + i]]));
  return {
    own: pick(ownNames, 0) as Results<O>,
    extra: pick(extraNames, ownNames.length) as Results<E>,
  };
}
