import { inflightLoads, loadOnce, readerMemory } from "./memory";
import { sha256Hex } from "../../../core/digest";

/**
 * Rendered pages, kept per isolate and in the Workers cache: a page of a revision renders once
 * and every later reader gets the kept bytes. The key names everything the HTML depends on (the
 * host and base path its links are written for, the site space, the revision, the page, the
 * visitor's adaptive segment and the reader's build), so it never needs invalidating: a merge
 * makes a new revision and so a new key.
 */

/**
 * A rendered page as kept: its UTF-8 bytes (encoded once: answering a string re-encodes it on
 * every request, which cost a cached view more than half its time) and its ETag.
 */
export interface RenderedPage {
  body: Uint8Array<ArrayBuffer>;
  /** The same bytes gzipped once, for the browsers that accept it (every one does). */
  gzip: Uint8Array<ArrayBuffer>;
  etag: string;
}

/** Gzips bytes with the runtime's CompressionStream. */
async function gzipped(bytes: Uint8Array<ArrayBuffer>): Promise<Uint8Array<ArrayBuffer>> {
  const stream = new Blob([bytes]).stream().pipeThrough(new CompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

const encoder = new TextEncoder();

/** Everything a page's HTML depends on. */
export interface PageKey {
  host: string;
  spacePath: string;
  siteSpace: string;
  revision: string;
  page: string;
  segment: string;
  build: string;
  /** The variant of the answer: "html", "md"… */
  format: string;
}

const memory = readerMemory<RenderedPage>("rendered pages", 4000, 48 * 1024 * 1024);
const inflight = inflightLoads<RenderedPage>("rendered pages");

/** The key as one string, and its digest (the ETag and the Workers-cache URL are made of it). */
async function digestOf(key: PageKey): Promise<{ text: string; hash: string }> {
  const text = [
    key.format,
    key.host,
    key.spacePath,
    key.siteSpace,
    key.revision,
    key.page,
    key.segment,
    key.build,
  ].join("\n");
  return { text, hash: await sha256Hex(text, 16) };
}

/** The ETag a page of `key` has, known before anything renders (so a 304 costs no render). */
export async function etagOf(key: PageKey): Promise<string> {
  return `"${(await digestOf(key)).hash}"`;
}

/** The Workers cache, when this runtime has one. */
function workersCache(): Cache | undefined {
  return typeof caches !== "undefined"
    ? (caches as unknown as { default: Cache }).default
    : undefined;
}

/**
 * The page of `key`: from memory, else from the Workers cache, else rendered by `render` (once
 * per key at a time) and kept in both. `keep` extends the request's life for the cache write.
 */
export async function renderedPage(
  key: PageKey,
  render: () => Promise<string>,
  keep: (work: Promise<unknown>) => void,
): Promise<RenderedPage> {
  const { text, hash } = await digestOf(key);
  const known = memory.get(text);
  if (known) return known;
  return loadOnce(inflight, text, async () => {
    const etag = `"${hash}"`;
    const cache = workersCache();
    const cacheUrl = `https://reader-cache.quire.internal/${hash}`;
    const cached = await cache?.match(cacheUrl).catch(() => undefined);
    if (cached) {
      const body = new Uint8Array(await cached.arrayBuffer());
      const page = { body, gzip: await gzipped(body), etag };
      memory.set(text, page, 86_400_000, body.byteLength + page.gzip.byteLength);
      return page;
    }
    const body = encoder.encode(await render());
    const page = { body, gzip: await gzipped(body), etag };
    memory.set(text, page, 86_400_000, body.byteLength + page.gzip.byteLength);
    if (cache) {
      const stored = new Response(body, {
        headers: {
          "Content-Type": "text/plain; charset=utf-8",
          "Cache-Control": "public, max-age=604800",
        },
      });
      keep(cache.put(cacheUrl, stored).catch(() => undefined));
    }
    return page;
  });
}
