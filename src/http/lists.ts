import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "../env";
import { decodeCursor, encodeCursor, type CursorKey, type ListPage } from "./pagination";
import { signingSecretOf } from "./signing-secret";

/** A key of one text column (an id, a name). */
export const textKey = z.tuple([z.string()]);
/** A key of two text columns (a timestamp or a sort text, then the id that breaks ties). */
export const textPairKey = z.tuple([z.string(), z.string()]);

/** One page of a list as the service read it: `limit + 1` rows, the count, how to show a row. */
interface PageRows<Row, Item, Key extends CursorKey> {
  rows: Row[];
  limit: number;
  count: number;
  /** The keyset position of a row, as the list's key schema describes it. */
  key: (row: Row) => Readonly<Key>;
  present: (row: Row) => Item;
}

/**
 * A declared list at one request: its cursors are read and written for one scope. A bad cursor
 * is refused by `page` (or `next`), which a handler calls once its access check has passed: so
 * 401, 404 and 403 always come before the cursor's 400, on every list.
 */
export interface ListCursors<Key extends CursorKey> {
  /**
   * The key of the `page` cursor, undefined without one. A cursor this list did not issue reads
   * as undefined here (the read may join the access check's round trip) and is refused later.
   */
  after(page: string | undefined): Promise<Key | undefined>;
  /**
   * The key of the `page` cursor for a read that runs once access is known (a second round
   * trip): a bad cursor is refused at once, so nothing is read for it.
   */
  afterAccess(page: string | undefined): Promise<Key | undefined>;
  /** The LIST envelope of a page (the extra row only says a next page exists), or the 400. */
  page<Row, Item>(rows: PageRows<Row, Item, Key>): Promise<ListPage<Item>>;
  /** The `next` member for a list that pages by other means than `limit + 1` rows, or the 400. */
  next(key: Readonly<Key> | undefined): Promise<{ page: string } | undefined>;
}

/**
 * A list declared once: the scope its cursors are bound to (so a cursor of another list is
 * refused) and the schema of its keys (so a signed key of another shape is refused too).
 */
export interface DeclaredList<Key extends CursorKey, Args extends readonly unknown[]> {
  /** The list's cursors for this request, scoped by the list's arguments. */
  at(c: Context<AppEnv>, ...args: Args): ListCursors<Key>;
}

/**
 * Declares a paged list. A handler then reads `const cursors = LIST.at(c, …); const after = await
 * cursors.after(page)`, authorizes (the read in the same round trip), and answers
 * `cursors.page({ rows, limit, count, key, present })`, which refuses a bad cursor: the access
 * check always comes first (see `ListCursors`). A handler that reads only after authorizing
 * calls `cursors.afterAccess(page)` there instead.
 */
export function declareList<Key extends CursorKey, Args extends readonly unknown[]>(
  scope: (...args: Args) => string,
  key: z.ZodType<Key>,
): DeclaredList<Key, Args> {
  return {
    at(c, ...args) {
      const secret = signingSecretOf(c);
      const bound = scope(...args);
      let refused: unknown;
      const next = async (last: Readonly<Key> | undefined) => {
        if (refused !== undefined) throw refused;
        return last === undefined ? undefined : { page: await encodeCursor(secret, bound, last) };
      };
      return {
        async after(page) {
          if (!page) return undefined;
          return decodeCursor(secret, bound, page, key).catch((err: unknown) => {
            refused = err;
            return undefined;
          });
        },
        afterAccess: async (page) =>
          page ? await decodeCursor(secret, bound, page, key) : undefined,
        next,
        async page({ rows, limit, count, key: keyOf, present }) {
          if (refused !== undefined) throw refused;
          const shown = rows.slice(0, limit);
          const body: ListPage<ReturnType<typeof present>> = {
            count,
            items: shown.map(present),
          };
          const last = shown[shown.length - 1];
          const cursor = rows.length > limit && last !== undefined ? keyOf(last) : undefined;
          const more = await next(cursor);
          if (more) body.next = more;
          return body;
        },
      };
    },
  };
}
