import { index, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import type { MemberRole } from "../../lib/roles";

/**
 * Explicit grants of a role on a piece of content (a collection, a space or a site) to a user or
 * a team. The effective role is the highest of the member's default path and these grants.
 */
export const contentGrants = sqliteTable(
  "content_grants",
  {
    resourceType: text("resource_type").$type<"collection" | "space" | "site">().notNull(),
    resourceId: text("resource_id").notNull(),
    principalType: text("principal_type").$type<"user" | "team">().notNull(),
    principalId: text("principal_id").notNull(),
    role: text("role").$type<MemberRole>().notNull(),
    createdAt: text("created_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.resourceType, t.resourceId, t.principalType, t.principalId] }),
    index("content_grants_principal_idx").on(t.principalType, t.principalId),
  ],
);
