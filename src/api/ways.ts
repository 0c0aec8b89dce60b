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
