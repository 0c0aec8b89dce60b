import { eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { users } from "../../db/schema/index";
import type { UserLike } from "../../api/users";

/** A person by id, as a sign-in's answer presents them; undefined when there is none. */
export async function userById(db: Database, userId: string): Promise<UserLike | undefined> {
  const [row] = await db
    .select({
      id: users.id,
      displayName: users.displayName,
      email: users.email,
      photoURL: users.photoURL,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}
