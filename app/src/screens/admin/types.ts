import type { User } from "../../api/types";

/**
 * The parts of the API's publishing and administration objects the admin screens show (the
 * API's OpenAPI document defines them: Site, SiteSpace, ShareLink, OrganizationMember,
 * OrganizationTeam, Integration, IntegrationInstallation, OpenAPISpec).
 */

/** A site's visibility, as the API accepts it. */
export const SITE_VISIBILITIES = ["public", "unlisted", "share-link", "visitor-auth"] as const;

/** A site. */
export interface Site {
  id: string;
  title: string;
  visibility: (typeof SITE_VISIBILITIES)[number];
  published: boolean;
  siteSpaces: number;
  basename?: string;
  hostname?: string;
  createdAt: string;
  permissions: Record<string, boolean>;
  urls: { app: string; published?: string };
}

/** A space, as far as a site's variants and pickers show it. */
export interface Space {
  id: string;
  title: string;
  urls: { app: string };
}

/** A space published in a site (a variant). */
export interface SiteSpace {
  id: string;
  path: string;
  title: string;
  default: boolean;
  section?: string;
  space: Space;
  urls: { published?: string };
}

/** A section of a site. */
export interface SiteSection {
  id: string;
  title: string;
  path: string;
  default: boolean;
  siteSpaces: SiteSpace[];
}

/** A share link of a share-link site (`urls.published` carries its key, for managers only). */
export interface ShareLink {
  id: string;
  name: string;
  active: boolean;
  createdAt: string;
  urls: { published?: string };
}

/** A member of an organization. */
export interface Member {
  id: string;
  role: string | null;
  user: User;
  disabled: boolean;
  joinedAt: string;
  lastSeenAt?: string;
  sso: boolean;
  spaces: number;
  teams: number;
}

/** A team of an organization. */
export interface Team {
  id: string;
  title: string;
  members: number;
  spaces: number;
  createdAt: string;
  permissions: { admin: boolean; view: boolean };
}

/** One member of a team. */
export interface TeamMember {
  organization: Member;
  team: { role: "owner" | "member" };
}

/** An integration. */
export interface Integration {
  name: string;
  title: string;
  description: string;
  summary?: string;
  target: string;
  verified: boolean;
  visibility: string;
  scopes: string[];
  categories: string[];
  externalLinks: Array<{ url: string; label: string }>;
  owner: { id: string; title: string };
  permissions: { admin: boolean };
  urls: { app: string };
}

/** An installation of an integration. */
export interface Installation {
  id: string;
  status: string;
  space_selection: string;
  site_selection: string;
  spaces: number;
  createdAt: string;
  target: { organization: string };
  urls: { app: string };
}

/** An OpenAPI specification of an organization. */
export interface Spec {
  id: string;
  slug: string;
  createdAt: string;
  updatedAt: string;
  sourceURL?: string;
  processingState: "pending" | "progress" | "complete";
  visibility: "private" | "public";
  lastProcessedAt?: string;
  lastProcessErrorCode?: string;
  lastProcessedErrors?: Array<{ message: string; line?: number; column?: number }>;
  lastProcessedErrorCount: number;
  permissions: { view: boolean; edit: boolean };
  urls: { app: string; published?: string };
}

/** One version of a specification. */
export interface SpecVersion {
  id: string;
  createdAt: string;
  url: string;
}

/** A pending e-mail invite of an organization, as its admins list it (a Quire extension). */
export interface EmailInvite {
  id: string;
  email: string;
  role: string | null;
  sso: boolean;
  invitedBy: string;
  invitedByName: string | null;
  createdAt: string;
  expiresAt: string;
  expired: boolean;
}
