import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { apiTokens } from "./users";

/**
 * `Idempotency-Key`s seen on POSTs, scoped to the token that sent them. A row is in flight while
 * `status` is null (claimed at `createdAt` by the request holding `claim`), then holds the
 * answer to replay: `status` and `response`, the content type, `Location` and body sealed with a
 * key derived from the caller's token, which Quire never stores (so a stored answer, a new
 * token's secret included, is unreadable without that token). Rows older than 24 h count as
 * absent and are purged by the scheduled job.
 */
export const idempotencyKeys = sqliteTable(
  "idempotency_keys",
  {
    /** The SHA-256 digest of the caller's token: keys are scoped to the token. */
    tokenDigest: text("token_digest")
      .notNull()
      .references(() => apiTokens.digest, { onDelete: "cascade" }),
    key: text("key").notNull(),
    /** SHA-256 (hex) of the method, path with query, and SHA-256 of the body bytes. */
    fingerprint: text("fingerprint").notNull(),
    /** Random id of the request holding the record, so only it completes or releases it. */
    claim: text("claim").notNull(),
    createdAt: text("created_at").notNull(),
    status: integer("status"),
    /** base64url of the AES-GCM nonce and sealed answer; null while in flight or if too large. */
    response: text("response"),
  },
  (t) => [
    primaryKey({ columns: [t.tokenDigest, t.key] }),
    index("idempotency_keys_created_idx").on(t.createdAt),
  ],
);
