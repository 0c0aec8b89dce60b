import type { OrganizationRow } from "../db/schema";
import type { Urls } from "../http/urls";
import type { AgentInstructions, Organization } from "../api/organizations";

/**
 * An organization looks the same from every endpoint: every required field of the official
 * Organization, with the caller's `permissions` (from `organizationPermissions`, so they tell
 * the same story as the checks the routes make). `billing` is left out.
 */
export function presentOrganization(
  urls: Urls,
  org: OrganizationRow,
  permissions: Organization["permissions"],
): Organization {
  return {
    object: "organization",
    id: org.id,
    title: org.title,
    createdAt: org.createdAt,
    emailDomains: org.emailDomains,
    ...(org.hostname ? { hostname: org.hostname } : {}),
    type: org.type,
    ...(org.useCase ? { useCase: org.useCase } : {}),
    ...(org.communityType ? { communityType: org.communityType } : {}),
    defaultRole: org.defaultRole ?? null,
    ...(org.defaultContentSite
      ? { defaultContent: { type: "site" as const, site: org.defaultContentSite } }
      : {}),
    sso: org.sso,
    ai: org.ai,
    inviteLinks: org.inviteLinks,
    plan: org.plan,
    mergeRules: org.mergeRules,
    urls: {
      location: urls.api(`/orgs/${org.id}`),
      app: urls.app(`/o/${org.id}`),
      ...(org.logo ? { logo: org.logo } : {}),
    },
    trial: { status: "notapplicable", count: 0 },
    permissions,
  };
}

/** What the agent-instructions presentation needs: the stored row, or the never-set default. */
export interface AgentInstructionsLike {
  organizationId: string;
  document: Record<string, unknown>;
  updatedAt: string;
  updatedBy: string;
}

/**
 * The organization's agent instructions (official OrganizationAgentInstructions); they belong to
 * the organization, so they are presented beside it.
 */
export function presentAgentInstructions(
  urls: Urls,
  row: AgentInstructionsLike,
): AgentInstructions {
  return {
    object: "agent-instructions",
    instructions: row.document as AgentInstructions["instructions"],
    updatedAt: row.updatedAt,
    updatedBy: row.updatedBy,
    urls: { location: urls.api(`/orgs/${row.organizationId}/agent-instructions`) },
  };
}
