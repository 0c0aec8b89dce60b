import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import type { MemberRole } from "../../lib/roles";
import { organizations } from "./organizations";
import { teams } from "./teams";
import { users } from "./users";

/**
 * SAML identity providers of an organization (official OrganizationSAMLProvider): the IdP's
 * entity id, certificate and single sign-on URL, the role and team of the members it adds, and
 * the provider's own SP signing key, sealed at rest.
 */
export const samlProviders = sqliteTable(
  "saml_providers",
  {
    id: text("id").primaryKey(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    label: text("label").notNull(),
    entityId: text("entity_id").notNull(),
    certificate: text("certificate").notNull(),
    ssoUrl: text("sso_url").notNull(),
    defaultTeamId: text("default_team_id").references(() => teams.id, { onDelete: "set null" }),
    defaultRole: text("default_role").$type<MemberRole | null>(),
    /** Accept IdP-initiated responses (no InResponseTo); off by default. */
    allowIdpInitiated: integer("allow_idp_initiated", { mode: "boolean" }).notNull().default(false),
    /** Re-add people whose membership an admin removed; off by default. */
    readdRemovedMembers: integer("readd_removed_members", { mode: "boolean" })
      .notNull()
      .default(false),
    /** The SP's PKCS#8 private key, AES-GCM sealed under a key derived from SIGNING_SECRET. */
    spPrivateKey: text("sp_private_key").notNull(),
    spCertificate: text("sp_certificate").notNull(),
    createdAt: text("created_at").notNull(),
  },
  (t) => [index("saml_providers_org_idx").on(t.organizationId, t.createdAt, t.id)],
);

/** AuthnRequests Quire issued (SP-initiated logins): single use, expire after 10 minutes. */
export const ssoRequests = sqliteTable(
  "sso_requests",
  {
    id: text("id").primaryKey(),
    providerId: text("provider_id")
      .notNull()
      .references(() => samlProviders.id, { onDelete: "cascade" }),
    relayState: text("relay_state").notNull(),
    createdAt: text("created_at").notNull(),
    expiresAt: text("expires_at").notNull(),
  },
  (t) => [index("sso_requests_expires_idx").on(t.expiresAt)],
);

/** Replay cache: assertion ids consumed per provider, kept until the assertion's expiry. */
export const ssoAssertions = sqliteTable(
  "sso_assertions",
  {
    providerId: text("provider_id")
      .notNull()
      .references(() => samlProviders.id, { onDelete: "cascade" }),
    assertionId: text("assertion_id").notNull(),
    expiresAt: text("expires_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.providerId, t.assertionId] }),
    index("sso_assertions_expires_idx").on(t.expiresAt),
  ],
);

/** One-time codes handed to the browser after a login; only the SHA-256 digest is stored. */
export const ssoCodes = sqliteTable(
  "sso_codes",
  {
    digest: text("digest").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    createdAt: text("created_at").notNull(),
    expiresAt: text("expires_at").notNull(),
  },
  (t) => [index("sso_codes_expires_idx").on(t.expiresAt)],
);

/** Members who sign in with SSO (the member's official `sso` flag). */
export const ssoMembers = sqliteTable(
  "sso_members",
  {
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: text("created_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.userId] })],
);

/** People whose membership was removed, so SSO does not silently add them back. */
export const memberRemovals = sqliteTable(
  "member_removals",
  {
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    removedAt: text("removed_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.userId] })],
);
