import type { CollectionRow } from "../db/schema";
import { collectionPermissions } from "../auth/collection";
import type { MemberRole } from "../lib/roles";
import type { Urls } from "../http/urls";
import type { Collection } from "../api/collections";

/**
 * A collection looks the same from every endpoint; `permissions` derive from the caller's
 * effective role on it alone. Optional fields (`description`, `parent`) are omitted when unset.
 */
export function presentCollection(
  urls: Urls,
  row: CollectionRow,
  role: MemberRole | null,
): Collection {
  return {
    object: "collection",
    id: row.id,
    title: row.title,
    ...(row.description !== null ? { description: row.description } : {}),
    organization: row.organizationId,
    ...(row.parentId !== null ? { parent: row.parentId } : {}),
    defaultLevel: row.defaultLevel,
    urls: {
      location: urls.api(`/collections/${row.id}`),
      app: urls.app(`/o/${row.organizationId}/c/${row.id}`),
    },
    permissions: collectionPermissions(role),
  };
}
