import { z } from "@hono/zod-openapi";
import { sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { InvalidInputError } from "../lib/errors";
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

/** One value of a keyset position: what a cursor may carry (JSON, finite). */
export type CursorValue = string | number | null;

/** A keyset position: the sort-key values of the last row of a page. */
export type CursorKey = readonly CursorValue[];

/**
 * The one refusal of a cursor. It is query validation (like a bad `limit`), so an unchecked
 * token still hears 401 first (`InvalidInputError`, see src/middleware/errors.ts).
 */
const invalidCursor = () => new InvalidInputError("query.page: invalid page cursor");

/**
 * Encodes a keyset position as an opaque cursor, signed so that a cursor the server did not
 * issue is refused rather than trusted.
 */
export async function encodeCursor(secret: string, scope: string, key: CursorKey): Promise<string> {
  const body = base64url(new TextEncoder().encode(JSON.stringify(key)));
  const sig = (await hmac(secret, `${scope}|${body}`)).slice(0, 16);
  return `${body}.${sig}`;
}

/**
 * Decodes a cursor issued by `encodeCursor` for the same list and checks its key against the
 * list's key schema: a forged cursor, one of another list, or a signed key of another shape is
 * the 400 `query.page: invalid page cursor`.
 */
export async function decodeCursor<Key extends CursorKey>(
  secret: string,
  scope: string,
  cursor: string,
  key: z.ZodType<Key>,
): Promise<Key> {
  const [body, sig, extra] = cursor.split(".");
  if (!body || !sig || extra !== undefined) throw invalidCursor();
  const expected = (await hmac(secret, `${scope}|${body}`)).slice(0, 16);
  if (!safeEqual(sig, expected)) throw invalidCursor();
  const bytes = fromBase64url(body);
  if (!bytes) throw invalidCursor();
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    throw invalidCursor();
  }
  const parsed = key.safeParse(json);
  if (!parsed.success) throw invalidCursor();
  return parsed.data;
}

/** The LIST envelope: `next` only when there is a further page. */
export interface ListPage<T> {
  next?: { page: string };
  count: number;
  items: T[];
}

/** The columns of a keyset, one per value of its key (the key's tuple type fixes the count). */
export type KeyColumns<Key extends CursorKey> = { readonly [I in keyof Key]: SQLiteColumn | SQL };

/**
 * The keyset predicate "rows strictly after `key`" on a composite sort order (SQLite row values),
 * so a page never skips or repeats rows when others are inserted between requests. The key comes
 * from a list's cursor codec, so its length matches the columns by type.
 */
export function keysetAfter<Key extends CursorKey>(
  columns: KeyColumns<Key>,
  key: Key,
  direction: "asc" | "desc" = "asc",
): SQL {
  const cols = sql.join([...columns], sql`, `);
  const vals = sql.join(
    key.map((v) => sql`${v}`),
    sql`, `,
  );
  return direction === "asc" ? sql`(${cols}) > (${vals})` : sql`(${cols}) < (${vals})`;
}

/** A two-value key as the values `k0`, `k1` a prepared statement binds (null without a cursor). */
export function cursorPair(after: readonly [CursorValue, CursorValue] | undefined): {
  k0: CursorValue;
  k1: CursorValue;
} {
  return { k0: after?.[0] ?? null, k1: after?.[1] ?? null };
}
