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
