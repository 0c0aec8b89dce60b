import type { Api } from "../api/client";
import type { Collection, Space } from "../api/content-types";
import type { ListPage, Organization } from "../api/types";

/**
 * What the workspace frame (layout/workspace.tsx) draws around a screen of an organization: the
 * organization, the person's other organizations (the switcher), and the organization's
 * collections and spaces (the sidebar's tree). Read in one parallel wave of four API calls; the
 * organization's own read decides access (a 404 for an organization the person cannot see is the
 * same not-found as for none).
 */

/** Sidebar entries read per organization (the API's list cap is 1000). */
const SIDEBAR_LIMIT = 500;

/** The frame's data. */
export interface WorkspaceData {
  org: Organization;
  orgs: Organization[];
  collections: Collection[];
  spaces: Space[];
  /** True when the organization has more spaces or collections than the sidebar lists. */
  truncated: boolean;
}

/** Reads the frame of organization `orgId` (ApiRefusal 404 when the person cannot see it). */
export async function loadWorkspace(api: Api, orgId: string): Promise<WorkspaceData> {
  const id = encodeURIComponent(orgId);
  const [org, orgs, collections, spaces] = await Promise.all([
    api.get<Organization>(`/orgs/${id}`),
    api.get<ListPage<Organization>>("/orgs", { limit: 50 }),
    api.get<ListPage<Collection>>(`/orgs/${id}/collections`, { limit: SIDEBAR_LIMIT }),
    api.get<ListPage<Space>>(`/orgs/${id}/spaces`, { limit: SIDEBAR_LIMIT }),
  ]);
  return {
    org,
    orgs: orgs.items,
    collections: collections.items,
    spaces: spaces.items,
    truncated: Boolean(collections.next || spaces.next),
  };
}

/** The app path of an organization's screen. */
export function orgPath(orgId: string, rest = ""): string {
  return `/o/${encodeURIComponent(orgId)}${rest}`;
}

/** The app path of a collection. */
export function collectionPath(orgId: string, collectionId: string): string {
  return orgPath(orgId, `/c/${encodeURIComponent(collectionId)}`);
}

/** The app path of a space, or of a page of it by its path. */
export function spacePath(spaceId: string, pagePath = ""): string {
  const rest = pagePath ? `/${pagePath.split("/").map(encodeURIComponent).join("/")}` : "";
  return `/s/${encodeURIComponent(spaceId)}${rest}`;
}

/** Spaces sorted by most recently updated first. */
export function recentSpaces(spaces: Space[], count: number): Space[] {
  return [...spaces].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt)).slice(0, count);
}

/** The path (and fragment) of a `urls.app` the API answered, so links stay on this app's origin. */
export function localPath(url: string): string {
  try {
    const parsed = new URL(url, "https://app.invalid");
    return parsed.pathname + parsed.search + parsed.hash;
  } catch {
    return "/";
  }
}
