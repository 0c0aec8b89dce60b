import { SITE_VISIBILITIES } from "../types";

/** What each site visibility means, as the site forms offer it. */
export const VISIBILITY_LABELS: Readonly<Record<(typeof SITE_VISIBILITIES)[number], string>> = {
  public: "Public: anyone, indexed by search engines",
  unlisted: "Unlisted: anyone with the address, not indexed",
  "share-link": "Share links: only people with a share link",
  "visitor-auth": "Visitor authentication: readers signed in by your own service",
};

/** The visibility options of a select. */
export const VISIBILITY_OPTIONS = SITE_VISIBILITIES.map((v) => [v, VISIBILITY_LABELS[v]] as const);
