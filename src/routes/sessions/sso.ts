import { createRoute } from "@hono/zod-openapi";
import { createRouter } from "../../http/router";
import { signInRoute } from "../../http/route-facts";
import { errorResponses, jsonBody, jsonResponse } from "../../api-document/common";
import { CurrentSessionSchema } from "../../api/sessions";
import { SsoTokenBody } from "../../api/sso";
import { unauthorized } from "../../lib/errors";
import { redeemCode } from "../../services/sso/exchange";
import { signedIn } from "./signed-in";

/** The end of a SAML sign-in in a session: the ACS's one-time code spent (a Quire extension). */
export const ssoSignInRoutes = createRouter();

ssoSignInRoutes.openapi(
  createRoute({
    method: "post",
    path: "/sessions/sso",
    tags: ["sessions"],
    summary: "Sign in with the one-time code of a SAML sign-in",
    description:
      "The ACS sends the browser to `<app>/sso/callback?code=…`, whose page posts the code here " +
      "(single use, 60 s; the person must still be an enabled member of the organization). The " +
      "answer sets the `quire_session` cookie. `POST /v1/sso/token` still exchanges a code for an " +
      "API token instead. Rate limited per address.",
    security: [],
    middleware: [signInRoute()],
    request: { body: jsonBody(SsoTokenBody) },
    responses: { 201: jsonResponse(CurrentSessionSchema, "Signed in"), ...errorResponses(400) },
  }),
  async (c) => {
    const { code } = c.req.valid("json");
    const redeemed = await redeemCode(c.get("db"), code);
    if (!redeemed) throw unauthorized("The sign-in code is unknown, used or expired");
    return c.json(await signedIn(c, redeemed.user.id, "saml"), 201);
  },
);
