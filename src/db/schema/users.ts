import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/** People who sign in; API tokens act on their behalf. */
export const users = sqliteTable("users", {
  id: text("id").primaryKey(),
  displayName: text("display_name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: integer("email_verified", { mode: "boolean" }).notNull().default(false),
  photoURL: text("photo_url"),
  createdAt: text("created_at").notNull(),
});

/**
 * A person's credentials: API tokens (`kind = 'api'`) and sign-in sessions (`kind = 'session'`,
 * core/sessions: presented only by the `quire_session` cookie; `device`, `place` and `method`
 * say where and how the person signed in). Only the SHA-256 digest of the secret is kept;
 * `scopes` is a JSON array of OAuth scope names, or null for "all of the user's rights".
 */
export const apiTokens = sqliteTable(
  "api_tokens",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    label: text("label").notNull(),
    digest: text("digest").notNull().unique(),
    hint: text("hint").notNull(),
    scopes: text("scopes", { mode: "json" }).$type<string[] | null>(),
    createdAt: text("created_at").notNull(),
    expiresAt: text("expires_at"),
    lastUsedAt: text("last_used_at"),
    revokedAt: text("revoked_at"),
    kind: text("kind", { enum: ["api", "session"] })
      .notNull()
      .default("api"),
    device: text("device"),
    place: text("place"),
    method: text("method"),
  },
  // A person's tokens and sessions are listed apart, each newest first.
  (t) => [index("api_tokens_user_kind_idx").on(t.userId, t.kind, t.createdAt, t.id)],
);
