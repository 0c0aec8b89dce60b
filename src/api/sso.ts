import { z } from "@hono/zod-openapi";
import { PEM_CERTIFICATE_PATTERN } from "../saml/certificates";
import { entityId, pathString } from "./common";
import { MemberRoleOrGuest, OrgParams } from "./organizations";
import { TeamSchema } from "./teams";
import { UserSchema } from "../api-document/common";

/** Path of the SAML providers of an organization. */
export const OrgSamlParams = OrgParams;

/** Path of one SAML provider. */
export const SamlProviderParams = OrgParams.extend({
  samlProviderId: pathString("samlProviderId"),
});

/** Official SAMLProviderLabel: 1 to 30 characters. */
const Label = z.string().trim().min(1).max(30);
/** Official SAMLProviderEntityID: the IdP's entity id, at most 1024 characters. */
const EntityID = z.string().trim().min(1).max(1024);
/**
 * Official SAMLProviderCertificate: the IdP's PEM certificate, at most 10,000 characters; the
 * pattern is its armour, and the description what else the route checks of it.
 */
const Certificate = z
  .string()
  .trim()
  .min(1)
  .max(10000)
  .regex(
    PEM_CERTIFICATE_PATTERN,
    "malformed: expected a PEM certificate (-----BEGIN CERTIFICATE-----)",
  )
  .openapi({
    description:
      "Exactly one PEM X.509 certificate, valid now, whose key is RSA (RSA-SHA256) or EC on P-256 or P-384 (ECDSA-SHA256/384).",
  });
/** Official URL: the IdP's single sign-on URL (http or https), at most 2048 characters. */
const SsoURL = z.url({ protocol: /^https?$/ }).max(2048);

/** The Quire settings beyond the official body (both off by default). */
const extensions = {
  allowIdPInitiated: z.boolean().optional().openapi({
    description:
      "Quire extension: accept IdP-initiated logins (a Response without InResponseTo). Default false.",
  }),
  reAddRemovedMembers: z.boolean().optional().openapi({
    description:
      "Quire extension: let SSO add back a person whose membership was removed. Default false.",
  }),
};

/**
 * Body of provider creation. Quire asks for the IdP values at creation (the official response
 * requires them), so a provider is active from the start.
 */
export const CreateSamlProviderBody = z
  .object({
    label: Label,
    entityID: EntityID,
    certificate: Certificate,
    ssoURL: SsoURL,
    defaultTeam: entityId.optional(),
    defaultRole: MemberRoleOrGuest.optional().openapi({
      description: "Role of members SSO adds (null: guest). Default read.",
    }),
    ...extensions,
  })
  .strict();

/** Body of a provider update: the same fields, all optional (`defaultTeam` null clears it). */
export const UpdateSamlProviderBody = z
  .object({
    label: Label.optional(),
    entityID: EntityID.optional(),
    certificate: Certificate.optional(),
    ssoURL: SsoURL.optional(),
    defaultTeam: entityId.nullable().optional(),
    defaultRole: MemberRoleOrGuest.optional(),
    ...extensions,
  })
  .strict();

/** A SAML provider (official OrganizationSAMLProvider). */
export const SamlProviderSchema = z
  .object({
    object: z.literal("saml-provider"),
    id: z.string(),
    label: z.string(),
    ssoURL: z.string(),
    entityID: z.string(),
    certificate: z.string(),
    defaultTeam: TeamSchema.optional(),
    defaultRole: MemberRoleOrGuest,
    createdAt: z.string(),
    status: z.enum(["active", "pending"]),
    service: z.object({ acsURL: z.string(), startURL: z.string(), entityID: z.string() }),
    urls: z.object({ location: z.string() }),
    allowIdPInitiated: z.boolean(),
    reAddRemovedMembers: z.boolean(),
  })
  .openapi("OrganizationSAMLProvider");

/** One provider on an organization's sign-in page (official OrganizationSSOProviderLogin). */
const SsoLoginSchema = z
  .object({ id: z.string(), label: z.string(), startURL: z.string() })
  .openapi("OrganizationSSOProviderLogin");

/** The login infos of an organization. */
export const SsoLoginsSchema = z.object({ items: z.array(SsoLoginSchema) });

/** Body of the code exchange. */
export const SsoTokenBody = z
  .object({ code: z.string().min(1).max(128) })
  .strict()
  .openapi({ description: "The one-time code the SSO callback received." });

/** Answer of the code exchange: a short-lived API token of the signed-in user. */
export const SsoTokenSchema = z
  .object({
    token: z.string(),
    expiresAt: z.string(),
    user: UserSchema,
    organization: z.object({ id: z.string(), title: z.string() }),
  })
  .openapi("SSOTokenExchange");

/** A SAML provider's wire type. */
export type SamlProvider = z.infer<typeof SamlProviderSchema>;
/** Wire type of a created or updated provider's body. */
export type UpdateSamlProviderInput = z.infer<typeof UpdateSamlProviderBody>;
