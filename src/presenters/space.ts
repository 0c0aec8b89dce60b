import type { SpaceRow } from "../db/schema";
import { spacePermissions } from "../auth/space";
import type { MemberRole } from "../lib/roles";
import type { Urls } from "../http/urls";
import type { Space } from "../api/spaces";
import { publishedUrl, type SpacePlacement } from "./site";
import { isolateMemo } from "../../core/memory/memos";
import type { SpaceGitSync } from "../db/schema";
import { presentGitSyncState } from "./git-sync";

type Language = NonNullable<Space["language"]>;

/** The columns of a space row its wire form shows (lists read only these and their keys). */
export type PresentedSpaceRow = Pick<
  SpaceRow,
  | "id"
  | "title"
  | "emoji"
  | "visibility"
  | "createdAt"
  | "updatedAt"
  | "deletedAt"
  | "editMode"
  | "mergeRules"
  | "organizationId"
  | "parentId"
  | "language"
  | "revisionId"
  | "defaultLevel"
  | "commentsOpen"
  | "changeRequestsCount"
  | "changeRequestsOpen"
  | "changeRequestsDraft"
>;

/** A space's `permissions` for each role, worked out once per isolate (lists present 50 rows). */
const PERMISSIONS = isolateMemo<MemberRole | null, Space["permissions"]>("space permissions", {
  entries: 16,
});

/** The permissions of a role on a space, one frozen object shared by every space with that role. */
function permissionsOf(role: MemberRole | null): Space["permissions"] {
  let permissions = PERMISSIONS.get(role);
  if (!permissions) PERMISSIONS.set(role, (permissions = Object.freeze(spacePermissions(role))));
  return permissions;
}

/**
 * A space looks the same from every endpoint; `permissions` derive from the caller's effective
 * role on it alone. Optional fields (`parent`, `language`, `deletedAt`) are omitted when unset;
 * a space without an emoji has `emoji: ""`. Counters come from the row, kept exact by writers.
 * `urls.published` is the URL of the site space `placement` names (the services choose it, the
 * same for every endpoint: docs/compatibility.md), absent when the space is published nowhere.
 * `gitSync` is the space's official GitSyncState, absent when it has no Git Sync (or the caller
 * reads it as a published visitor).
 */
export function presentSpace(
  urls: Urls,
  row: PresentedSpaceRow,
  role: MemberRole | null,
  placement?: SpacePlacement,
  gitSync?: SpaceGitSync,
): Space {
  const published =
    placement && row.deletedAt === null
      ? publishedUrl(urls, placement.site, placement.segments, placement.shareKey)
      : undefined;
  return {
    object: "space",
    id: row.id,
    title: row.title,
    emoji: row.emoji,
    visibility: row.visibility,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    ...(row.deletedAt !== null ? { deletedAt: row.deletedAt } : {}),
    editMode: row.editMode,
    mergeRules: row.mergeRules,
    urls: {
      location: urls.api(`/spaces/${row.id}`),
      app: urls.app(`/s/${row.id}`),
      ...(published ? { published } : {}),
    },
    organization: row.organizationId,
    ...(row.parentId !== null ? { parent: row.parentId } : {}),
    ...(row.language !== null ? { language: row.language as Language } : {}),
    revision: row.revisionId,
    defaultLevel: row.defaultLevel,
    comments: row.commentsOpen,
    changeRequests: row.changeRequestsCount,
    changeRequestsOpen: row.changeRequestsOpen,
    changeRequestsDraft: row.changeRequestsDraft,
    permissions: permissionsOf(role),
    ...(gitSync ? { gitSync: presentGitSyncState(gitSync.row, gitSync) } : {}),
  };
}
