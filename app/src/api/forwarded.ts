import { clientAddress, VISITOR_ADDRESS_HEADER } from "../../../core/requests/client-address";

/**
 * What of the browser's request reaches the API, for the proxy and for the screens' own calls
 * alike: the API decides on the browser's cookie, origin and agent exactly as it would on a
 * direct call. The visitor's address is the one the deployment's trusted header names
 * (core/requests/client-address.ts), never one the browser wrote: the API believes
 * `X-Quire-Visitor-Address` on calls through its `AppGateway`, so a browser's own is dropped.
 */

/** The browser's headers a screen's call to the API carries (the proxy passes all of them). */
const FORWARDED: readonly string[] = ["Cookie", "Origin", "User-Agent", "Accept-Language"];

/** The visitor's address as the deployment's trusted header names it, or null. */
export function visitorAddress(browser: Request, configured: string | undefined): string | null {
  return clientAddress(browser.headers, configured);
}

/** Sets (or removes) the visitor address header on `headers` for the API. */
function nameVisitor(headers: Headers, address: string | null): Headers {
  if (address) headers.set(VISITOR_ADDRESS_HEADER, address);
  else headers.delete(VISITOR_ADDRESS_HEADER);
  return headers;
}

/** The headers of a screen's call to the API: the browser's forwarded ones and its address. */
export function callHeaders(browser: Request, address: string | null): Headers {
  const headers = new Headers();
  for (const name of FORWARDED) {
    const value = browser.headers.get(name);
    if (value !== null) headers.set(name, value);
  }
  return nameVisitor(headers, address);
}

/** The headers of a proxied request: all of the browser's, with its address named by the app. */
export function proxiedHeaders(browser: Request, address: string | null): Headers {
  return nameVisitor(new Headers(browser.headers), address);
}
