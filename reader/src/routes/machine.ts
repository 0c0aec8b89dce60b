import {
  ROBOTS,
  SITEMAP,
  SITEMAP_PAGES,
  serveRobots,
  serveSitemap,
  serveSpaceSitemap,
} from "../machine/crawler-routes";
import { LLMS, LLMS_FULL, serveLlms, serveLlmsFull } from "../machine/llms-routes";
import { serveMarkdownTwin } from "../machine/markdown-twin";
import type { RequestScope } from "../site/caching";
import type { SiteContext } from "../site/context";

/**
 * The machine-readable addresses under a site or a site space (sitemap.xml, robots.txt,
 * llms.txt, llms-full.txt, the `.md` twin of every page): each is matched by its suffix, the
 * rest of the path resolves as the site's address.
 */
export interface MachineRoute {
  /** The path's end that selects this route ("/sitemap.xml", ".md"…). */
  suffix: string;
  /** Answers it for the resolved context; `scope` keeps work past the answer. */
  serve(
    ctx: SiteContext,
    requestUrl: URL,
    request: Request,
    scope: RequestScope,
  ): Promise<Response>;
}

/** Every machine route, most specific suffix first. */
export const MACHINE_ROUTES: MachineRoute[] = [
  { suffix: SITEMAP_PAGES, serve: async (ctx, url, req) => serveSpaceSitemap(ctx, url, req) },
  { suffix: SITEMAP, serve: async (ctx, url, req) => serveSitemap(ctx, url, req) },
  { suffix: ROBOTS, serve: async (ctx, url, req) => serveRobots(ctx, url, req) },
  { suffix: LLMS_FULL, serve: serveLlmsFull },
  { suffix: LLMS, serve: serveLlms },
  {
    suffix: "/index.md",
    serve: (ctx, url, req, scope) => serveMarkdownTwin(ctx, url, req, scope, true),
  },
  {
    suffix: ".md",
    serve: (ctx, url, req, scope) => serveMarkdownTwin(ctx, url, req, scope, false),
  },
];
