import type { User } from "./types";

/**
 * The shapes of the permission operations the permissions screens read
 * (`/v1/spaces/{id}/permissions…`, `/v1/collections/{id}/permissions…`,
 * `/v1/orgs/{org}/sites/{id}/permissions…`).
 */

/** What gives a member their role (the aggregate's `through`). */
export type PermissionSource = "organization" | "default" | "direct" | "team" | "collection";

/** Where a member's role on a site comes from (the site aggregate's official `origin`). */
type SitePermissionOrigin =
  | { type: "organization" }
  | { type: "site"; reason: "member" | "team" | "default"; team?: string };

/** A member's effective role on the content: `through` for spaces and collections, `origin` for sites. */
export interface AggregatePermission {
  permission: string;
  through?: PermissionSource;
  origin?: SitePermissionOrigin;
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
