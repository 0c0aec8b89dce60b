import { createRoute } from "@hono/zod-openapi";
import { unauthorized } from "../../lib/errors";
import { createRouter } from "../../http/router";
import { urlsOf } from "../../http/urls";
import { errorResponses, jsonBody, jsonResponse } from "../../api-document/common";
import { presentUser } from "../../presenters/user";
import { exchangeCode } from "../../services/sso/exchange";
import { SsoTokenBody, SsoTokenSchema } from "../../api/sso";
import { publicRoute } from "../../http/route-facts";

/** The SSO code exchange: the one-time code of a SAML sign-in for a short-lived API token. */
export const ssoTokenRoutes = createRouter();

ssoTokenRoutes.openapi(
  createRoute({
    method: "post",
    path: "/sso/token",
    tags: ["sso"],
    summary:
      "Quire: exchange the one-time code of a SAML sign-in (single use, 60 s) for an 8-hour API token",
    security: [],
    middleware: [publicRoute()],
    request: { body: jsonBody(SsoTokenBody) },
    responses: { 200: jsonResponse(SsoTokenSchema, "OK"), ...errorResponses(400) },
  }),
  async (c) => {
    const { code } = c.req.valid("json");
    const done = await exchangeCode(c.get("db"), code);
    if (!done) throw unauthorized("The sign-in code is unknown, used or expired");
    return c.json(
      {
        token: done.secret,
        expiresAt: done.expiresAt,
        user: presentUser(urlsOf(c), done.user),
        organization: done.organization,
      },
      200,
    );
  },
);
