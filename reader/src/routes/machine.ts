import type { SiteContext } from "../site/context";

/**
 * The machine-readable addresses under a site or a site space (sitemap.xml, robots.txt,
 * llms.txt, llms-full.txt, the `.md` twin of every page): each is matched by its suffix, the
 * rest of the path resolves as the site's address.
 */
export interface MachineRoute {
  /** The path's end that selects this route ("/sitemap.xml", ".md"…). */
  suffix: string;
  /** Answers it for the resolved context (`rest`: what the suffix followed, decoded). */
  serve(ctx: SiteContext, requestUrl: URL, request: Request): Promise<Response>;
}

/** Every machine route, most specific suffix first. */
export const MACHINE_ROUTES: MachineRoute[] = [];
