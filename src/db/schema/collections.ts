import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import type { DefaultLevel } from "../../lib/roles";
import { organizations } from "./organizations";

/**
 * Collections nest (parent) and order their children by `position`, a sortable string key so a
 * move rewrites one row. `default_level` is a role, "inherit", or NULL (no access by default).
 * `children_count` counts the direct child collections.
 */
export const collections = sqliteTable(
  "collections",
  {
    id: text("id").primaryKey(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    parentId: text("parent_id"),
    title: text("title").notNull(),
    description: text("description"),
    defaultLevel: text("default_level").$type<DefaultLevel>().default("inherit"),
    position: text("position").notNull(),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
    childrenCount: integer("children_count").notNull().default(0),
  },
  (t) => [
    index("collections_org_idx").on(t.organizationId, t.createdAt, t.id),
    index("collections_parent_idx").on(t.organizationId, t.parentId, t.position),
    // "Does this organization restrict any collection?" decides whether members see them all.
    index("collections_level_idx").on(t.organizationId, t.defaultLevel),
  ],
);
