import { index, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./users";

/**
 * One-time sign-in links the operator prints (`npm run admin -- user sign-in-link`): only the
 * SHA-256 digest of the link's token is kept; a link works once (`used_at`), within an hour.
 * Sessions themselves are credentials, rows of `api_tokens` (users.ts).
 */
export const signInLinks = sqliteTable(
  "sign_in_links",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    digest: text("digest").notNull().unique(),
    createdAt: text("created_at").notNull(),
    expiresAt: text("expires_at").notNull(),
    usedAt: text("used_at"),
  },
  // The retention sweep finds spent and expired links by their end.
  (t) => [index("sign_in_links_expiry_idx").on(t.expiresAt)],
);
