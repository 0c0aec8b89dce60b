import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import type { MemberRole } from "../../lib/roles";
import { organizations } from "./organizations";
import { users } from "./users";

/**
 * Passkeys (WebAuthn credentials) a person registered: several per person, each with a name they
 * chose. The public key is the COSE key the authenticator gave (base64url); `counter` is the
 * authenticator's signature counter (0 for authenticators that keep none).
 */
export const passkeys = sqliteTable(
  "passkeys",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The credential id (base64url), as the browser names it on sign-in. */
    credentialId: text("credential_id").notNull().unique(),
    publicKey: text("public_key").notNull(),
    counter: integer("counter").notNull().default(0),
    transports: text("transports", { mode: "json" }).$type<string[]>(),
    name: text("name").notNull(),
    createdAt: text("created_at").notNull(),
    lastUsedAt: text("last_used_at"),
  },
  (t) => [index("passkeys_user_idx").on(t.userId, t.createdAt, t.id)],
);

/**
 * WebAuthn challenges Quire issued: single use (deleted when answered), five minutes. A
 * registration's is bound to the credential (session or token) that asked, a sign-in's to the
 * digest of a cookie handed to the browser that asked.
 */
export const webauthnChallenges = sqliteTable(
  "webauthn_challenges",
  {
    challenge: text("challenge").primaryKey(),
    purpose: text("purpose", { enum: ["register", "sign-in"] }).notNull(),
    /** register: the asking credential's id; sign-in: SHA-256 of the challenge cookie. */
    binding: text("binding").notNull(),
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    expiresAt: text("expires_at").notNull(),
  },
  (t) => [index("webauthn_challenges_expires_idx").on(t.expiresAt)],
);

/**
 * OpenID Connect providers of an organization (a Quire extension beside its SAML providers):
 * the issuer found by discovery, the client registered there, its secret AES-GCM sealed at rest
 * (never answered), and the role of the members it adds.
 */
export const oidcProviders = sqliteTable(
  "oidc_providers",
  {
    id: text("id").primaryKey(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    issuer: text("issuer").notNull(),
    clientId: text("client_id").notNull(),
    /** The client secret, sealed (src/services/oidc/secrets.ts), bound to the provider id. */
    clientSecret: text("client_secret").notNull(),
    defaultRole: text("default_role").$type<MemberRole | null>(),
    createdAt: text("created_at").notNull(),
  },
  (t) => [index("oidc_providers_org_idx").on(t.organizationId, t.createdAt, t.id)],
);

/**
 * OIDC sign-ins under way: keyed by the SHA-256 of the `state` sent to the provider, bound to
 * the digest of the browser's state cookie; single use (deleted by the callback), 10 minutes.
 * The PKCE verifier and the nonce are checked against the provider's answer.
 */
export const oidcStates = sqliteTable(
  "oidc_states",
  {
    stateDigest: text("state_digest").primaryKey(),
    browserDigest: text("browser_digest").notNull(),
    /** A deployment provider's id, or `org:<providerId>`. */
    provider: text("provider").notNull(),
    codeVerifier: text("code_verifier").notNull(),
    nonce: text("nonce").notNull(),
    returnTo: text("return_to"),
    expiresAt: text("expires_at").notNull(),
  },
  (t) => [index("oidc_states_expires_idx").on(t.expiresAt)],
);
