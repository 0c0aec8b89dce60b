import type { CollectionRow } from "../db/schema";
import type { Context } from "hono";
import type { AppEnv } from "../env";
import { collectionPermissions } from "../auth/content-role";
import type { MemberRole } from "../lib/roles";
import { apiUrl, appUrl } from "../lib/urls";
import type { Collection } from "../api/collections";

/**
 * A collection looks the same from every endpoint; `permissions` derive from the caller's
 * effective role on it alone. Optional fields (`description`, `parent`) are omitted when unset.
 */
export function presentCollection(
  c: Context<AppEnv>,
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
      location: apiUrl(c, `/collections/${row.id}`),
      app: appUrl(c, `/o/${row.organizationId}/c/${row.id}`),
    },
    permissions: collectionPermissions(role),
  };
}
