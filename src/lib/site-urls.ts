/**
 * Where app-hosted published sites live: `PUBLIC_SITES_URL` (the reader Worker's address, e.g.
 * `http://localhost:8788` in development), else `<PUBLIC_APP_URL>/sites` as before the reader.
 * A site without a custom host name or proxy is published at `<this>/<site id>`. The one home of
 * that rule: the presenters build `urls.published` from it and URL resolution matches against it.
 */
export function sitesBaseUrl(env: { PUBLIC_APP_URL: string; PUBLIC_SITES_URL?: string }): string {
  const configured = env.PUBLIC_SITES_URL?.trim();
  if (configured) return configured.replace(/\/+$/, "");
  return `${env.PUBLIC_APP_URL.replace(/\/+$/, "")}/sites`;
}

/**
 * An address as site addresses and URL resolution compare them: the lower-case host name
 * without a port, then the path segments, joined by "/" (no scheme, no trailing slash). Takes a
 * URL or a stored host name or proxy origin (`host/path`, a scheme optional).
 */
export function addressOf(value: string | URL): string {
  const url = typeof value === "string" ? urlOf(value) : value;
  if (!url) return value.toString().toLowerCase();
  const segments = url.pathname.split("/").filter((s) => s !== "");
  return [url.hostname.toLowerCase(), ...segments].join("/").toLowerCase();
}

/** A stored address (`host/path`, maybe with a scheme) as a URL; null when it is not one. */
function urlOf(value: string): URL | null {
  try {
    return new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `https://${value}`);
  } catch {
    return null;
  }
}

/**
 * The deployment's own addresses (`addressOf` form): the app's and the app-hosted sites'. They
 * belong to no site's proxy or host name, and URL resolution under them is by site id only.
 */
export function deploymentAddresses(env: {
  PUBLIC_APP_URL: string;
  PUBLIC_SITES_URL?: string;
}): string[] {
  return [...new Set([addressOf(env.PUBLIC_APP_URL), addressOf(sitesBaseUrl(env))])];
}

/** Every address from the host down to `address` itself ("h", "h/a", "h/a/b"). */
export function addressPrefixes(address: string): string[] {
  const parts = address.split("/");
  return parts.map((_, i) => parts.slice(0, i + 1).join("/"));
}

/** True when one of two addresses is the other or lies under it. */
export function addressesNest(a: string, b: string): boolean {
  return a === b || a.startsWith(`${b}/`) || b.startsWith(`${a}/`);
}
