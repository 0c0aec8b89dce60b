/**
 * The one rule for link targets, shared by every Worker and every renderer that stores, writes or
 * emits a link: an ALLOWLIST, read the way a browser reads an href before choosing what to do.
 *
 * | target                                   | link             | image            | web page       |
 * | ---------------------------------------- | ---------------- | ---------------- | -------------- |
 * | relative path, `#fragment`, `?query`     | as written       | as written       | refused        |
 * | `//host/x` (protocol-relative)           | `https://host/x` | `https://host/x` | `https://host/x` |
 * | `http:`, `https:` with a host            | as written       | as written       | as written     |
 * | `mailto:`, `tel:`                        | as written       | refused          | refused        |
 * | `data:image/{png,gif,jpeg,webp}`         | refused          | as written       | refused        |
 * | any other scheme (`javascript:`, `vbscript:`, `data:`, `file:`, `blob:`, ...), empty | refused | refused | refused |
 *
 * Before deciding, the target is cleaned as browsers clean it: C0 controls and spaces at either
 * end dropped, tabs and newlines dropped anywhere (`java\tscript:` is `javascript:`); schemes are
 * compared without case. A target with any other control character is refused, and so is one
 * whose scheme changes once HTML character references are decoded (`&#x6a;avascript:`,
 * `javascript&colon;`): the rule answers the same whether or not the text went through HTML. An
 * empty target leads nowhere and is refused too.
 * `//host` leads off the site exactly as `https://host` does, so it is answered as that URL (a
 * PDF or a card needs the absolute form); `\\host` and `/\host`, which browsers also read as
 * another host, are refused as the obfuscations they are.
 */

/** What an href is for: a link to follow, an image to load, or a web page (frame, link card). */
export type HrefUse = "link" | "image" | "web";

const SCHEMES: Record<HrefUse, ReadonlySet<string>> = {
  link: new Set(["http", "https", "mailto", "tel"]),
  image: new Set(["http", "https", "data"]),
  web: new Set(["http", "https"]),
};

/** Raster images a `data:` URI may carry (pasted screenshots); nothing that can hold script. */
const SAFE_DATA_IMAGE = /^data:image\/(?:png|gif|jpeg|webp)[;,]/i;
// Browsers drop C0 controls and spaces at both ends, and tabs and newlines anywhere.
// eslint-disable-next-line no-control-regex
const EDGE_CONTROLS = /^[\u0000-\u0020]+|[\u0000-\u0020]+$/g;
const TAB_OR_NEWLINE = /[\t\n\r]/g;
// eslint-disable-next-line no-control-regex
const OTHER_CONTROLS = /[\u0000-\u001f\u007f]/;
/** A scheme as the URL standard reads one: a letter, then letters, digits, `+`, `-`, `.`. */
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;
const PROTOCOL_RELATIVE = /^[\\/]{2}/;

/** The target as a browser reads it before choosing what to do with it. */
function cleaned(raw: string): string {
  return raw.replace(EDGE_CONTROLS, "").replace(TAB_OR_NEWLINE, "");
}

const NAMED_REFERENCES: Record<string, string> = {
  colon: ":",
  tab: "\t",
  newline: "\n",
  sol: "/",
  amp: "&",
  num: "#",
  quest: "?",
  period: ".",
  plus: "+",
  hyphen: "-",
  dash: "-",
  nbsp: " ",
};

/** HTML character references decoded (numeric ones and the named ones a scheme could hide in). */
function decodedReferences(text: string): string {
  return text
    .replace(/&#x([0-9a-f]{1,6});?/gi, (_, hex: string) => codePoint(parseInt(hex, 16)))
    .replace(/&#([0-9]{1,7});?/g, (_, dec: string) => codePoint(parseInt(dec, 10)))
    .replace(/&([a-z]+);/gi, (all, name: string) => NAMED_REFERENCES[name.toLowerCase()] ?? all);
}

function codePoint(value: number): string {
  return value > 0 && value <= 0x10ffff ? String.fromCodePoint(value) : "\ufffd";
}

/** What a cleaned target is: its scheme (lower case), "//" (another host), or "relative". */
function kindOf(form: string): string {
  if (PROTOCOL_RELATIVE.test(form)) return "//";
  return SCHEME.exec(form)?.[1]?.toLowerCase() ?? "relative";
}

/** The answer for a cleaned target, before the character-reference check. */
function answer(form: string, use: HrefUse): string | null {
  if (form === "" || OTHER_CONTROLS.test(form)) return null;
  const kind = kindOf(form);
  if (kind === "relative") return use === "web" ? null : form;
  if (kind === "//") {
    if (form[0] === "\\" || form[1] === "\\") return null;
    return webUrl(`https:${form}`)?.href ?? null;
  }
  if (!SCHEMES[use].has(kind)) return null;
  if (kind === "data") return SAFE_DATA_IMAGE.test(form) ? form : null;
  if (kind === "http" || kind === "https") return webUrl(form) ? form : null;
  return form;
}

/** An http(s) URL with a host, parsed (somewhere a browser can go), else undefined. */
function webUrl(url: string): URL | undefined {
  try {
    const parsed = new URL(url);
    const web = parsed.protocol === "https:" || parsed.protocol === "http:";
    return web && parsed.host !== "" ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The href to emit for `raw` used as `use`, or null when the rule refuses it (the link is then
 * dropped and its text kept, the image or frame left out). The answer is the cleaned target:
 * what was checked is exactly what is emitted.
 */
export function safeHref(raw: string, use: HrefUse = "link"): string | null {
  const form = cleaned(raw);
  const href = answer(form, use);
  if (href === null || !form.includes("&")) return href;
  // Went through HTML, the target would be read decoded: its kind must not change.
  return kindOf(cleaned(decodedReferences(form))) === kindOf(form) ? href : null;
}

/** Whether the rule allows `raw` as `use` (what storage checks before keeping a link). */
export function isSafeHref(raw: string, use: HrefUse = "link"): boolean {
  return safeHref(raw, use) !== null;
}

/** The host an emitted href leads to, or undefined for one that stays on this site (relative). */
export function hrefHost(href: string): string | undefined {
  if (!SCHEME.test(href)) return undefined;
  try {
    return new URL(href).host || undefined;
  } catch {
    return undefined;
  }
}

/** Whether an emitted href leaves the site for the web (an http(s) URL): `rel="noopener"`. */
export function isWebHref(href: string): boolean {
  return /^https?:/i.test(href);
}
