import type { OrganizationRow } from "../db/schema";
import type { Context } from "hono";
import type { AppEnv } from "../env";

import type { MemberRole } from "../lib/roles";
import { organizationPermissions } from "../auth/organization";
import { apiUrl, appUrl } from "../lib/urls";
import type { AgentInstructions, Organization } from "../api/organizations";

/**
 * An organization looks the same from every endpoint: every required field of the official
 * Organization, with `permissions` derived from the caller's role (`member` false: a non-member
 * who can see the organization, e.g. to join it by e-mail domain). `billing` is left out.
 */
export function presentOrganization(
  c: Context<AppEnv>,
  org: OrganizationRow,
  role: MemberRole | null,
  member = true,
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
      location: apiUrl(c, `/orgs/${org.id}`),
      app: appUrl(c, `/o/${org.id}`),
      ...(org.logo ? { logo: org.logo } : {}),
    },
    trial: { status: "notapplicable", count: 0 },
    permissions: organizationPermissions(role, member),
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
  c: Context<AppEnv>,
  row: AgentInstructionsLike,
): AgentInstructions {
  return {
    object: "agent-instructions",
    instructions: row.document as AgentInstructions["instructions"],
    updatedAt: row.updatedAt,
    updatedBy: row.updatedBy,
    urls: { location: apiUrl(c, `/orgs/${row.organizationId}/agent-instructions`) },
  };
}
