import { z } from "@hono/zod-openapi";
import { MEMBER_ROLES } from "../lib/roles";
import { permissionsOf } from "../api-document/common";
import { entityId, MemberRole, pathString, refusedField } from "./common";
import { MAX_DOCUMENT_DEPTH, tooDeepMessage } from "../../core/document/limits";
import { jsonDepth } from "../lib/json-depth";

/** Most e-mail domains one organization may list. */
export const MAX_EMAIL_DOMAINS = 50;

/** Path of one organization. */
export const OrgParams = z.object({ organizationId: pathString("organizationId") });

/** Path of one invite link of an organization. */
export const InviteParams = OrgParams.extend({ inviteId: pathString("inviteId") });

/** Path of the organizations listing an e-mail domain. */
export const EmailDomainParams = z.object({
  emailDomain: z
    .string()
    .min(1)
    .max(253)
    .openapi({ param: { name: "emailDomain", in: "path" } }),
});

/** A role, or null for a guest (official MemberRoleOrGuest). */
export const MemberRoleOrGuest = MemberRole.nullable();

/** Official OrganizationTitle: 2 to 255 characters with the official pattern. */
const OrganizationTitle = z
  .string()
  .trim()
  .min(2)
  .max(255)
  .regex(/\S.*\S/, "must start and end with a non-space character");

const DOMAIN =
  /^(?=.{3,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/;

/** One e-mail domain, lowercased and checked as a host name. */
export const EmailDomain = z
  .string()
  .trim()
  .toLowerCase()
  .regex(DOMAIN, "must be a domain name such as example.com");

/** E-mail domains, lowercased and checked as host names (official OrganizationEmailDomains). */
const EmailDomains = z.array(EmailDomain).max(MAX_EMAIL_DOMAINS);

/** Official OrganizationHostname, with the spec's subdomain rule. */
const OrganizationHostname = z
  .string()
  .min(3)
  .max(32)
  .regex(
    /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/,
    "lowercase letters, digits and hyphens, starting and ending with a letter or digit",
  );

/** Merge rules an organization may set (official MergeRulesStandaloneConfiguration subset). */
export const MergeRulesSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("none") }).strict(),
  z
    .object({
      type: z.literal("rules"),
      rules: z
        .array(
          z
            .object({
              rule: z.literal("require_specific_reviewers", {
                error:
                  "Quire enforces only the require_specific_reviewers merge rule (docs/compatibility.md)",
              }),
              users: z.array(entityId).max(100),
            })
            .strict(),
        )
        .max(20),
    })
    .strict(),
]);

/** Official SitePointer, the only form of `defaultContent`. */
const SitePointer = z.object({ type: z.literal("site"), site: entityId }).strict();

/** Body of organization creation (official CreateOrganization). */
export const CreateOrganizationBody = z
  .object({
    title: OrganizationTitle,
    emailDomains: EmailDomains.optional(),
    onboardingPreferences: refusedField(
      "an organization is created without a default site: create the site (POST /orgs/{organizationId}/sites)",
    ),
  })
  .strict();

/** Body of an organization update: every field optional; an empty body changes nothing. */
export const UpdateOrganizationBody = z
  .object({
    title: OrganizationTitle.optional(),
    emailDomains: EmailDomains.optional(),
    hostname: OrganizationHostname.optional(),
    defaultRole: MemberRoleOrGuest.optional(),
    defaultContent: SitePointer.nullable().optional(),
    logo: z.url().max(2048).nullable().optional(),
    sso: z.boolean().optional(),
    ai: z.boolean().optional(),
    inviteLinks: z.boolean().optional(),
    mergeRules: MergeRulesSchema.optional(),
  })
  .strict();

/** The organization update's TypeScript type. */
export type UpdateOrganizationInput = z.infer<typeof UpdateOrganizationBody>;

/** Body of invite link creation: the organization form; the space and collection forms are refused. */
export const CreateInviteBody = z
  .object({
    space: refusedField("invite links to a space are not supported: invite to the organization"),
    collection: refusedField(
      "invite links to a collection are not supported: invite to the organization",
    ),
    role: z
      .enum(MEMBER_ROLES, {
        error: (issue) => (issue.input === undefined ? "Required" : undefined),
      })
      .nullable(),
    level: MemberRoleOrGuest.optional(),
  })
  .strict();

/** The Organization `permissions` object. */
const OrganizationPermissionsSchema = permissionsOf(
  "view",
  "access",
  "admin",
  "ownTeam",
  "createContent",
  "createOpenAPISpec",
  "ingestConversations",
  "viewBilling",
  "listMembers",
  "listTeams",
  "listIntegrations",
  "listInstallations",
  "installIntegration",
);

/** An organization (official Organization). */
export const OrganizationSchema = z
  .object({
    object: z.literal("organization"),
    id: z.string(),
    title: z.string(),
    createdAt: z.string(),
    emailDomains: z.array(z.string()),
    hostname: z.string().optional(),
    type: z.enum(["business", "community"]),
    useCase: z.string().optional(),
    communityType: z.string().optional(),
    defaultRole: MemberRoleOrGuest,
    defaultContent: SitePointer.optional(),
    sso: z.boolean(),
    ai: z.boolean(),
    inviteLinks: z.boolean(),
    plan: z.string(),
    mergeRules: MergeRulesSchema,
    urls: z.object({ location: z.string(), app: z.string(), logo: z.string().optional() }),
    trial: z.object({ status: z.literal("notapplicable"), count: z.number() }),
    permissions: OrganizationPermissionsSchema,
  })
  .openapi("Organization");

/** An Organization's TypeScript type. */
export type Organization = z.infer<typeof OrganizationSchema>;

/** An invite link to the organization (official InviteLinkToOrganization). */
export const InviteSchema = z
  .object({
    object: z.literal("invite"),
    id: z.string(),
    role: MemberRoleOrGuest,
    redundant: z.boolean(),
  })
  .openapi("InviteLinkToOrganization");

/** An invite link's TypeScript type. */
export type Invite = z.infer<typeof InviteSchema>;

/**
 * What an invite link offers the person holding it (a Quire extension, for the app's join
 * screen): the organization's name, the role, and whether they already belong to it.
 */
export const InviteLinkOfferSchema = z
  .object({
    object: z.literal("invite"),
    id: z.string(),
    role: MemberRoleOrGuest,
    organization: z.object({ id: z.string(), title: z.string(), sso: z.boolean() }),
    member: z.boolean(),
  })
  .openapi("InviteLinkOffer");

/** A space found by the organization search (official SearchSpaceResult). */
export const SearchSpaceResultSchema = z
  .object({
    type: z.literal("space"),
    id: z.string(),
    title: z.string(),
    score: z.number(),
    pages: z.array(z.record(z.string(), z.unknown())),
  })
  .openapi("SearchSpaceResult");

/** A block of a rich-text Document: `object` "block" and a `type`; other keys are kept as sent. */
const DocumentBlock = z.looseObject({
  object: z.literal("block"),
  type: z.string().min(1).max(64),
});

/**
 * A rich-text Document (official JSONDocument), checked at its top levels, and at most 50 levels
 * deep (measured without recursion, like stored page Documents).
 */
const DocumentSchema = z
  .looseObject({
    object: z.literal("document"),
    data: z.record(z.string(), z.unknown()),
    nodes: z.array(DocumentBlock),
  })
  .superRefine((doc, ctx) => {
    // A Document level is two JSON levels (a node and its `nodes` array); leaves, marks and
    // `data.ref` add up to four more under the deepest node.
    const limit = 2 * MAX_DOCUMENT_DEPTH + 4;
    if (jsonDepth(doc.nodes, limit) > limit) {
      ctx.addIssue({ code: "custom", message: tooDeepMessage(MAX_DOCUMENT_DEPTH) });
    }
  })
  .openapi("JSONDocument");

/** Body of the agent instructions update. */
export const PutAgentInstructionsBody = z.object({ instructions: DocumentSchema }).strict();

/** The organization's agent instructions (official OrganizationAgentInstructions). */
export const AgentInstructionsSchema = z
  .object({
    object: z.literal("agent-instructions"),
    instructions: DocumentSchema,
    updatedAt: z.string(),
    updatedBy: z.string(),
    urls: z.object({ location: z.string() }),
  })
  .openapi("OrganizationAgentInstructions");

/** Agent instructions' TypeScript type. */
export type AgentInstructions = z.infer<typeof AgentInstructionsSchema>;
