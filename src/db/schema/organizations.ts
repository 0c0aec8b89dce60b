import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import type { MemberRole } from "../../lib/roles";
import type { DomainCheckResult, DomainStatus } from "../../lib/domain-records";
import { users } from "./users";

/** Merge rules as stored: the official standalone forms. */
export type MergeRules =
  | { type: "none" }
  | { type: "rules"; rules: { rule: "require_specific_reviewers"; users: string[] }[] };

/** Organizations: the top of the ownership tree. Counters are kept exact by the services. */
export const organizations = sqliteTable("organizations", {
  id: text("id").primaryKey(),
  title: text("title").notNull(),
  createdAt: text("created_at").notNull(),
  emailDomains: text("email_domains", { mode: "json" })
    .$type<string[]>()
    .notNull()
    .default(sql`'[]'`),
  hostname: text("hostname").unique(),
  type: text("type").$type<"business" | "community">().notNull().default("business"),
  useCase: text("use_case"),
  communityType: text("community_type"),
  defaultRole: text("default_role").$type<MemberRole | null>(),
  defaultContentSite: text("default_content_site"),
  logo: text("logo"),
  sso: integer("sso", { mode: "boolean" }).notNull().default(false),
  ai: integer("ai", { mode: "boolean" }).notNull().default(false),
  inviteLinks: integer("invite_links", { mode: "boolean" }).notNull().default(true),
  plan: text("plan").notNull().default("free_2024"),
  mergeRules: text("merge_rules", { mode: "json" })
    .$type<MergeRules>()
    .notNull()
    .default(sql`'{"type":"none"}'`),
  membersCount: integer("members_count").notNull().default(0),
  teamsCount: integer("teams_count").notNull().default(0),
  collectionsCount: integer("collections_count").notNull().default(0),
  rootCollectionsCount: integer("root_collections_count").notNull().default(0),
  /** Live spaces of the organization, kept by triggers (drizzle/0003_spaces_count.sql). */
  spacesCount: integer("spaces_count").notNull().default(0),
});

/**
 * One row per (domain, organization), so "organizations by e-mail domain" is an index lookup,
 * with the organization's proof that it holds the domain: a TXT record `_quire.<domain>` holding
 * `quire-verification=<token>` (issue 35: only verified domains let new people in).
 */
export const orgEmailDomains = sqliteTable(
  "org_email_domains",
  {
    domain: text("domain").notNull(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    /** The random value of this organization's TXT record for this domain (never empty once written). */
    token: text("token").notNull().default(""),
    status: text("status").$type<DomainStatus>().notNull().default("pending"),
    verifiedAt: text("verified_at"),
    lastCheckedAt: text("last_checked_at"),
    lastResult: text("last_result").$type<DomainCheckResult>(),
    /** Consecutive checks of a verified domain that did not find its record. */
    misses: integer("misses").notNull().default(0),
    /**
     * Verified by the deployment's operator (`npm run admin -- org domain verify`), not by DNS:
     * no check un-verifies it (src/lib/domain-records.ts), the cron skips it.
     */
    operatorVerified: integer("operator_verified", { mode: "boolean" }).notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.domain, t.organizationId] }),
    // An organization's domains page on (organization_id, domain).
    index("org_email_domains_org_idx").on(t.organizationId, t.domain),
    // The scheduled re-check reads verified domains oldest check first.
    index("org_email_domains_check_idx").on(t.status, t.lastCheckedAt),
  ],
);

/** Organization membership. `role` null means guest (access only through explicit grants). */
export const orgMembers = sqliteTable(
  "org_members",
  {
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role").$type<MemberRole | null>(),
    disabled: integer("disabled", { mode: "boolean" }).notNull().default(false),
    joinedAt: text("joined_at").notNull(),
    lastSeenAt: text("last_seen_at"),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.userId] }),
    index("org_members_user_idx").on(t.userId, t.organizationId),
    // The member list's default order (newest joiners first) reads this index, no sort.
    index("org_members_joined_idx").on(t.organizationId, t.joinedAt, t.userId),
  ],
);

/** Invite links: whoever holds one may join the organization with its role. */
export const linkInvites = sqliteTable(
  "link_invites",
  {
    id: text("id").primaryKey(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    role: text("role").$type<MemberRole | null>(),
    createdBy: text("created_by").notNull(),
    createdAt: text("created_at").notNull(),
  },
  (t) => [index("link_invites_org_idx").on(t.organizationId, t.createdAt, t.id)],
);

/** Instructions that AI agents follow when working on the organization's content. */
export const agentInstructions = sqliteTable("agent_instructions", {
  organizationId: text("organization_id")
    .primaryKey()
    .references(() => organizations.id, { onDelete: "cascade" }),
  document: text("document", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
  updatedAt: text("updated_at").notNull(),
  updatedBy: text("updated_by").notNull(),
});
