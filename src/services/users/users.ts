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

/**
 * Changes a person's own profile (display name, photo) and answers the row as it now is; every
 * page that names the person reads it from here.
 */
export async function updateProfile(
  db: Database,
  userId: string,
  changes: { displayName?: string; photoURL?: string | null },
) {
  const [row] = await db
    .update(users)
    .set({
      ...(changes.displayName !== undefined ? { displayName: changes.displayName } : {}),
      ...(changes.photoURL !== undefined ? { photoURL: changes.photoURL } : {}),
    })
    .where(eq(users.id, userId))
    .returning();
  return row!;
}
