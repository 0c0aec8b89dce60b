import type { Database } from "../../db/client";
import { runStatements } from "../../db/plan";
import type { SectionRow, SiteAuthRow, SiteRow, SiteSpaceRow, SpaceRow } from "../../db/schema";
import { verifyVisitorToken } from "../../auth/published";
import { conditionFilter } from "./conditions";
import { siteTreeFrom, type SiteTree } from "./tree";
import { matchStructure } from "./url-match";
import { urlLookupStatements, visitorTreeStatements, type UrlKeys } from "./url-lookup";
import { addressesNest } from "../../lib/site-urls";

/**
 * `POST /v1/urls/published`: which published content a URL shows, and to whom (docs/
 * compatibility.md, "Reading published content"). The URL is matched without its scheme against
 * the sites' addresses (custom host name, proxy origin, app-hosted address; the longest prefix
 * of the outermost address's owner wins), then the site's audience rule (the spec's visibility
 * table), then its structure.
 */

/** The visitor of a resolution (official SiteVisitorPayload). */
export interface VisitorPayload {
  type?: "human" | "agent";
  jwtToken?: string;
  unsignedClaims?: Record<string, unknown>;
}

/** What a URL resolves to: the content with everything a site token is minted from. */
export interface ResolvedContent {
  kind: "content";
  site: SiteRow;
  section: SectionRow | null;
  siteSpace: SiteSpaceRow;
  space: SpaceRow;
  spaces: string[];
  pathname: string;
  siteBasePath: string;
  basePath: string;
  /** The site's base URL as the request named it (scheme and host of the URL). */
  siteUrl: string;
  shareKey?: string;
  claims: Record<string, unknown>;
  visitorType: "human" | "agent";
  /** A member's preview the URL names (the route checks the caller may read the space). */
  preview: Preview | null;
  /** The `exp` (s) of the visitor JWT whose claims the token carries: it lives no longer. */
  notAfter?: number;
}

/** A resolution that sends the visitor elsewhere (a visitor-auth site's login). */
export interface ResolvedRedirect {
  kind: "redirect";
  target: "application";
  redirect: string;
}

/** The parts of a URL the lookup uses. */
interface ParsedUrl {
  origin: string;
  keys: UrlKeys;
  /** The host and path without the scheme, no trailing slash (prefix matching). */
  hostPath: string;
  share: string | null;
  jwt: string | null;
  /** A member's preview: `~/revisions/<id>` or `~/changes/<id>` anywhere in the path. */
  preview: Preview | null;
}

/** What a preview URL names. */
type Preview = { kind: "revision" | "changeRequest"; id: string };

/** Decodes a path segment, keeping it as written when it is not valid percent-encoding. */
function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** A URL as `hostPath` is written: lower-case host name (no port), then its path segments. */
function hostPathOf(url: URL): string {
  const segments = url.pathname.split("/").filter((s) => s !== "");
  return [url.hostname.toLowerCase(), ...segments].join("/");
}

/** Parses the URL to resolve (a missing scheme reads as https); null when it is not a URL. */
function parseUrl(raw: string, sitesUrl: URL): ParsedUrl | null {
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(raw) ? raw : `https://${raw}`);
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  // Host names without a port: GitBook's renderer sends every URL as https on the default port.
  const host = url.hostname.toLowerCase();
  const all = url.pathname
    .split("/")
    .filter((s) => s !== "")
    .map(decode);
  // `~/revisions/<id>` and `~/changes/<id>` name a preview; the rest of the path resolves as usual.
  const tilde = all.findIndex(
    (s, i) => s === "~" && /^(revisions|changes)$/.test(all[i + 1] ?? ""),
  );
  const preview: Preview | null =
    tilde >= 0 && all[tilde + 2]
      ? {
          kind: all[tilde + 1] === "revisions" ? "revision" : "changeRequest",
          id: all[tilde + 2]!,
        }
      : null;
  const segments = preview ? [...all.slice(0, tilde), ...all.slice(tilde + 3)] : all;
  const hostPath = [host, ...segments].join("/");
  const proxies = [host, ...segments.map((_, i) => [host, ...segments.slice(0, i + 1)].join("/"))];
  const appPrefix = hostPathOf(sitesUrl);
  const appSite = hostPath.startsWith(`${appPrefix}/`)
    ? (hostPath.slice(appPrefix.length + 1).split("/")[0] ?? "")
    : "";
  const share = url.searchParams.get("share");
  return {
    origin: url.origin,
    hostPath,
    share,
    jwt: url.searchParams.get("jwt_token"),
    preview,
    keys: {
      host,
      appSite,
      proxies,
      keys: [...(share ? [share] : []), ...segments].slice(0, 32),
    },
  };
}

/** The base (host and path, no scheme) of a site's address, as `hostPath` is written. */
function siteBase(site: SiteRow, sitesUrl: URL): string {
  if (site.hostname) return site.hostname.toLowerCase();
  if (site.proxy) {
    const proxy = site.proxy.replace(/^https?:\/\//, "").replace(/\/+$/, "");
    return proxy.toLowerCase().replace(/^([^/:]+):\d+/, "$1");
  }
  return `${hostPathOf(sitesUrl)}/${site.id}`;
}

/**
 * The published site whose address is the longest prefix of the URL, with its base; but never
 * across owners (issue 34, finding 1): the outermost matching address decides whose the URL is,
 * and only that organization's sites compete. A host name or proxy over the deployment's own
 * addresses (`own`, stored before claims were checked) is no site's address: under them a URL
 * resolves by site id alone.
 */
function pickSite(
  sites: readonly SiteRow[],
  parsed: ParsedUrl,
  sitesUrl: URL,
  own: readonly string[],
) {
  const matches: { site: SiteRow; base: string }[] = [];
  for (const site of sites) {
    const base = siteBase(site, sitesUrl);
    const claimed = site.hostname || site.proxy;
    if (claimed && own.some((address) => addressesNest(address, base))) continue;
    const host = site.hostname ? parsed.keys.host : null;
    const matched = host
      ? host === base
      : parsed.hostPath === base || parsed.hostPath.startsWith(`${base}/`);
    if (matched) matches.push({ site, base });
  }
  const outermost = matches.reduce<(typeof matches)[number] | null>(
    (best, m) => (!best || m.base.length < best.base.length ? m : best),
    null,
  );
  if (!outermost) return null;
  const owner = outermost.site.organizationId;
  return matches
    .filter((m) => m.site.organizationId === owner)
    .reduce((best, m) => (m.base.length > best.base.length ? m : best));
}

/** The claims adaptive conditions see: signed ones, unsigned ones under `unsigned`. */
function claimsOf(signed: Record<string, unknown> | null, visitor: VisitorPayload | undefined) {
  const { exp: _exp, iat: _iat, nbf: _nbf, aud: _aud, iss: _iss, ...own } = signed ?? {};
  return { ...own, unsigned: visitor?.unsignedClaims ?? {} };
}

/** The login redirect of a visitor-auth site, or null when it has no login URL. */
function loginRedirect(auth: SiteAuthRow | undefined, location: string): ResolvedRedirect | null {
  if (!auth?.fallbackUrl) return null;
  const url = new URL(auth.fallbackUrl);
  url.searchParams.set("location", location);
  return { kind: "redirect", target: "application", redirect: url.toString() };
}

/**
 * Resolves a URL of published content; null when nothing published answers it for this visitor
 * (unknown, unpublished, a missing share key, a hidden item: all the same 404).
 */
export async function resolvePublishedUrl(
  db: Database,
  input: { url: string; visitor?: VisitorPayload; redirectOnError?: boolean },
  config: { sitesUrl: string; ownAddresses: readonly string[] },
): Promise<ResolvedContent | ResolvedRedirect | null> {
  const sitesUrl = new URL(config.sitesUrl);
  const parsed = parseUrl(input.url, sitesUrl);
  if (!parsed) return null;
  const lookup = urlLookupStatements(db, parsed.keys);
  // An app-hosted address names its site: its structure comes in the same round trip.
  const named = parsed.keys.appSite
    ? await runStatements(db, { ...lookup, ...visitorTreeStatements(db, parsed.keys.appSite) })
    : null;
  const first = named ?? (await runStatements(db, lookup));
  const picked = pickSite(first.sites, parsed, sitesUrl, config.ownAddresses);
  if (!picked) return null;
  const { site, base } = picked;
  let segments = parsed.hostPath
    .slice(base.length)
    .split("/")
    .filter((s) => s !== "");
  const siteBasePath = `/${base.split("/").slice(1).join("/")}${base.includes("/") ? "/" : ""}`;
  let shareKey: string | undefined;
  if (site.visibility === "share-link") {
    const links = first.links.filter((l) => l.siteId === site.id);
    if (parsed.share && links.some((l) => l.key === parsed.share)) shareKey = parsed.share;
    else if (segments[0] && links.some((l) => l.key === segments[0])) {
      shareKey = segments[0];
      segments = segments.slice(1);
    } else return null;
  }
  const auth = first.auths.find((a) => a.siteId === site.id);
  const jwt = input.visitor?.jwtToken ?? parsed.jwt ?? undefined;
  const signed = jwt && auth ? await verifyVisitorToken(jwt, auth.privateKey, site.id) : null;
  if (site.visibility === "visitor-auth" && !signed) {
    return loginRedirect(auth, `/${segments.join("/")}`);
  }
  const claims = claimsOf(signed, input.visitor);
  const treeResults = named && site.id === parsed.keys.appSite ? named : null;
  const tree: SiteTree = siteTreeFrom(
    site,
    null,
    treeResults ?? (await runStatements(db, visitorTreeStatements(db, site.id))),
  );
  const keyed = shareKey && !parsed.share ? [shareKey] : [];
  const match = matchStructure(tree, segments, conditionFilter(site.adaptiveContent, claims));
  if (!match) return null;
  const basePath = [siteBasePath.replace(/\/$/, ""), ...keyed, ...match.consumed].join("/");
  return {
    kind: "content",
    site,
    section: match.section,
    siteSpace: match.siteSpace,
    space: match.space,
    spaces: match.visibleSpaces,
    pathname: match.pathname,
    siteBasePath: siteBasePath,
    basePath: `${basePath}/`.replace(/^\/?/, "/").replace(/\/+$/, "/"),
    siteUrl: `${parsed.origin}${siteBasePath.replace(/\/$/, "")}`,
    ...(shareKey ? { shareKey } : {}),
    claims,
    visitorType: input.visitor?.type ?? "human",
    preview: parsed.preview,
    ...(typeof signed?.exp === "number" ? { notAfter: signed.exp } : {}),
  };
}
