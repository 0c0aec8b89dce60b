import { createRoute } from "@hono/zod-openapi";
import { createRouter } from "../../http/router";
import { publicRoute, signInRoute } from "../../http/route-facts";
import { errorResponses, jsonResponse } from "../../api-document/common";
import { outboxTransport } from "../../mail";
import { mailTransport } from "../../mail/config";
import {
  SignInWaysSchema,
  SsoWaysQuery,
  SsoWaysSchema,
  type SignInWays,
  type SsoWays,
} from "../../api/ways";
import { runPlan } from "../../db/plan";
import { spUrls } from "../../lib/sso-urls";
import { ORG_PROVIDER_PREFIX } from "../../services/oidc/providers";
import { domainOf, ssoWaysPlan } from "../../services/sign-in/sso-ways";
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

waysRoutes.openapi(
  createRoute({
    method: "get",
    path: "/sessions/ways/sso",
    tags: ["sessions"],
    summary: "Quire: the organizations' single sign-on to offer for an address or an organization",
    description:
      "For the sign-in screen: `email` (only its domain is read: the organizations listing it in `emailDomains`) or `organizationId` (`/sign-in?org=<id>`). Only organizations with at least one SAML or OIDC provider are named; an unknown organization and one without providers answer the same empty list. Rate limited per address like the ways in.",
    security: [],
    middleware: [signInRoute()],
    request: { query: SsoWaysQuery },
    responses: { 200: jsonResponse(SsoWaysSchema, "The SSO ways"), ...errorResponses(400) },
  }),
  async (c) => {
    const query = c.req.valid("query");
    const who =
      query.email !== undefined
        ? { domain: domainOf(query.email) }
        : { organizationId: query.organizationId ?? "" };
    const found = await runPlan(c.get("db"), ssoWaysPlan(c.get("db"), who));
    const origin = new URL(c.req.url).origin;
    const body: SsoWays = {
      organizations: found.map((o) => ({
        id: o.id,
        title: o.title,
        enforced: o.enforced,
        providers: [
          ...o.saml.map((p) => ({
            kind: "saml" as const,
            id: p.id,
            title: p.title,
            startURL: spUrls(origin, p.id).startURL,
          })),
          ...o.oidc.map((p) => ({
            kind: "oidc" as const,
            id: p.id,
            title: p.title,
            provider: ORG_PROVIDER_PREFIX + p.id,
          })),
        ],
      })),
    };
    return c.json(body, 200);
  },
);
