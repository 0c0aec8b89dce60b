import { isolateMemo } from "../../core/memory/memos";

/**
 * A bound `LIMIT ?` or `OFFSET ?`, outside quotes: SQLite (3.47 and later, as in workerd and D1)
 * reads such a parameter's value when it plans the statement and marks the statement to be
 * planned again whenever that parameter is bound. D1 binds on every run, so a statement with a
 * bound limit was compiled again on every request (`perf`: `sqlite3Reprepare` under
 * `sqlite3_step`; ≈ 700 µs for the organization's space list, more than its one round trip).
 * Written as an expression, `LIMIT (? + 0)`, the value is read when the statement runs, and the
 * cached statement is reused.
 */
const BOUND_LIMIT = /'[^']*'|"[^"]*"|\b(limit|offset) \?/gi;

/** Statement texts already rewritten: the prepared statements' texts repeat on every request. */
const rewritten = isolateMemo<string, string>("unplanned statement texts", { entries: 2_000 });

/** `text` with every bound limit and offset written so that SQLite does not plan on its value. */
export function unplannedLimits(text: string): string {
  let out = rewritten.get(text);
  if (out === undefined) {
    out = text.replace(BOUND_LIMIT, (match, keyword?: string) =>
      keyword ? `${keyword} (? + 0)` : match,
    );
    rewritten.set(text, out);
  }
  return out;
}

/**
 * A D1 handle whose statements have their limits unplanned (`unplannedLimits`): what drizzle is
 * given, so its own statements and the prepared selects alike are planned once.
 */
export class UnplannedLimitsD1 {
  constructor(private readonly d1: D1Database) {}

  /** A statement of `query`, its limits rewritten. */
  prepare(query: string): D1PreparedStatement {
    return this.d1.prepare(unplannedLimits(query));
  }

  /** The batch, as D1 runs it (its statements were made by `prepare`). */
  batch<T = unknown>(statements: D1PreparedStatement[]): Promise<D1Result<T>[]> {
    return this.d1.batch<T>(statements);
  }

  /** Raw SQL, as D1 runs it. */
  exec(query: string): Promise<D1ExecResult> {
    return this.d1.exec(query);
  }
}
