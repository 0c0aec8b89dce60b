import { z } from "@hono/zod-openapi";
import { sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { badRequest } from "../lib/errors";
import { base64url, fromBase64url, hmac, safeEqual } from "../lib/crypto";

/** The PAGED query parameters of every list: an opaque cursor and a limit of 1 to 1000. */
export const pagedQuery = z.object({
  page: z
    .string()
    .max(512)
    .optional()
    .openapi({ description: "Identifier of the page results to fetch." }),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(1000)
    .default(50)
    .openapi({ description: "The number of results per page", minimum: 1, maximum: 1000 }),
});

/** A keyset position: the sort-key values of the last row of a page. */
export type CursorKey = (string | number | null)[];

/**
 * A two-column cursor's key as the values `k0`, `k1` a prepared statement binds (null without a
 * cursor); a cursor of another length is a 400.
 */
export function cursorPair(after: CursorKey | undefined): { k0: unknown; k1: unknown } {
  if (after && after.length !== 2) throw badRequest("query.page: invalid page cursor");
  return { k0: after?.[0] ?? null, k1: after?.[1] ?? null };
}

/**
 * Encodes a keyset position as an opaque cursor, signed so that a cursor the server did not
 * issue is refused rather than trusted.
 */
export async function encodeCursor(secret: string, scope: string, key: CursorKey): Promise<string> {
  const body = base64url(new TextEncoder().encode(JSON.stringify(key)));
  const sig = (await hmac(secret, `${scope}|${body}`)).slice(0, 16);
  return `${body}.${sig}`;
}

/** Decodes a cursor issued by `encodeCursor` for the same list; anything else is a 400. */
export async function decodeCursor(
  secret: string,
  scope: string,
  cursor: string,
): Promise<CursorKey> {
  const [body, sig, extra] = cursor.split(".");
  const invalid = () => badRequest("query.page: invalid page cursor");
  if (!body || !sig || extra !== undefined) throw invalid();
  const expected = (await hmac(secret, `${scope}|${body}`)).slice(0, 16);
  if (!safeEqual(sig, expected)) throw invalid();
  const bytes = fromBase64url(body);
  if (!bytes) throw invalid();
  try {
    const key: unknown = JSON.parse(new TextDecoder().decode(bytes));
    if (!Array.isArray(key) || !key.every(isKeyValue)) throw invalid();
    return key as CursorKey;
  } catch {
    throw invalid();
  }
}

/** A keyset value as `encodeCursor` writes them: a string, a finite number or null. */
function isKeyValue(value: unknown): value is string | number | null {
  return value === null || typeof value === "string" || Number.isFinite(value);
}

/** The LIST envelope: `next` only when there is a further page. */
export interface ListPage<T> {
  next?: { page: string };
  count: number;
  items: T[];
}

/**
 * Builds a LIST from `limit + 1` fetched rows: the extra row only tells that a next page exists;
 * the cursor is the key of the last row shown.
 */
export async function toListPage<Row, Item>(options: {
  secret: string;
  scope: string;
  rows: Row[];
  limit: number;
  count: number;
  key: (row: Row) => CursorKey;
  present: (row: Row) => Item;
}): Promise<ListPage<Item>> {
  const { rows, limit } = options;
  const shown = rows.slice(0, limit);
  const page: ListPage<Item> = { count: options.count, items: shown.map(options.present) };
  const last = shown[shown.length - 1];
  if (rows.length > limit && last !== undefined) {
    page.next = { page: await encodeCursor(options.secret, options.scope, options.key(last)) };
  }
  return page;
}

/**
 * The keyset predicate "rows strictly after `key`" on a composite sort order (SQLite row values),
 * so a page never skips or repeats rows when others are inserted between requests.
 */
export function keysetAfter(
  columns: SQLiteColumn[],
  key: CursorKey,
  direction: "asc" | "desc" = "asc",
): SQL {
  if (key.length !== columns.length) throw badRequest("query.page: invalid page cursor");
  const cols = sql.join(columns, sql`, `);
  const vals = sql.join(
    key.map((v) => sql`${v}`),
    sql`, `,
  );
  return direction === "asc" ? sql`(${cols}) > (${vals})` : sql`(${cols}) < (${vals})`;
}
