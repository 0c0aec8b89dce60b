/**
 * GitBook's block tags: the Liquid-like `{% name key="value" %}` / `{% endname %}` lines of its
 * normalized markdown, and the HTML attributes it writes (`<img src="…" data-size="line">`).
 * Pure string work, linear, no backtracking regexes over long runs.
 */

/** One tag line: its name, attributes in order, and whether it closes (`{% endname %}`). */
export interface TagLine {
  name: string;
  attrs: Record<string, string>;
  /** The positional argument of `{% include "path" %}`. */
  arg?: string;
  end: boolean;
}

const TAG = /^\{%\s*([a-z][a-z-]*)((?:\s.*?)?)\s*%\}\s*$/;
const ATTR = /([A-Za-z][\w-]*)=(?:"([^"]*)"|'([^']*)')/g;
const ARG = /^\s*(?:"([^"]*)"|'([^']*)')\s*$/;

/** Reads `key="value"` pairs (double or single quotes) from an attribute text. */
function readAttrs(text: string): Record<string, string> {
  const attrs: Record<string, string> = {};
  for (const match of text.matchAll(ATTR)) {
    const key = match[1] as string;
    if (!Object.hasOwn(attrs, key)) attrs[key] = match[2] ?? match[3] ?? "";
  }
  return attrs;
}

/** The tag on a line (`{% tabs %}`, `{% endtab %}`), or null when the line is not one tag. */
export function tagLine(line: string): TagLine | null {
  if (!line.startsWith("{%") || line.length > 10_000) return null;
  const match = TAG.exec(line);
  if (!match) return null;
  const word = match[1] as string;
  const rest = match[2] ?? "";
  const end = word.startsWith("end") && word.length > 3;
  const name = end ? word.slice(3) : word;
  const arg = ARG.exec(rest);
  const tag: TagLine = { name, attrs: end ? {} : readAttrs(rest), end };
  if (arg) tag.arg = arg[1] ?? arg[2] ?? "";
  return tag;
}

/** A value escaped for a double-quoted tag or HTML attribute. */
function quoteAttr(value: string): string {
  return `"${value.replace(/&/g, "&amp;").replace(/"/g, "&quot;")}"`;
}

/** Decodes the character references an attribute value may hold (`&quot;`, `&amp;`, `&#x20;`). */
export function decodeAttr(value: string): string {
  if (!value.includes("&")) return value;
  return value.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|quot|amp|lt|gt|apos);/gi, (whole, ref) => {
    const name = String(ref).toLowerCase();
    if (name === "quot") return '"';
    if (name === "amp") return "&";
    if (name === "lt") return "<";
    if (name === "gt") return ">";
    if (name === "apos") return "'";
    const point = name.startsWith("#x") ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    return point > 0 && point <= 0x10ffff ? String.fromCodePoint(point) : whole;
  });
}

/** The opening line of a tag with its attributes, in the order given (`undefined` skipped). */
export function openTag(name: string, attrs: Array<[string, string | undefined]> = []): string {
  const parts = attrs.filter(([, value]) => value !== undefined);
  const text = parts.map(([key, value]) => ` ${key}=${quoteAttr(value as string)}`).join("");
  return `{% ${name}${text} %}`;
}

/** The closing line of a tag. */
export function endTag(name: string): string {
  return `{% end${name} %}`;
}

/** An HTML start tag's attributes (`<img src="a" alt="b">`), decoded; null if not that tag. */
export function htmlAttrs(html: string, tag: string): Record<string, string> | null {
  const lower = html.slice(0, tag.length + 2).toLowerCase();
  if (lower !== `<${tag} ` && lower !== `<${tag}>`) return null;
  const close = html.indexOf(">");
  if (close < 0) return null;
  const attrs = readAttrs(html.slice(tag.length + 1, close));
  for (const key of Object.keys(attrs)) attrs[key] = decodeAttr(attrs[key] as string);
  return attrs;
}

/** An HTML start tag with attributes in order, values escaped (`undefined` skipped). */
export function htmlTag(tag: string, attrs: Array<[string, string | undefined]>): string {
  const parts = attrs.filter(([, value]) => value !== undefined);
  return `<${tag}${parts.map(([key, value]) => ` ${key}=${quoteAttr(value as string)}`).join("")}>`;
}

/** Text escaped for HTML content (`<figcaption>`, `<summary>`). */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** A button's label as HTML text that markdown reads back unchanged (markdown marks escaped). */
export function escapeLabel(label: string): string {
  return escapeHtml(label.replace(/\n/g, " ")).replace(/([\\`*_[\]~$])/g, "\\$1");
}
