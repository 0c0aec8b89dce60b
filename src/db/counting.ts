/** What one request cost the database: round trips, rows read and rows written. */
export interface D1Stats {
  roundTrips: number;
  rowsRead: number;
  rowsWritten: number;
  /** Statements run through `raw()`, for which D1 reports no metadata (rows not counted). */
  unmetered: number;
}

/** A fresh, zeroed stats record. */
export function emptyStats(): D1Stats {
  return { roundTrips: 0, rowsRead: 0, rowsWritten: 0, unmetered: 0 };
}

type Meta = { rows_read?: number; rows_written?: number } | undefined;

function record(stats: D1Stats, meta: Meta): void {
  stats.rowsRead += meta?.rows_read ?? 0;
  stats.rowsWritten += meta?.rows_written ?? 0;
}

/**
 * Wraps a D1 binding so every round trip (a statement run, or one `batch`) and the rows it read
 * and wrote are counted from D1's own result metadata. The bench and the tests read the same
 * figures, through the `X-Quire-D1` response header when DB_STATS is on.
 */
export function countingD1(d1: D1Database, stats: D1Stats): D1Database {
  const wrapStatement = (stmt: D1PreparedStatement): D1PreparedStatement => {
    const wrapped: D1PreparedStatement = Object.create(stmt);
    wrapped.bind = (...values: unknown[]) => wrapStatement(stmt.bind(...values));
    wrapped.first = (async (column?: string) => {
      stats.roundTrips++;
      // `first` exposes no metadata; run `all` to keep the counts exact.
      const result = await stmt.all();
      record(stats, result.meta);
      const row = (result.results[0] ?? null) as Record<string, unknown> | null;
      return column && row ? row[column] : row;
    }) as D1PreparedStatement["first"];
    wrapped.all = (async () => {
      stats.roundTrips++;
      const result = await stmt.all();
      record(stats, result.meta);
      return result;
    }) as D1PreparedStatement["all"];
    wrapped.run = (async () => {
      stats.roundTrips++;
      const result = await stmt.run();
      record(stats, result.meta);
      return result;
    }) as D1PreparedStatement["run"];
    wrapped.raw = ((options?: { columnNames?: boolean }) => {
      // `raw` keeps duplicate column names apart but D1 gives it no metadata: count the trip only.
      // Queries whose rows must be metered go through `batch`, which reports them.
      stats.roundTrips++;
      stats.unmetered++;
      return options?.columnNames ? stmt.raw({ columnNames: true }) : stmt.raw();
    }) as D1PreparedStatement["raw"];
    (wrapped as unknown as { __inner: D1PreparedStatement }).__inner = stmt;
    return wrapped;
  };

  const wrapped: D1Database = Object.create(d1);
  wrapped.prepare = (query: string) => wrapStatement(d1.prepare(query));
  wrapped.batch = (async (statements: D1PreparedStatement[]) => {
    stats.roundTrips++;
    const inner = statements.map(
      (s) => (s as unknown as { __inner?: D1PreparedStatement }).__inner ?? s,
    );
    const results = await d1.batch(inner);
    for (const r of results) record(stats, r.meta);
    return results;
  }) as D1Database["batch"];
  wrapped.exec = async (query: string) => {
    stats.roundTrips++;
    return d1.exec(query);
  };
  return wrapped;
}
