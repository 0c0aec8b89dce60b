import { createRoute, z } from "@hono/zod-openapi";
import { createRouter } from "../../http/router";
import { signInRoute } from "../../http/route-facts";
import { errorResponses, jsonBody, jsonResponse } from "../../api-document/common";
import { CurrentSessionSchema } from "../../api/sessions";
import { isSignInLinkToken } from "../../../core/sessions/session";
import { unauthorized } from "../../lib/errors";
import { redeemSignInLink } from "../../services/sessions/link";
import { signedIn } from "./signed-in";

/** The operator's one-time sign-in link, spent for a session (a Quire extension). */
export const linkSignInRoutes = createRouter();

/** Body of `POST /v1/sessions/link`: the link's token, as its `?token=` carried it. */
const LinkBody = z
  .object({ token: z.string().min(1).max(200).openapi({ description: "The link's `token`" }) })
  .strict();

/** One answer for every link that does not work, so none tells an unknown one from a spent one. */
const REFUSED = "This sign-in link is invalid, expired or already used";

linkSignInRoutes.openapi(
  createRoute({
    method: "post",
    path: "/sessions/link",
    tags: ["sessions"],
    summary: "Sign in with an operator's one-time link",
    description:
      "Spends a link printed by `npm run admin -- user sign-in-link --email E` (one use, one hour) " +
      "and starts a session: the answer sets the `quire_session` cookie. Rate limited per address.",
    security: [],
    middleware: [signInRoute()],
    request: { body: jsonBody(LinkBody) },
    responses: { 201: jsonResponse(CurrentSessionSchema, "Signed in"), ...errorResponses(400) },
  }),
  async (c) => {
    const { token } = c.req.valid("json");
    if (!isSignInLinkToken(token)) throw unauthorized(REFUSED);
    const userId = await redeemSignInLink(c.get("db"), token);
    if (!userId) throw unauthorized(REFUSED);
    return c.json(await signedIn(c, userId, "link"), 201);
  },
);
