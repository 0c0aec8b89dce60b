/**
 * What an embed reads from a page's HTML and from an oEmbed answer: the title (OpenGraph, then
 * Twitter, then `<title>`), the site's name, its icon, the oEmbed discovery link, and the one
 * iframe of a provider's `rich` HTML. Parsed with the Workers HTMLRewriter (streaming, no DOM).
 */

/** What a page's head says about it. */
export interface PageMeta {
  title?: string;
  siteName?: string;
  /** Absolute http(s) URL of the page's icon. */
  icon?: string;
  /** Absolute URL of the page's JSON oEmbed discovery link. */
  oembed?: string;
}

/** The characters an HTML attribute or text may spell as references, decoded. */
const NAMED: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
};

/** Decodes the character references HTMLRewriter leaves in attribute values and text. */
function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, ref: string) => {
    if (ref[0] === "#") {
      const code =
        ref[1] === "x" || ref[1] === "X" ? parseInt(ref.slice(2), 16) : Number(ref.slice(1));
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED[ref.toLowerCase()] ?? whole;
  });
}

/** Escapes a value for an HTML attribute in double quotes. */
function escapeAttribute(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/"/g, "&quot;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;");
}

/** A clean single-line text of at most 300 characters, or undefined when empty. */
function clean(text: string | null | undefined): string | undefined {
  if (!text) return undefined;
  const out = decodeEntities(text).replace(/\s+/g, " ").trim().slice(0, 300);
  return out || undefined;
}

/** `href` resolved against `base`, when it is an http(s) URL. */
function absolute(href: string | null, base: string): string | undefined {
  if (!href) return undefined;
  try {
    const url = new URL(decodeEntities(href.trim()), base);
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** Reads a page's head: its title, site name, icon and oEmbed link (`base`: the page's URL). */
export async function readPageMeta(html: string, base: string): Promise<PageMeta> {
  const meta: Record<string, string> = {};
  let title = "";
  let inTitle = false;
  let titleDone = false;
  let icon: string | undefined;
  let oembed: string | undefined;
  const rewriter = new HTMLRewriter()
    .on("meta", {
      element(el) {
        const key = (el.getAttribute("property") ?? el.getAttribute("name") ?? "").toLowerCase();
        const content = el.getAttribute("content");
        if (key && content !== null && !(key in meta)) meta[key] = content;
      },
    })
    .on("title", {
      element(el) {
        inTitle = !titleDone;
        el.onEndTag(() => {
          inTitle = false;
          titleDone = true;
        });
      },
      text(chunk) {
        if (inTitle) title += chunk.text;
      },
    })
    .on("link", {
      element(el) {
        const rel = (el.getAttribute("rel") ?? "").toLowerCase().split(/\s+/);
        const type = (el.getAttribute("type") ?? "").toLowerCase();
        const href = el.getAttribute("href");
        if (!icon && rel.includes("icon")) icon = absolute(href, base);
        if (!oembed && rel.includes("alternate") && type === "application/json+oembed") {
          oembed = absolute(href, base);
        }
      },
    });
  await rewriter.transform(new Response(html, { headers: { "content-type": "text/html" } })).text();
  return {
    title: clean(meta["og:title"]) ?? clean(meta["twitter:title"]) ?? clean(title),
    siteName: clean(meta["og:site_name"]) ?? clean(meta["application-name"]),
    icon,
    oembed,
  };
}

/** The one iframe of a provider's oEmbed HTML: its `src` and size. */
export interface Frame {
  src: URL;
  width?: number;
  height?: number;
}

/** The first iframe of `html` (an oEmbed answer's markup), or undefined. */
export async function firstIframe(html: string): Promise<Frame | undefined> {
  let frame: Frame | undefined;
  const rewriter = new HTMLRewriter().on("iframe", {
    element(el) {
      if (frame) return;
      const src = absolute(el.getAttribute("src"), "https://invalid.invalid/");
      if (!src || !src.startsWith("https:")) return;
      const size = (name: string) => {
        const n = Number(el.getAttribute(name));
        return Number.isInteger(n) && n > 0 && n <= 4000 ? n : undefined;
      };
      frame = { src: new URL(src), width: size("width"), height: size("height") };
    },
  });
  await rewriter.transform(new Response(html, { headers: { "content-type": "text/html" } })).text();
  return frame;
}

/** A provider's player rebuilt as Quire's own iframe markup (nothing of the original passes). */
export function iframeHtml(frame: Frame, title: string): string {
  const size = [
    frame.width ? ` width="${frame.width}"` : "",
    frame.height ? ` height="${frame.height}"` : "",
  ].join("");
  return (
    `<iframe src="${escapeAttribute(frame.src.href)}"${size} title="${escapeAttribute(title)}"` +
    ` frameborder="0" allow="autoplay; clipboard-write; encrypted-media; fullscreen; picture-in-picture"` +
    ` allowfullscreen loading="lazy"></iframe>`
  );
}
