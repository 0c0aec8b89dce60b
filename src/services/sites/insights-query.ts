import { sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client";
import { nowMs } from "../../lib/clock";
import { RefusedValue } from "../../lib/errors";
import type { AggregateSiteEvents, AggregateSiteEventsAnswer } from "../../api/site-insights";
import { KEYS_ROW, OVERFLOW } from "./insights";

/**
 * The part of the official aggregation (aggregateSiteEvents) the bounded counters answer
 * honestly: group by `datetime` (interval day, week or month), `eventType`, `siteSpace` and
 * `page`; select those and the sums `eventsCount` and `pageFeedbackRating`; filter `eventType`
 * and `siteSpace` (in, notIn) and `datetime` (comparisons); a range of whole UTC days. Anything
 * else (visitors, sessions, URLs, referrers, hours…) is not kept, and is refused naming it.
 */

/** The columns a counter can be grouped by, as SQL over `site_insight_counts` (alias c). */
function groupSql(column: { column: string; interval?: string }, field: string): SQL {
  switch (column.column) {
    case "eventType":
      return sql`c.type`;
    case "siteSpace":
      return sql`c.site_space_id`;
    case "page":
      return sql`json_array(c.page_id, CASE WHEN c.site_space_id = ${OVERFLOW} THEN ${OVERFLOW}
        ELSE coalesce((SELECT s.space_id FROM site_spaces s WHERE s.id = c.site_space_id), '') END)`;
    case "datetime": {
      const interval = column.interval ?? "day";
      if (interval === "day") return sql`c.day`;
      if (interval === "week") return sql`date(c.day, '-6 days', 'weekday 1')`;
      if (interval === "month") return sql`strftime('%Y-%m-01', c.day)`;
      throw new RefusedValue(`${field}.interval`, "counters are kept per day: day, week or month");
    }
  }
  throw new RefusedValue(
    `${field}.column`,
    `${column.column} is not kept (see docs/compatibility.md)`,
  );
}

/** The aggregates a query may select, as SQL over the group's counters. */
function aggregateSql(name: string): SQL | undefined {
  if (name === "eventsCount") return sql`sum(c.count)`;
  if (name === "pageFeedbackRating") {
    const rating = (v: string) =>
      sql`sum(CASE WHEN c.type = 'page_post_feedback' AND c.value = ${v} THEN c.count ELSE 0 END)`;
    return sql`json_object('ok', ${rating("ok")}, 'good', ${rating("good")}, 'bad', ${rating("bad")})`;
  }
  return undefined;
}

/** The first and last UTC day of the query's range. */
function rangeDays(range: AggregateSiteEvents["range"]): [string, string] {
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  if (typeof range === "object") return [day(Date.parse(range.from)), day(Date.parse(range.to))];
  const days = { lastYear: 365, last3Months: 91, last30Days: 30, last7Days: 7, last24Hours: 1 }[
    range
  ];
  const now = nowMs();
  return [day(now - days * 86_400_000), day(now)];
}

/** The query's filters as SQL conditions. */
function whereSql(where: AggregateSiteEvents["where"]): SQL[] {
  return (where ?? []).map((filter, i) => {
    const field = `where.${i}`;
    const operator = filter.operator ?? "in";
    if (filter.column === "datetime") {
      const value = filter.values[0];
      if (typeof value !== "string" || Number.isNaN(Date.parse(value))) {
        throw new RefusedValue(`${field}.values`, "must hold a timestamp");
      }
      const day = new Date(Date.parse(value)).toISOString().slice(0, 10);
      const ops = {
        greaterThan: ">",
        greaterThanOrEqual: ">=",
        lessThan: "<",
        lessThanOrEqual: "<=",
      };
      const op = ops[operator as keyof typeof ops];
      if (!op) throw new RefusedValue(`${field}.operator`, "datetime compares (greaterThan, …)");
      return sql`c.day ${sql.raw(op)} ${day}`;
    }
    if (filter.column !== "eventType" && filter.column !== "siteSpace") {
      throw new RefusedValue(
        `${field}.column`,
        `${filter.column} is not kept (see docs/compatibility.md)`,
      );
    }
    if (operator !== "in" && operator !== "notIn") {
      throw new RefusedValue(`${field}.operator`, "must be in or notIn");
    }
    const values = JSON.stringify(filter.values.filter((v) => typeof v === "string"));
    const column = filter.column === "eventType" ? sql`c.type` : sql`c.site_space_id`;
    const inList = sql`${column} IN (SELECT value FROM json_each(${values}))`;
    return operator === "in" ? inList : sql`NOT ${inList}`;
  });
}

/** A grouped value as the official column presents it. */
function presentValue(name: string, value: unknown): unknown {
  if (name === "datetime") return `${String(value)}T00:00:00.000Z`;
  if (name === "siteSpace") return value === "" ? null : value;
  if (name === "pageFeedbackRating") return JSON.parse(String(value)) as unknown;
  if (name === "page") {
    const [page, space] = JSON.parse(String(value)) as [string, string];
    return page === "" || space === "" ? null : { page, space };
  }
  return value;
}

/**
 * Runs the aggregation over the site's counters: groups (in order), then the selected columns
 * (the grouped ones, and the sums; `eventsCount` when nothing is selected), ordered and limited.
 */
export async function aggregateSiteEvents(
  db: Database,
  siteId: string,
  query: AggregateSiteEvents,
): Promise<AggregateSiteEventsAnswer> {
  const groups = (query.groupBy ?? []).map((g, i) => ({
    name: g.column,
    sql: groupSql(g, `groupBy.${i}`),
  }));
  const selected = query.select?.length ? query.select : [{ column: "eventsCount" }];
  const columns = selected.map((s, i) => {
    const aggregate = aggregateSql(s.column);
    if (aggregate) return { name: s.column, sql: aggregate };
    const group = groups.find((g) => g.name === s.column);
    if (group) return group;
    throw new RefusedValue(
      `select.${i}.column`,
      "must be eventsCount, pageFeedbackRating or a grouped column",
    );
  });
  const output = [...groups.filter((g) => !columns.includes(g)), ...columns];
  const [from, to] = rangeDays(query.range);
  const conditions = [
    sql`c.site_id = ${siteId}`,
    sql`c.type <> ${KEYS_ROW}`,
    sql`c.day >= ${from}`,
    sql`c.day <= ${to}`,
    ...whereSql(query.where),
  ];
  const orderBy = query.order
    ? output.findIndex((o) => o.name === query.order!.by.column)
    : groups.length > 0
      ? 0
      : -1;
  if (query.order && orderBy < 0) {
    throw new RefusedValue("order.by.column", "must be one of the answer's columns");
  }
  const direction = sql.raw(query.order?.direction === "desc" ? "DESC" : "ASC");
  const statement = sql`SELECT ${sql.join(
    output.map((o, i) => sql`${o.sql} AS ${sql.raw(`col${i}`)}`),
    sql`, `,
  )}
    FROM site_insight_counts c WHERE ${sql.join(conditions, sql` AND `)}
    ${
      groups.length
        ? sql`GROUP BY ${sql.join(
            groups.map((g) => g.sql),
            sql`, `,
          )}`
        : sql``
    }
    ${orderBy >= 0 ? sql`ORDER BY ${sql.raw(`col${orderBy}`)} ${direction}` : sql``}
    LIMIT ${query.limit}`;
  const rows = await db.all<Record<string, unknown>>(statement);
  return {
    columns: output.map((o, i) => ({
      column: o.name,
      values: rows.map((row) =>
        presentValue(o.name, row[`col${i}`] ?? (o.name === "eventsCount" ? 0 : null)),
      ),
    })),
  };
}
