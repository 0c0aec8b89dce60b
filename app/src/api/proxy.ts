import { proxiedHeaders, visitorAddress } from "./forwarded";
import type { AppBindings } from "../env";

/**
 * The app's origin is an API origin too: `/v1/*` (and the SAML service provider's `/sso/saml/*`,
 * whose URLs the API builds from the request's origin) go to the API unchanged — method, path,
 * query, body and headers, the browser's cookie and origin included — and the API's answer comes
 * back as it is, `Set-Cookie` included. Browser scripts (the passkey ceremony, the editor later)
 * call the API this way, same-origin, with the session cookie.
 */
export function proxyToApi(request: Request, env: AppBindings): Promise<Response> {
  const address = visitorAddress(request, env.CLIENT_ADDRESS_HEADER);
  const hasBody = request.method !== "GET" && request.method !== "HEAD";
  return env.API.fetch(request.url, {
    method: request.method,
    headers: proxiedHeaders(request, address),
    body: hasBody ? request.body : null,
    redirect: "manual",
    // The browser's Cloudflare facts (country, city) for the session's place.
    ...(request.cf ? { cf: request.cf as RequestInitCfProperties } : {}),
  });
}
