import { and, asc, count, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { passkeys } from "../../db/schema/index";
import type { PasskeyRow } from "../../db/schema";
import { runStatements } from "../../db/plan";

/** A person's passkeys, managed by themselves: list, rename, remove. */

/** A person's passkeys, oldest first (at most MAX_PASSKEYS: one page), and their count. */
export async function listPasskeys(
  db: Database,
  userId: string,
): Promise<{ rows: PasskeyRow[]; count: number }> {
  const r = await runStatements(db, {
    rows: db
      .select()
      .from(passkeys)
      .where(eq(passkeys.userId, userId))
      .orderBy(asc(passkeys.createdAt), asc(passkeys.id)),
    count: db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId)),
  });
  return { rows: r.rows, count: r.count[0]?.n ?? 0 };
}

/** Renames one of the person's passkeys; undefined when they have no such passkey. */
export async function renamePasskey(
  db: Database,
  userId: string,
  passkeyId: string,
  name: string,
): Promise<PasskeyRow | undefined> {
  const [row] = await db
    .update(passkeys)
    .set({ name })
    .where(and(eq(passkeys.id, passkeyId), eq(passkeys.userId, userId)))
    .returning();
  return row;
}

/** Removes one of the person's passkeys; false when they have no such passkey. */
export async function removePasskey(
  db: Database,
  userId: string,
  passkeyId: string,
): Promise<boolean> {
  const gone = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, passkeyId), eq(passkeys.userId, userId)))
    .returning({ id: passkeys.id });
  return gone.length > 0;
}
