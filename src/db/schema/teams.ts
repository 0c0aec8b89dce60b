import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { organizations } from "./organizations";
import { users } from "./users";

/** Teams group organization members so content can be granted to many at once. */
export const teams = sqliteTable(
  "teams",
  {
    id: text("id").primaryKey(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    titleLower: text("title_lower").notNull(),
    createdAt: text("created_at").notNull(),
    membersCount: integer("members_count").notNull().default(0),
    spacesCount: integer("spaces_count").notNull().default(0),
  },
  (t) => [index("teams_org_idx").on(t.organizationId, t.titleLower, t.id)],
);

/** Team membership with the team role: `owner` may manage the team's members. */
export const teamMembers = sqliteTable(
  "team_members",
  {
    teamId: text("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role").$type<"owner" | "member">().notNull(),
    addedAt: text("added_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.teamId, t.userId] }),
    index("team_members_user_idx").on(t.userId, t.teamId),
  ],
);
