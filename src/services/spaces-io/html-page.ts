import type { Element, Nodes as HastNodes, Root as HastRoot } from "hast";
import { fromHtml } from "hast-util-from-html";
import { defaultHandlers, toMdast, type Handle } from "hast-util-to-mdast";
import type { Heading, Root as MdastRoot } from "mdast";
import { gfmToMarkdown } from "mdast-util-gfm";
import { toMarkdown } from "mdast-util-to-markdown";
import type { Warnings } from "./warnings";

/**
 * An HTML page imported as a page (official import source `file`, an `.html` upload or an
 * `.html` file in a zip): parsed as a browser would (parse5 through `hast-util-from-html`),
 * turned into markdown's tree by the unified project's HTML-to-markdown mapping
 * (`hast-util-to-mdast`: headings, paragraphs, lists and tasks, quotes, code with its language,
 * tables, images, links, emphasis, strike-through, breaks, rules; scripts, styles, forms and
 * comments dropped) and written as markdown, which the import then reads like any other page
 * (links and images resolved, link targets through the one safe-link rule). Links to sibling
 * `.html` pages are written to their `.md` names, so they become page references.
 */

/** The largest markdown page read (a page body's own limit), uploaded, in a zip or converted. */
export const MAX_MARKDOWN_BYTES = 1_000_000;

/** The largest HTML page read (its markdown is then held to a page's own limit). */
export const MAX_HTML_BYTES = 5_000_000;

/** Whether a path names an HTML page. */
export const isHtmlPath = (path: string): boolean => /\.html?$/i.test(path);

/** The markdown path an HTML page is imported under (`a/b.html` → `a/b.md`). */
const markdownPathOf = (path: string): string => path.replace(/\.html?$/i, ".md");

/** A relative link to another HTML page, as a link to its markdown (its `#anchor` kept). */
function relinked(href: string): string {
  if (/^[a-z][a-z0-9+.-]*:|^\/\/|^#/i.test(href)) return href;
  return href.replace(/^([^?#]*?)\.html?(?=$|[?#])/i, "$1.md");
}

/** Rewrites every `<a href>` to a sibling HTML page in the tree (an explicit stack: no recursion). */
function relinkPages(root: HastRoot): void {
  const stack: HastNodes[] = [root];
  while (stack.length) {
    const node = stack.pop()!;
    if (node.type === "element" && node.tagName === "a") {
      const href = node.properties.href;
      if (typeof href === "string") node.properties.href = relinked(href);
    }
    if ("children" in node) stack.push(...node.children);
  }
}

/** An id safe to write into markdown's HTML as a heading's custom anchor. */
const ANCHOR = /^[A-Za-z0-9][A-Za-z0-9_.:-]{0,99}$/;

/**
 * A heading as markdown's, keeping its `id` as GitBook's custom anchor (`## Steps <a href="#steps"
 * id="steps"></a>`, which the markdown parser reads back), so `#anchor` links keep working.
 */
const headingWithAnchor: Handle = (state, node: Element) => {
  const heading = defaultHandlers.h1!(state, node) as Heading;
  const id = node.properties.id;
  if (typeof id === "string" && ANCHOR.test(id)) {
    heading.children.push({ type: "html", value: ` <a href="#${id}" id="${id}"></a>` });
  }
  return heading;
};

/** Heading levels' handlers: each keeps its anchor. */
const HEADINGS = Object.fromEntries(
  ["h1", "h2", "h3", "h4", "h5", "h6"].map((tag) => [tag, headingWithAnchor]),
);

/** The first element named `tag`, depth first. */
function firstElement(root: HastRoot, tag: string): Element | null {
  const stack: HastNodes[] = [root];
  while (stack.length) {
    const node = stack.shift()!;
    if (node.type === "element" && node.tagName === tag) return node;
    if ("children" in node) stack.unshift(...node.children);
  }
  return null;
}

/** The text of an element (its title). */
function textOf(node: HastNodes): string {
  if (node.type === "text") return node.value;
  return "children" in node ? node.children.map(textOf).join("") : "";
}

/**
 * The markdown of an HTML page. A page without a level-one heading whose `<title>` says what it
 * is starts with that title as its heading (the import names a page after its first heading).
 */
function htmlToMarkdown(html: string): string {
  const hast = fromHtml(html);
  relinkPages(hast);
  const mdast = toMdast(hast, { handlers: HEADINGS }) as MdastRoot;
  const title = firstElement(hast, "title");
  const first = mdast.children[0];
  // A leading level-one heading is the page's title, which has no anchor of its own.
  if (first?.type === "heading" && first.depth === 1 && first.children.at(-1)?.type === "html") {
    first.children.pop();
  }
  const hasH1 = mdast.children.some((n) => n.type === "heading" && n.depth === 1);
  const titleText = title ? textOf(title).trim() : "";
  if (!hasH1 && titleText) {
    const heading: Heading = {
      type: "heading",
      depth: 1,
      children: [{ type: "text", value: titleText }],
    };
    mdast.children.unshift(heading);
  }
  return toMarkdown(mdast, { extensions: [gfmToMarkdown()], bullet: "-", fences: true });
}

/** An HTML page's markdown under its `.md` path, held to a markdown page's size (else a warning). */
export function addHtmlPage(
  markdown: Map<string, string>,
  path: string,
  html: string,
  warnings: Warnings,
): void {
  let text: string;
  try {
    text = htmlToMarkdown(html);
  } catch (err) {
    // The mapping recurses per level of nesting: thousands of nested elements exhaust the stack.
    if (!(err instanceof RangeError)) throw err;
    warnings.add(`${path}: its elements are nested too deeply to import`);
    return;
  }
  if (new TextEncoder().encode(text).byteLength > MAX_MARKDOWN_BYTES) {
    warnings.add(`${path}: its text is larger than 1 MB; not imported`);
    return;
  }
  const target = markdownPathOf(path);
  if (markdown.has(target)) {
    warnings.add(`${path}: ${target} exists too; the HTML page is not imported`);
    return;
  }
  markdown.set(target, text);
}
