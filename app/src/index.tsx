import { Hono } from "hono";
import { ApiRefusal } from "./api/client";
import { proxyToApi } from "./api/proxy";
import type { AppBindings } from "./env";
import { withApi } from "./http/cookies";
import { CrossSiteForm } from "./http/forms";
import type { ScreenEnv } from "./http/screen-env";
import { messageResponse, notFoundResponse } from "./layout/message";
import { ASSETS_PATH } from "./layout/shell";
import { seeOther } from "./http/responses";
import { signInFor } from "./session/session";
import { screenRoutes } from "./screens";

/**
 * The app Worker (app/): the screens people use in a browser, server-rendered HTML that works
 * without JavaScript, at PUBLIC_APP_URL. A client of the API's public /v1 operations through the
 * `API` service binding (its `AppGateway` entrypoint), like the reader; it imports only the pure
 * cores of core/. Its origin is an API origin too: `/v1/*` is passed to the API unchanged, so
 * browser scripts call the API same-origin with the session cookie.
 */
const app = new Hono<ScreenEnv>();

app.all("/v1/*", (c) => proxyToApi(c.req.raw, c.env));
// The SAML service provider's metadata, start and ACS: the API builds their URLs from the origin
// they are asked on, so asked here, they are served here.
app.all("/sso/saml/*", (c) => proxyToApi(c.req.raw, c.env));
app.get(`${ASSETS_PATH}/*`, (c) => (c.env.ASSETS ? c.env.ASSETS.fetch(c.req.raw) : c.notFound()));
app.get(
  "/favicon.ico",
  () =>
    new Response(null, {
      status: 301,
      headers: { Location: `${ASSETS_PATH}/favicon.svg`, "Cache-Control": "public, max-age=86400" },
    }),
);

// Everything below is a screen: it gets the request's API client (the proxy above does not).
app.use("*", withApi);
app.route("/", screenRoutes);
app.notFound(() => notFoundResponse());
app.onError((error, c) => {
  if (error instanceof CrossSiteForm) {
    return messageResponse(
      {
        title: "Cross-site request refused",
        message: (
          <p>
            This form was not sent from a page of Quire, so nothing was done. If you meant to do
            this, open Quire and try again from there.
          </p>
        ),
        links: [["Go to Quire", "/"]],
      },
      403,
    );
  }
  if (error instanceof ApiRefusal && error.status === 404) return notFoundResponse();
  // The session ended while the page was open (expired, revoked): sign in and come back.
  const path = new URL(c.req.url).pathname;
  if (error instanceof ApiRefusal && error.status === 401 && !path.startsWith("/sign-in")) {
    return seeOther(signInFor(path));
  }
  if (error instanceof ApiRefusal && error.status === 403) {
    return messageResponse(
      {
        title: "Not allowed",
        message: <p>You can see this, but your role does not let you do it. {error.message}</p>,
        links: [["Go to your organizations", "/"]],
      },
      403,
    );
  }
  if (error instanceof ApiRefusal && error.status === 400) {
    return messageResponse(
      {
        title: "This request cannot be answered",
        message: <p>{error.message}</p>,
        links: [["Go to your organizations", "/"]],
      },
      400,
    );
  }
  if (error instanceof ApiRefusal && error.status === 429) {
    return messageResponse(
      {
        title: "Too many requests",
        message: <p>You have made many requests in a short time. Wait a moment and try again.</p>,
      },
      429,
    );
  }
  console.error(
    JSON.stringify({
      app: "error",
      message: error instanceof Error ? error.message : String(error),
    }),
  );
  return messageResponse(
    {
      title: "Something went wrong",
      message: <p>Quire could not answer this page just now. Please try again in a moment.</p>,
      links: [["Go to Quire", "/"]],
    },
    503,
  );
});
/** The Worker's entry. */
export default { fetch: app.fetch } satisfies ExportedHandler<AppBindings>;
