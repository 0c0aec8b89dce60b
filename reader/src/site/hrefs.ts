import type { RevisionPage } from "@gitbook/api";
import type { SiteContext } from "./context";
import { safeHref } from "../../../core/links/safe-href";
import { pageHref, type Hrefs } from "./tree";

/** The hrefs of the context's site space on the request's host. */
export function hrefsOf(ctx: SiteContext): Hrefs {
  const spacePath = ctx.content.basePath.replace(/\/+$/, "");
  return {
    spacePath,
    link: (page: RevisionPage) => {
      if (page.type !== "link" || !("target" in page)) return undefined;
      const target = page.target as { kind?: string; url?: string; page?: string };
      if (target.kind === "url" && target.url) return safeHref(target.url) ?? undefined;
      if (target.kind === "page" && target.page) {
        const entry = ctx.tree.byId.get(target.page);
        return entry ? pageHref(ctx.tree, entry, { spacePath, link: () => undefined }) : undefined;
      }
      return undefined;
    },
  };
}
