import { sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { siteInsightCounts } from "../../db/schema/index";
import { nowMs } from "../../lib/clock";
import { RefusedValue } from "../../lib/errors";
import type { SiteInsightsEventInput } from "../../api/site-insights";

/**
 * Site insights in bounded form (table `site_insight_counts`): each tracked event increments one
 * counter of (site, UTC day, type, site space, page, value); raw events are never kept. A site
 * holds at most `MAX_KEYS_PER_DAY` distinct counters a day: events of a new counter beyond it
 * count under the overflow counter of their type and value, whose site space and page are `*`.
 * How many counters a day holds is kept in the day's bookkeeping row (type `KEYS_ROW`), so the
 * cap costs one row read, not a count.
 */
const MAX_KEYS_PER_DAY = 5_000;

/** The type of the bookkeeping row counting a day's distinct counters (never an event type). */
export const KEYS_ROW = "#keys";

/** The site space and page of the overflow counters. */
export const OVERFLOW = "*";

/** How far an event's own timestamp may be from now (official: within 5 minutes). */
const SKEW_MS = 5 * 60 * 1000;

/** One counter to increment by `n`. */
interface CounterKey {
  d: string;
  t: string;
  s: string;
  p: string;
  v: string;
  n: number;
}

/**
 * The counters a batch of events increments, merged (one per distinct key). An event's day is
 * its timestamp's UTC day (now without one); a timestamp more than 5 minutes away is refused,
 * naming it.
 */
export function countersOf(events: readonly SiteInsightsEventInput[]): CounterKey[] {
  const now = nowMs();
  const merged = new Map<string, CounterKey>();
  events.forEach((event, i) => {
    const at = event.timestamp ? Date.parse(event.timestamp) : now;
    if (Math.abs(at - now) > SKEW_MS) {
      throw new RefusedValue(`events.${i}.timestamp`, "must be within 5 minutes of now");
    }
    const key = {
      d: new Date(at).toISOString().slice(0, 10),
      t: event.type,
      s: event.location.siteSpace ?? "",
      p: event.location.page ?? "",
      v: event.type === "page_post_feedback" ? event.feedback.rating : "",
    };
    const id = JSON.stringify(key);
    const seen = merged.get(id);
    if (seen) seen.n++;
    else merged.set(id, { ...key, n: 1 });
  });
  return [...merged.values()];
}

/** The counters as rows of SQL, from one JSON parameter. */
const keysSql = (keys: readonly CounterKey[]) => sql`(SELECT json_extract(value, '$.d') AS d,
    json_extract(value, '$.t') AS t, json_extract(value, '$.s') AS s,
    json_extract(value, '$.p') AS p, json_extract(value, '$.v') AS v,
    json_extract(value, '$.n') AS n FROM json_each(${JSON.stringify(keys)}))`;

/** The stored counter of key `k` (SQL alias) in the site, as a condition. */
const sameKey = (siteId: string) => sql`c.site_id = ${siteId} AND c.day = k.d AND c.type = k.t
    AND c.site_space_id = k.s AND c.page_id = k.p AND c.value = k.v`;

/**
 * Increments the counters of the site in one batch of two statements. The first upserts every
 * counter: a known one, or a new one while the day's count of counters plus its rank among the
 * new ones stays within the cap, else the overflow counter of its type and value (SQLite reads
 * the whole SELECT before inserting, as it reads the table it inserts into, so every row sees the
 * counters as they were).
 * The second adds to the day's bookkeeping row the counters created: those whose count is now
 * exactly what this batch added.
 */
export async function trackCounters(db: Database, siteId: string, keys: readonly CounterKey[]) {
  if (keys.length === 0) return;
  const used = sql`coalesce((SELECT c.count FROM site_insight_counts c WHERE c.site_id = ${siteId}
    AND c.day = r.d AND c.type = ${KEYS_ROW} AND c.site_space_id = '' AND c.page_id = ''
    AND c.value = ''), 0)`;
  const admitted = sql`${used} + r.rank <= ${MAX_KEYS_PER_DAY}`;
  const known = sql`EXISTS (SELECT 1 FROM site_insight_counts c WHERE ${sameKey(siteId)})`;
  const increment = { count: sql`${siteInsightCounts.count} + excluded.count` };
  const target = [
    siteInsightCounts.siteId,
    siteInsightCounts.day,
    siteInsightCounts.type,
    siteInsightCounts.siteSpaceId,
    siteInsightCounts.pageId,
    siteInsightCounts.value,
  ];
  await db.batch([
    db
      .insert(siteInsightCounts)
      .select(
        sql`SELECT * FROM (
          SELECT ${siteId}, k.d, k.t, k.s, k.p, k.v, k.n FROM ${keysSql(keys)} k WHERE ${known}
          UNION ALL
          SELECT ${siteId}, r.d, r.t, CASE WHEN ${admitted} THEN r.s ELSE ${OVERFLOW} END,
            CASE WHEN ${admitted} THEN r.p ELSE ${OVERFLOW} END, r.v, r.n
          FROM (SELECT k.*, row_number() OVER (PARTITION BY k.d ORDER BY k.t, k.s, k.p, k.v)
              AS rank FROM ${keysSql(keys)} k WHERE NOT ${known}) r
        ) WHERE true`,
      )
      .onConflictDoUpdate({ target, set: increment }),
    db
      .insert(siteInsightCounts)
      .select(
        sql`SELECT ${siteId}, k.d, ${KEYS_ROW}, '', '', '', count(*) FROM ${keysSql(keys)} k
        WHERE EXISTS (SELECT 1 FROM site_insight_counts c WHERE ${sameKey(siteId)}
          AND c.count = k.n) GROUP BY k.d`,
      )
      .onConflictDoUpdate({ target, set: increment }),
  ]);
}
