import type { Context, MiddlewareHandler } from "hono";
import { matchedRoutes } from "hono/route";
import { RegExpRouter } from "hono/router/reg-exp-router";
import { SmartRouter } from "hono/router/smart-router";
import { TrieRouter } from "hono/router/trie-router";
import type { AppEnv, RouteFacts } from "../env";

/**
 * A route's facts, declared on the route itself as `ownBodyCap` is: each declaration is a
 * middleware of its createRoute (`middleware: [publicRoute()]`), carrying what it declares. The
 * app reads them once, when it is built (`RouteTable`), and every request finds its route's facts
 * through Hono's matched route, before any middleware needs them: no table of path patterns kept
 * apart from the routes.
 */
interface Declared {
  public?: true;
  signIn?: true;
  readers?: "anonymous" | "site-token";
  fixedByRevision?: string;
  bodyCap?: number;
}

const DECLARED = Symbol("route facts");

/** A middleware carrying a declaration. */
type Declaring = MiddlewareHandler<AppEnv> & { [DECLARED]?: Declared };

/** `handler` (by default one that only passes on) carrying `declared`. */
export function declaring(
  declared: Declared,
  handler: MiddlewareHandler<AppEnv> = (_c, next) => next(),
): MiddlewareHandler<AppEnv> {
  return Object.assign(handler, { [DECLARED]: declared });
}

/** Open to everyone: no token asked for, an `Authorization` header ignored (signed URLs, SSO). */
export const publicRoute = () => declaring({ public: true });

/**
 * A way in (`POST /v1/sessions/…`): public like `publicRoute()`, and it spends the per-address
 * rate-limit budget whatever credential the request carries (a stale session cookie included),
 * so guessing links, codes or passwords from one address is throttled.
 */
export const signInRoute = () => declaring({ public: true, signIn: true });

/**
 * A published operation with a body that readers without a Quire token call (docs/compatibility.md,
 * "Reading published content"): `anonymous` without any token or with a site token,
 * `site-token` with a site token only. Every other operation refuses a site token before its
 * body is read, as if it did not exist.
 */
export const readerOperation = (readers: "anonymous" | "site-token") => declaring({ readers });

/**
 * A site token's read whose answer is a function of the revision, the URL, the grant and the
 * organization's API specs alone (docs/compatibility.md, "Reader caching"), the space named by
 * the path parameter `spaceParam`: its answers are kept and its ETag derived.
 */
export const fixedByRevision = (spaceParam = "spaceId") =>
  declaring({ fixedByRevision: spaceParam });

/** The order `Allow` lists methods in. */
const METHOD_ORDER = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

/** The `Allow` of a path its routes serve with `methods` (`ALL`: every one): HEAD with GET. */
function allowOf(methods: ReadonlySet<string>): string {
  if (methods.has("ALL")) return METHOD_ORDER.join(", ");
  const served = new Set(methods);
  if (served.has("GET")) served.add("HEAD");
  served.add("OPTIONS");
  return METHOD_ORDER.filter((m) => served.has(m)).join(", ");
}

/** One route as Hono keeps it (the objects `matchedRoutes` gives back). */
interface RouterRoute {
  method: string;
  path: string;
  handler: unknown;
}

/** What the table knows of a path: its methods, and whether one of its routes needs no token. */
interface PathEntry {
  methods: Set<string>;
  open: boolean;
  allow?: string;
}

/** The facts of a request no route serves, before the path's methods are looked up. */
const UNMATCHED = {
  matched: false,
  public: false,
  signIn: false,
  readers: null,
  fixedSpaceSegment: null,
};

/**
 * Every route's facts, built once from the app's routes after they are mounted (`build`), and
 * the path router that answers which methods a path allows (for 405, OPTIONS and CORS
 * preflights): a lookup per request, never a scan of patterns.
 */
export class RouteTable {
  private readonly facts = new Map<RouterRoute, RouteFacts>();
  private readonly paths = new SmartRouter<PathEntry>({
    routers: [new RegExpRouter(), new TrieRouter()],
  });

  /** Reads the declarations of `routes` (the app's, but its app-wide middleware). */
  build(routes: readonly RouterRoute[]): void {
    const byRoute = new Map<string, RouterRoute[]>();
    const byPath = new Map<string, PathEntry>();
    for (const route of routes) {
      const key = `${route.method} ${route.path}`;
      byRoute.set(key, [...(byRoute.get(key) ?? []), route]);
    }
    for (const entries of byRoute.values()) {
      const { method, path } = entries[0]!;
      const declared: Declared = Object.assign(
        {},
        ...entries.map((r) => (r.handler as Declaring)[DECLARED] ?? {}),
      );
      const facts: RouteFacts = {
        matched: true,
        public: declared.public === true,
        signIn: declared.signIn === true,
        readers: declared.readers ?? null,
        fixedSpaceSegment: declared.fixedByRevision
          ? segmentOf(path, declared.fixedByRevision)
          : null,
        bodyCap: declared.bodyCap ?? null,
        allow: null,
        openPath: false,
      };
      for (const route of entries) this.facts.set(route, facts);
      let entry = byPath.get(path);
      if (!entry) byPath.set(path, (entry = { methods: new Set(), open: false }));
      entry.methods.add(method);
      entry.open ||= facts.public || facts.readers === "anonymous";
    }
    for (const [path, entry] of byPath) this.paths.add("ALL", path, entry);
    for (const [route, facts] of this.facts) facts.openPath = byPath.get(route.path)!.open;
  }

  /**
   * The facts of the request's route (Hono has matched it before the first middleware runs);
   * for a method no route serves here, and for OPTIONS, with the path's `Allow`.
   */
  factsOf(c: Context<AppEnv>): RouteFacts {
    let found: RouteFacts | undefined;
    for (const route of matchedRoutes(c)) {
      found = this.facts.get(route);
      if (found) break;
    }
    if (found && c.req.method !== "OPTIONS") return found;
    const path = this.pathOf(c.req.path);
    return {
      ...(found ?? UNMATCHED),
      bodyCap: found?.bodyCap ?? null,
      allow: path ? allowOf(path.methods) : null,
      openPath: path?.open ?? false,
    };
  }

  /** What the routes of every pattern matching `path` serve together, or null for none. */
  private pathOf(path: string): { methods: Set<string>; open: boolean } | null {
    const [matches] = this.paths.match("ALL", path);
    if (matches.length === 0) return null;
    const methods = new Set<string>();
    let open = false;
    for (const [entry] of matches) {
      for (const method of entry.methods) methods.add(method);
      open ||= entry.open;
    }
    return { methods, open };
  }
}

/** The position of `:param` among the segments of a route's path (`/v1/spaces/:spaceId/…`). */
function segmentOf(path: string, param: string): number {
  const at = path.split("/").indexOf(`:${param}`);
  if (at < 0) throw new Error(`Route ${path} declares fixedByRevision("${param}") without it`);
  return at;
}
