import { eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { users } from "../../db/schema/index";
import { newId } from "../../lib/ids";
import { nowIso } from "../../lib/clock";
import { conflict } from "../../lib/errors";

/** Creates a user; the operator CLI, the seed and the test factories all come through here. */
export async function createUser(
  db: Database,
  input: { email: string; displayName: string; emailVerified?: boolean; photoURL?: string | null },
) {
  const email = input.email.trim().toLowerCase();
  const existing = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  if (existing.length > 0) throw conflict(`A user with e-mail ${email} already exists`);
  const [row] = await db
    .insert(users)
    .values({
      id: newId(),
      email,
      displayName: input.displayName,
      emailVerified: input.emailVerified ?? true,
      photoURL: input.photoURL ?? null,
      createdAt: nowIso(),
    })
    .returning();
  return row!;
}
