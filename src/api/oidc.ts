import { z } from "@hono/zod-openapi";
import { pathString } from "./common";
import { MemberRoleOrGuest, OrgParams } from "./organizations";
import { CurrentSessionSchema, ReturnTo } from "./sessions";

/** Path of one OIDC provider of an organization. */
export const OidcProviderParams = OrgParams.extend({
  oidcProviderId: pathString("oidcProviderId"),
});

/** Body of `POST /v1/sessions/oidc/start`. */
export const OidcStartBody = z
  .object({
    provider: z.string().min(1).max(64).openapi({
      description:
        "A deployment provider's id (`GET /v1/sessions/ways`) or an organization provider's id",
    }),
    returnTo: ReturnTo.optional(),
  })
  .strict();

/** Answer of the start: the provider's URL to send the browser to. */
export const OidcStartSchema = z
  .object({ url: z.string().openapi({ description: "The provider's authorization URL" }) })
  .openapi("OIDCSignInStart");

/** Body of `POST /v1/sessions/oidc/callback`: the callback page's query string, as received. */
export const OidcCallbackBody = z
  .object({
    query: z.string().min(1).max(8192).openapi({
      description: "The query string the provider sent to `<app>/sign-in/oidc/callback`",
    }),
  })
  .strict();

/** Answer of a finished OIDC sign-in: the new session (its cookie is set) and where to go. */
export const OidcSignedInSchema = CurrentSessionSchema.extend({
  returnTo: z.string().nullable().openapi({ description: "The start's `returnTo`, if any" }),
}).openapi("OIDCSignedIn");

const Title = z.string().trim().min(1).max(60);
const Issuer = z
  .url({ protocol: /^https?$/ })
  .max(2048)
  .openapi({
    description:
      "The provider's issuer URL; its discovery document is at `/.well-known/openid-configuration`",
  });
const ClientId = z.string().trim().min(1).max(255);
const ClientSecret = z.string().min(1).max(1024).openapi({
  description: "Stored sealed (AES-GCM); never answered",
});

/** Body of an organization provider's creation. */
export const CreateOidcProviderBody = z
  .object({
    title: Title,
    issuer: Issuer,
    clientId: ClientId,
    clientSecret: ClientSecret,
    defaultRole: MemberRoleOrGuest.optional().openapi({
      description: "Role of the members it adds (null: guest). Default read.",
    }),
  })
  .strict();

/** Body of an update: the same fields, all optional (a new secret replaces the old one). */
export const UpdateOidcProviderBody = z
  .object({
    title: Title.optional(),
    issuer: Issuer.optional(),
    clientId: ClientId.optional(),
    clientSecret: ClientSecret.optional(),
    defaultRole: MemberRoleOrGuest.optional(),
  })
  .strict();

/** An organization's OIDC provider (a Quire extension); its client secret is never shown. */
export const OidcProviderSchema = z
  .object({
    object: z.literal("oidc-provider"),
    id: z.string(),
    title: z.string(),
    issuer: z.string(),
    clientId: z.string(),
    defaultRole: MemberRoleOrGuest,
    redirectURL: z
      .string()
      .openapi({ description: "The redirect URI to register at the provider" }),
    createdAt: z.string(),
    urls: z.object({ location: z.string() }),
  })
  .openapi("OrganizationOIDCProvider");

/** An organization's OIDC provider as the wire shows it. */
export type OidcProvider = z.infer<typeof OidcProviderSchema>;
