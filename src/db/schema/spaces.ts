import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import type { DefaultLevel } from "../../lib/roles";
import { organizations, type MergeRules } from "./organizations";

/** Space visibility, as the official ContentVisibility enum spells it. */
export type SpaceVisibility =
  | "public"
  | "unlisted"
  | "share-link"
  | "visitor-auth"
  | "in-collection"
  | "private";

/** A space's merge rules: the organization forms, or inherit. */
export type SpaceMergeRules = MergeRules | { type: "inherit" };

/**
 * Spaces hold documentation content. `revisionId`/`mainSeq` point at the head of the space's
 * main line; counters are kept exact by the services in the same batch as the writes.
 */
export const spaces = sqliteTable(
  "spaces",
  {
    id: text("id").primaryKey(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    parentId: text("parent_id"),
    title: text("title").notNull(),
    emoji: text("emoji").notNull().default(""),
    visibility: text("visibility").$type<SpaceVisibility>().notNull().default("private"),
    editMode: text("edit_mode").$type<"live" | "locked">().notNull().default("live"),
    defaultLevel: text("default_level").$type<DefaultLevel>().default("inherit"),
    language: text("language"),
    mergeRules: text("merge_rules", { mode: "json" })
      .$type<SpaceMergeRules>()
      .notNull()
      .$default(() => ({ type: "inherit" })),
    position: text("position").notNull(),
    mainLineId: text("main_line_id").notNull(),
    revisionId: text("revision_id").notNull(),
    mainSeq: integer("main_seq").notNull().default(1),
    createdBy: text("created_by").notNull(),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
    deletedAt: text("deleted_at"),
    changeRequestsCount: integer("change_requests_count").notNull().default(0),
    changeRequestsOpen: integer("change_requests_open").notNull().default(0),
    changeRequestsDraft: integer("change_requests_draft").notNull().default(0),
    commentsOpen: integer("comments_open").notNull().default(0),
    /** Comments on the space itself (not its change requests), kept by triggers (0004). */
    commentsCount: integer("comments_count").notNull().default(0),
    nextChangeRequestNumber: integer("next_change_request_number").notNull().default(1),
  },
  (t) => [
    index("spaces_org_idx").on(t.organizationId, t.deletedAt, t.createdAt, t.id),
    index("spaces_parent_idx").on(t.organizationId, t.parentId, t.position),
    index("spaces_deleted_idx").on(t.deletedAt),
    // Spaces hidden by their own level, found without scanning the organization (list counts).
    index("spaces_level_idx").on(t.organizationId, t.defaultLevel, t.deletedAt),
  ],
);
