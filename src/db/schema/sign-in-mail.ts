import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import type { MemberRole } from "../../lib/roles";
import { organizations } from "./organizations";
import { users } from "./users";

/**
 * The dev outbox: every message the `outbox` mail transport "sent" (MAIL_TRANSPORT = "outbox",
 * the `npm run dev` default), listed by `GET /v1/dev/outbox`. Never written by another transport.
 */
export const mailOutbox = sqliteTable(
  "mail_outbox",
  {
    id: text("id").primaryKey(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
    createdAt: text("created_at").notNull(),
  },
  (t) => [index("mail_outbox_created_idx").on(t.createdAt, t.id)],
);

/**
 * One request to sign in by e-mail: the digests of its link token, of its 6-digit code (an HMAC
 * under the signing secret: a code has only a million values) and of the asking browser's nonce
 * cookie. Made for known and unknown addresses alike (no enumeration); `userId` is the person the
 * address belonged to when asked, null for an unknown one (`signUp` then says whether redeeming
 * creates the person). Single use (`usedAt`), 15 minutes, 5 wrong codes lock it.
 */
export const emailSignIns = sqliteTable(
  "email_sign_ins",
  {
    id: text("id").primaryKey(),
    email: text("email").notNull(),
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    signUp: integer("sign_up", { mode: "boolean" }).notNull().default(false),
    /** `sign-in`, or `email-change`: `userId` asks to move to `email` (never redeemed as a sign-in). */
    purpose: text("purpose", { enum: ["sign-in", "email-change"] })
      .notNull()
      .default("sign-in"),
    linkDigest: text("link_digest").notNull().unique(),
    codeDigest: text("code_digest").notNull(),
    nonceDigest: text("nonce_digest").notNull(),
    wrongCodes: integer("wrong_codes").notNull().default(0),
    createdAt: text("created_at").notNull(),
    expiresAt: text("expires_at").notNull(),
    usedAt: text("used_at"),
  },
  (t) => [
    index("email_sign_ins_email_idx").on(t.email, t.createdAt),
    // A person's address-change requests: the latest one's code, and their count per window.
    index("email_sign_ins_user_idx").on(t.userId, t.purpose, t.createdAt),
  ],
);

/**
 * Failed attempts per subject, for the locks: `password:<address>` (5 wrong passwords lock the
 * account's password sign-in for 15 minutes) and `code:<address>` (wrong e-mail codes across
 * requests). Keyed by the address, so an unknown address locks the same way as a known one.
 */
export const signInFailures = sqliteTable("sign_in_failures", {
  subject: text("subject").primaryKey(),
  failures: integer("failures").notNull(),
  windowStartedAt: text("window_started_at").notNull(),
  lockedUntil: text("locked_until"),
});

/** A person's password, as a self-describing scrypt hash (src/lib/passwords/hash.ts). */
export const userPasswords = sqliteTable("user_passwords", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  hash: text("hash").notNull(),
  updatedAt: text("updated_at").notNull(),
});

/**
 * An organization's sign-in settings (a Quire extension): whether its members may sign in with
 * a password. No row: the defaults (passwords allowed).
 */
export const orgSignInSettings = sqliteTable("org_sign_in_settings", {
  organizationId: text("organization_id")
    .primaryKey()
    .references(() => organizations.id, { onDelete: "cascade" }),
  passwordsAllowed: integer("passwords_allowed", { mode: "boolean" }).notNull().default(true),
  updatedAt: text("updated_at").notNull(),
});

/**
 * An e-mail invite (`POST /v1/orgs/{organizationId}/invites`) to an address with no account yet:
 * the link's token digest, the role, 7 days. Accepting it creates the person (the link verifies
 * the address) and the membership; a pending invite also lets its address sign up by e-mail.
 */
export const emailInvites = sqliteTable(
  "email_invites",
  {
    id: text("id").primaryKey(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    role: text("role").$type<MemberRole | null>(),
    /** Official `sso`: the person joins as an SSO member of the organization. */
    sso: integer("sso", { mode: "boolean" }).notNull().default(false),
    tokenDigest: text("token_digest").notNull().unique(),
    invitedBy: text("invited_by").notNull(),
    createdAt: text("created_at").notNull(),
    expiresAt: text("expires_at").notNull(),
    acceptedAt: text("accepted_at"),
  },
  (t) => [
    index("email_invites_email_idx").on(t.email, t.expiresAt),
    index("email_invites_org_idx").on(t.organizationId, t.createdAt),
  ],
);
