import type { User } from "./types";

/**
 * The shapes of the content permission operations the permissions screens read
 * (`/v1/spaces/{id}/permissions…`, `/v1/collections/{id}/permissions…`).
 */

/** What gives a member their role (the aggregate's `through`). */
export type PermissionSource = "organization" | "default" | "direct" | "team" | "collection";

/** A member's effective role on the content. */
export interface AggregatePermission {
  permission: string;
  through: PermissionSource;
  user: User;
}

/** A user invited to the content. */
export interface UserPermission {
  permission: string;
  user: User;
}

/** A team invited to the content. */
export interface TeamPermission {
  permission: string;
  team: { id: string; title: string; members: number };
}
