import type { Embed } from "../../api/renderer-reads";
import type { Outbound } from "../../outbound";
import { firstIframe, iframeHtml, readPageMeta } from "./html-meta";
import { providerOfEndpoint, providerOfPage, type EmbedProvider } from "./providers";

/**
 * An embed for a URL (official Embed; docs/compatibility.md, "Embeds"): a provider's player
 * (`rich`) from an allow-listed oEmbed provider, else a `link` card from the page's OpenGraph
 * tags, `<title>` and icon. Everything goes through the outbound fetcher, bounded: each request
 * 4 s, 512 KiB, 3 redirects, at most two requests per URL. A URL that cannot be read answers a
 * `link` with the URL as its title. Answers are cached in the Workers cache by URL: a day, and a
 * failure 5 minutes.
 */

const LIMITS = { timeoutMs: 4_000, maxBytes: 512 * 1024, maxRedirects: 3 };
const HEADERS = { "user-agent": "QuireEmbeds/1.0 (+oEmbed)", accept: "text/html,application/json" };
const DAY = 86_400;
const FAILURE = 300;

/** An embed and whether it came from the page (kept a day) or is the fallback (kept briefly). */
interface Resolved {
  embed: Embed;
  complete: boolean;
}

/** The fallback: a link titled with the URL itself. */
function fallback(url: URL): Resolved {
  return { embed: { type: "link", title: url.href, site: url.hostname }, complete: false };
}

/** A provider's oEmbed answer for `page`, rebuilt as a `rich` embed; undefined when unusable. */
async function richFrom(
  outbound: Outbound,
  provider: EmbedProvider,
  endpoint: URL,
  page: URL,
): Promise<Resolved | undefined> {
  const res = await outbound.request(endpoint.href, { headers: HEADERS }, LIMITS);
  if (res.status !== 200) return undefined;
  const data = res.json() as Record<string, unknown>;
  if (typeof data.html !== "string") return undefined;
  const frame = await firstIframe(data.html);
  if (!frame || !provider.frameHosts.includes(frame.src.hostname)) return undefined;
  const title = typeof data.title === "string" && data.title.trim() ? data.title.trim() : page.href;
  const width = typeof data.width === "number" ? Math.round(data.width) : undefined;
  const height = typeof data.height === "number" ? Math.round(data.height) : undefined;
  const html = iframeHtml(
    { src: frame.src, width: frame.width ?? width, height: frame.height ?? height },
    title,
  );
  return { embed: { type: "rich", title, site: provider.name, html }, complete: true };
}

/** The oEmbed endpoint of an allowed provider for a page of its own. */
function endpointFor(provider: EmbedProvider, page: URL): URL {
  const endpoint = new URL(provider.endpoint);
  endpoint.searchParams.set("url", page.href);
  endpoint.searchParams.set("format", "json");
  return endpoint;
}

/** Resolves an embed without the cache (each failure degrades, none throws). */
async function resolveEmbed(outbound: Outbound, url: URL): Promise<Resolved> {
  try {
    const known = providerOfPage(url);
    if (known) {
      const rich = await richFrom(outbound, known, endpointFor(known, url), url).catch(
        () => undefined,
      );
      if (rich) return rich;
    }
    const res = await outbound.request(url.href, { headers: HEADERS }, LIMITS);
    const type = res.headers.get("content-type") ?? "";
    if (res.status !== 200 || !/html/i.test(type)) return fallback(url);
    const final = new URL(res.url);
    const meta = await readPageMeta(res.text(), final.href);
    const discovered = meta.oembed ? new URL(meta.oembed) : undefined;
    const provider = discovered && providerOfEndpoint(discovered);
    if (provider && discovered && provider !== known) {
      const rich = await richFrom(outbound, provider, discovered, url).catch(() => undefined);
      if (rich) return rich;
    }
    const link: Embed = {
      type: "link",
      title: meta.title ?? url.href,
      site: meta.siteName ?? final.hostname,
      ...(meta.icon ? { icon: meta.icon } : {}),
    };
    return { embed: link, complete: true };
  } catch {
    return fallback(url);
  }
}

/** The cache key of a URL's embed (a URL of its own, never fetched). */
function cacheKey(url: URL): Request {
  return new Request(`https://embeds.quire.invalid/v1?url=${encodeURIComponent(url.href)}`);
}

/**
 * The embed of `url`, from the Workers cache when a render asked for it lately; otherwise
 * resolved and cached. `mayFetch`, when given, is asked before a fetch (the budget of a caller
 * whose requests should not make the server fetch without bound): refused, the answer is the
 * fallback link, fetched nothing and kept nowhere.
 */
export async function embedByUrl(
  outbound: Outbound,
  url: URL,
  mayFetch?: () => Promise<boolean>,
): Promise<Embed> {
  // Workers' CacheStorage has `default`; the DOM's type (also in scope) does not say so.
  const cache = (caches as unknown as { default: Cache }).default;
  const key = cacheKey(url);
  const hit = await cache.match(key);
  if (hit) return (await hit.json()) as Embed;
  if (mayFetch && !(await mayFetch())) return fallback(url).embed;
  const resolved = await resolveEmbed(outbound, url);
  const stored = new Response(JSON.stringify(resolved.embed), {
    headers: {
      "content-type": "application/json",
      "cache-control": `max-age=${resolved.complete ? DAY : FAILURE}`,
    },
  });
  await cache.put(key, stored);
  return resolved.embed;
}
