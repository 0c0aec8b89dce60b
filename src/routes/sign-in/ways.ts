import { createRoute } from "@hono/zod-openapi";
import { createRouter } from "../../http/router";
import { publicRoute } from "../../http/route-facts";
import { errorResponses, jsonResponse } from "../../api-document/common";
import { outboxTransport } from "../../mail";
import { mailTransport } from "../../mail/config";
import { SignInWaysSchema, type SignInWays } from "../../api/ways";
import { deploymentOidcWays } from "../../services/oidc/deployment";

/**
 * `GET /v1/sessions/ways`: the ways in this deployment offers, for the app's sign-in screen.
 * E-mail when mail is set up (any transport but `none`), the outbox in development, passwords
 * always (an organization's policy applies when its member signs in), SAML always (providers are
 * per organization; the ACS starts from the identity provider), passkeys always (a person
 * registers them once signed in), and the deployment's OIDC providers (OIDC_PROVIDERS: id and
 * title; an organization's own providers are started by their id).
 */
export const waysRoutes = createRouter();

waysRoutes.openapi(
  createRoute({
    method: "get",
    path: "/sessions/ways",
    tags: ["sessions"],
    summary: "Quire: the ways to sign in this deployment offers",
    security: [],
    middleware: [publicRoute()],
    responses: { 200: jsonResponse(SignInWaysSchema, "The ways in"), ...errorResponses() },
  }),
  (c) => {
    const ways: SignInWays = {
      email: mailTransport(c.env).kind !== "none",
      passkey: true,
      password: true,
      oidc: deploymentOidcWays(c.env),
      saml: true,
      outbox: outboxTransport(c.env),
    };
    return c.json(ways, 200);
  },
);
