import type { Site } from "@gitbook/api";

/**
 * How long browsers and shared caches keep what a site serves, and whether search engines may
 * index it: one rule for pages, markdown twins and machine files. Sites anyone may read are
 * shareable but revalidated on each view (a merge shows at once to a revalidating reader);
 * the others, and any answer a credential of the visitor's may have shaped (a share key, a
 * visitor JWT, adaptive claims), are private to the visitor. Only `public` sites are indexable.
 */
export function cacheHeadersOf(
  site: Pick<Site, "visibility">,
  credentialed: boolean,
): Record<string, string> {
  const shared = !credentialed && (site.visibility === "public" || site.visibility === "unlisted");
  return {
    "Cache-Control": shared ? "public, max-age=0, must-revalidate" : "private, no-cache",
    ...(site.visibility === "public" ? {} : { "X-Robots-Tag": "noindex" }),
  };
}

/** What a request may do after its answer: the build its kept answers belong to, and waitUntil. */
export interface RequestScope {
  build: string;
  keep(work: Promise<unknown>): void;
}
