import type { SpaceRow } from "../db/schema";
import { spacePermissions } from "../auth/space";
import type { MemberRole } from "../lib/roles";
import type { Urls } from "../lib/urls";
import type { Space } from "../api/spaces";

type Language = NonNullable<Space["language"]>;

/**
 * A space looks the same from every endpoint; `permissions` derive from the caller's effective
 * role on it alone. Optional fields (`parent`, `language`, `deletedAt`) are omitted when unset;
 * a space without an emoji has `emoji: ""`. Counters come from the row, kept exact by writers.
 */
export function presentSpace(urls: Urls, row: SpaceRow, role: MemberRole | null): Space {
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
    // `published` exists only for spaces published through a site, which do not exist yet.
    urls: {
      location: urls.api(`/spaces/${row.id}`),
      app: urls.app(`/s/${row.id}`),
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
    permissions: spacePermissions(role),
  };
}
