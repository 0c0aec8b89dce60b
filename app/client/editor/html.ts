import type { TagParseRule } from "@tiptap/pm/model";
import { safeHref } from "../../../core/links/safe-href";

/**
 * How editor nodes and marks are written as HTML (the clipboard's form) and read back. Every
 * node is written with `data-type="<name>"` and read back by it first, so copy and paste inside
 * the editor give the same nodes; a few also read the plain tags other editors write (`<p>`,
 * `<h2>`, `<ul>`, `<strong>`, ...). Names not listed here are `<div>`s (blocks) or `<span>`s.
 */

const NODE_TAGS: Readonly<Record<string, string>> = {
  paragraph: "p",
  bulletList: "ul",
  orderedList: "ol",
  taskList: "ul",
  listItem: "li",
  blockquote: "blockquote",
  codeBlock: "pre",
  divider: "hr",
  hardBreak: "br",
};

const MARK_TAGS: Readonly<Record<string, string>> = {
  bold: "strong",
  italic: "em",
  strikethrough: "s",
  code: "code",
  keyboard: "kbd",
  superscript: "sup",
  subscript: "sub",
  link: "a",
};

/** Plain tags read as a node or mark (pasted from elsewhere), besides the tag it is written as. */
const ALSO_READ: Readonly<Record<string, readonly string[]>> = {
  bold: ["b"],
  italic: ["i"],
  strikethrough: ["del", "strike"],
};

/** Nodes whose plain tag is read only with their data-type (a `<ul>` is a bullet list). */
const TYPED_ONLY: ReadonlySet<string> = new Set(["taskList"]);

/** The tag a node of this name is written as (headings: by level). */
export function nodeTag(name: string, inline: boolean, level?: unknown): string {
  if (name === "heading") return `h${typeof level === "number" ? level : 1}`;
  return NODE_TAGS[name] ?? (inline ? "span" : "div");
}

/** The parse rules of a node: its typed form first, then its plain tag. */
export function nodeParseRules(name: string, inline: boolean): TagParseRule[] {
  if (name === "heading") {
    return [1, 2, 3].map((level) => ({ tag: `h${level}`, attrs: { level } }));
  }
  const tag = nodeTag(name, inline);
  const rules: TagParseRule[] = [{ tag: `${tag}[data-type="${name}"]`, priority: 60 }];
  if (NODE_TAGS[name] && !TYPED_ONLY.has(name)) rules.push({ tag });
  return rules;
}

/** The tag a mark is written as. */
export const markTag = (name: string): string => MARK_TAGS[name] ?? "span";

/**
 * The parse rules of a mark: its typed form, its plain tags; a link pasted from elsewhere keeps
 * its href when the one allowlist (core/links/safe-href.ts) allows it, else only its text.
 */
export function markParseRules(name: string): TagParseRule[] {
  const tag = markTag(name);
  const rules: TagParseRule[] = [{ tag: `${tag}[data-type="${name}"]`, priority: 60 }];
  if (name === "link") {
    rules.push({
      tag: "a[href]",
      getAttrs: (element) => {
        const href = safeHref(element.getAttribute("href") ?? "", "link");
        return href ? { ref: { kind: "url", url: href } } : false;
      },
    });
  } else if (MARK_TAGS[name]) {
    for (const plain of [tag, ...(ALSO_READ[name] ?? [])]) rules.push({ tag: plain });
  }
  return rules;
}

/** The href a link mark is written with: its URL when the allowlist allows it, else none. */
export function linkHref(ref: unknown): string | null {
  if (typeof ref !== "object" || ref === null) return null;
  const url = (ref as Record<string, unknown>).url;
  return typeof url === "string" ? safeHref(url, "link") : null;
}
