import { z } from "@hono/zod-openapi";

/**
 * The ways in a deployment offers (`GET /v1/sessions/ways`, a Quire extension): what the app's
 * sign-in screen shows, so it never offers a way that cannot work here.
 */
export const SignInWaysSchema = z
  .object({
    email: z
      .boolean()
      .openapi({ description: "Sign-in links and codes by e-mail (mail is set up)" }),
    passkey: z.boolean().openapi({ description: "Passkeys (WebAuthn)" }),
    password: z.boolean().openapi({
      description: "Passwords (an organization may still forbid them for its members)",
    }),
    oidc: z
      .array(z.object({ id: z.string(), title: z.string() }))
      .openapi({ description: "The deployment's OpenID Connect providers, as buttons" }),
    saml: z.boolean().openapi({ description: "SAML single sign-on (per organization)" }),
    outbox: z
      .boolean()
      .openapi({ description: "Development: mail is kept in the dev outbox, not sent" }),
  })
  .openapi("SignInWays");

/** The ways in as the wire shows them. */
export type SignInWays = z.infer<typeof SignInWaysSchema>;

/** Whom the SSO ways are asked for: an address (its domain decides) or an organization. */
export const SsoWaysQuery = z
  .object({
    email: z
      .string()
      .max(320)
      .regex(/^[^@\s]+@[^@\s]+$/, "an e-mail address, like name@example.com")
      .optional()
      .openapi({ description: "The address typed on the sign-in screen: only its domain is used" }),
    organizationId: z
      .string()
      .min(1)
      .max(64)
      .optional()
      .openapi({ description: "The organization of `/sign-in?org=<id>`" }),
  })
  .refine((q) => (q.email === undefined) !== (q.organizationId === undefined), {
    message: "give exactly one of email and organizationId",
    path: ["email"],
  });

/** One single sign-on way of an organization, as a sign-in button. */
const SsoWaySchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("saml"),
    id: z.string(),
    title: z.string(),
    startURL: z.string().openapi({ description: "Where the SAML sign-in starts (a GET)" }),
  }),
  z.object({
    kind: z.literal("oidc"),
    id: z.string(),
    title: z.string(),
    provider: z
      .string()
      .openapi({ description: "The `provider` of `POST /v1/sessions/oidc/start`" }),
  }),
]);

/**
 * The single sign-on ways of the organizations an address's domain (or an organization id)
 * names (`GET /v1/sessions/ways/sso`, a Quire extension): only organizations with at least one
 * provider; `enforced` when their members may sign in only that way.
 */
export const SsoWaysSchema = z
  .object({
    organizations: z.array(
      z.object({
        id: z.string(),
        title: z.string(),
        enforced: z.boolean(),
        providers: z.array(SsoWaySchema),
      }),
    ),
  })
  .openapi("SsoWays");

/** The SSO ways as the wire shows them. */
export type SsoWays = z.infer<typeof SsoWaysSchema>;
