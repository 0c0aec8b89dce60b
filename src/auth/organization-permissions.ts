import { atLeast, type MemberRole } from "./roles";

/** The official Organization `permissions` keys, plus the spec's `ingestConversations`. */
export interface OrganizationPermissions {
  view: boolean;
  access: boolean;
  admin: boolean;
  ownTeam: boolean;
  createContent: boolean;
  createOpenAPISpec: boolean;
  ingestConversations: boolean;
  viewBilling: boolean;
  listMembers: boolean;
  listTeams: boolean;
  listIntegrations: boolean;
  listInstallations: boolean;
  installIntegration: boolean;
}

/**
 * Derives the Organization `permissions` object from the caller's membership, so every endpoint
 * that shows an organization tells the same story as the checks the routes make.
 * `member` false is a non-member (e.g. someone who may join by e-mail domain): nothing is allowed.
 */
export function organizationPermissions(
  role: MemberRole | null,
  member = true,
): OrganizationPermissions {
  const nonGuest = member && role !== null;
  const creator = member && atLeast(role, "create");
  const admin = member && atLeast(role, "admin");
  return {
    view: member,
    access: member,
    admin,
    ownTeam: creator,
    createContent: creator,
    createOpenAPISpec: creator,
    ingestConversations: admin,
    viewBilling: admin,
    listMembers: nonGuest,
    listTeams: nonGuest,
    listIntegrations: nonGuest,
    listInstallations: admin,
    installIntegration: admin,
  };
}
