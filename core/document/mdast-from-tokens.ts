import type { Paragraph, Parent, Root, RootContent } from "mdast";
import { DocumentTooDeepError, MAX_MARKDOWN_NESTING } from "./limits";
import { md } from "./markdown-it";

/** A markdown-it token. */
type Token = ReturnType<typeof md.parse>[number];

/** markdown-it's per-parse environment: link reference and footnote definitions. */
export type ParseEnv = NonNullable<Parameters<typeof md.parse>[1]> & {
  footnotes?: { refs?: Record<string, number> };
};

/**
 * An environment holding a parse's definitions, for parsing a part of the same text (hints): the
 * part sees the whole text's link and footnote definitions, first definition winning.
 */
export function sharedEnv(env: ParseEnv): ParseEnv {
  const out: ParseEnv = { references: { ...env.references } };
  if (env.footnotes?.refs) out.footnotes = { refs: { ...env.footnotes.refs } };
  return out;
}

const TASK = /^\[([ xX])\][ \t]+(?=\S)/;
/** A task marker followed by an inline node (an image, a button, math) rather than text. */
const TASK_BEFORE_INLINE = /^\[([ xX])\][ \t]+$/;
const ALIGN = /text-align:\s*(left|center|right)/;

type Node = RootContent & { children?: RootContent[] };
type Frame = { node: Parent; container: boolean };

/** A builder of one tree: a stack of open nodes, with the block and inline nesting counted. */
class TreeBuilder {
  readonly root: Root = { type: "root", children: [] };
  private readonly stack: Frame[] = [{ node: this.root, container: false }];
  private depth = 0;

  get top(): Parent {
    return (this.stack[this.stack.length - 1] as Frame).node;
  }

  add(node: Node, token?: Token): void {
    if (token?.map && this.stack.length === 1) {
      node.position = {
        start: { line: token.map[0] + 1, column: 1 },
        end: { line: token.map[1], column: 1 },
      };
    }
    (this.top.children as RootContent[]).push(node);
  }

  open(node: Node, container: boolean, token?: Token): void {
    this.add(node, token);
    if (container && ++this.depth > MAX_MARKDOWN_NESTING) {
      throw new DocumentTooDeepError(MAX_MARKDOWN_NESTING);
    }
    this.stack.push({ node: node as Parent, container });
  }

  close(): Parent {
    const frame = this.stack.pop() as Frame;
    if (frame.container) this.depth--;
    return frame.node;
  }

  /** Inline containers count from zero in each paragraph, heading or cell. */
  resetDepth(): number {
    const saved = this.depth;
    this.depth = 0;
    return saved;
  }

  restoreDepth(saved: number): void {
    this.depth = saved;
  }
}

/** The plain text of an image's description (its alt), walked without recursion. */
function altText(tokens: Token[]): string {
  let out = "";
  const stack: Token[] = [...tokens].reverse();
  while (stack.length > 0) {
    const token = stack.pop() as Token;
    if (token.type === "softbreak" || token.type === "hardbreak") out += "\n";
    else if (token.type === "image" && token.children) {
      for (let i = token.children.length - 1; i >= 0; i--) stack.push(token.children[i] as Token);
    } else if (
      token.type === "text" ||
      token.type === "code_inline" ||
      token.type === "text_special"
    )
      out += token.content;
  }
  return out;
}

/** Appends the inline tokens of one paragraph, heading or table cell to the open node. */
function addInlines(b: TreeBuilder, tokens: Token[]): void {
  const saved = b.resetDepth();
  const base = b.top;
  for (const token of tokens) {
    switch (token.type) {
      case "text":
        b.add({ type: "text", value: token.content });
        break;
      case "text_special":
        // An escaped character (`\[`) is text, never a task marker.
        b.add({ type: "text", value: token.content, data: { escaped: true } } as Node);
        break;
      case "softbreak":
        b.add({ type: "text", value: "\n" });
        break;
      case "hardbreak":
        b.add({ type: "break" });
        break;
      case "code_inline":
        b.add({ type: "inlineCode", value: token.content });
        break;
      case "html_inline":
        b.add({ type: "html", value: token.content });
        break;
      case "math_inline":
        // Not an mdast phrasing type of its own (mdast-util-math's): read by parse-inline.
        b.add({ type: "inlineMath", value: token.content } as unknown as Node);
        break;
      case "strong_open":
        b.open({ type: "strong", children: [] }, true);
        break;
      case "em_open":
        b.open({ type: "emphasis", children: [] }, true);
        break;
      case "s_open":
        b.open({ type: "delete", children: [] }, true);
        break;
      case "link_open":
        b.open(
          {
            type: "link",
            url: String(token.attrGet("href") ?? ""),
            title: token.attrGet("title")?.toString() ?? null,
            children: [],
          },
          true,
        );
        break;
      case "strong_close":
      case "em_close":
      case "s_close":
      case "link_close":
        if (b.top !== base) b.close();
        break;
      case "image":
        b.add({
          type: "image",
          url: String(token.attrGet("src") ?? ""),
          alt: altText(token.children ?? []),
          title: token.attrGet("title")?.toString() ?? null,
        });
        break;
      case "footnote_ref": {
        const label = String((token.meta as { label?: string } | null)?.label ?? "");
        b.add({ type: "footnoteReference", label, identifier: label.toLowerCase() });
        break;
      }
      default:
        break;
    }
  }
  while (b.top !== base) b.close();
  b.restoreDepth(saved);
}

/** Marks a GFM task item (`[ ]`/`[x]` then text) and strips the marker from its first text. */
function markTask(item: Parent & { checked?: boolean | null }): void {
  const first = item.children[0];
  if (first?.type !== "paragraph") return;
  const text = first.children[0];
  if (text?.type !== "text" || (text.data as { escaped?: boolean } | undefined)?.escaped) return;
  const match =
    TASK.exec(text.value) ??
    (first.children.length > 1 ? TASK_BEFORE_INLINE.exec(text.value) : null);
  if (!match) return;
  item.checked = match[1] !== " ";
  text.value = text.value.slice(match[0].length);
}

/** The mdast node a block-level opening token starts, and whether it counts as a container. */
function openNode(token: Token): [Node, boolean] | null {
  switch (token.type) {
    case "paragraph_open":
      return [{ type: "paragraph", children: [] }, false];
    case "heading_open":
      return [{ type: "heading", depth: Number(token.tag.slice(1)) as 1, children: [] }, false];
    case "blockquote_open":
      return [{ type: "blockquote", children: [] }, true];
    case "bullet_list_open":
      return [{ type: "list", ordered: false, start: null, children: [] }, true];
    case "ordered_list_open":
      return [
        { type: "list", ordered: true, start: Number(token.attrGet("start") ?? 1), children: [] },
        true,
      ];
    case "list_item_open":
      return [{ type: "listItem", checked: null, children: [] }, true];
    case "footnote_reference_open": {
      const label = String((token.meta as { label?: string } | null)?.label ?? "");
      return [
        { type: "footnoteDefinition", label, identifier: label.toLowerCase(), children: [] },
        true,
      ];
    }
    case "table_open":
      return [{ type: "table", align: [], children: [] }, false];
    case "tr_open":
      return [{ type: "tableRow", children: [] }, false];
    case "th_open":
    case "td_open":
      return [{ type: "tableCell", children: [] }, false];
    default:
      return null;
  }
}

/** The mdast node of a block-level leaf token (code, divider, raw HTML), or null. */
function leafNode(token: Token): Node | null {
  switch (token.type) {
    case "fence": {
      const lang = token.info.trim().split(/\s+/)[0] ?? "";
      return { type: "code", lang: lang || null, value: token.content.replace(/\n$/, "") };
    }
    case "code_block":
      return { type: "code", lang: null, value: token.content.replace(/\n$/, "") };
    case "hr":
      return { type: "thematicBreak" };
    case "html_block":
      return { type: "html", value: token.content.replace(/\n+$/, "") };
    default:
      return null;
  }
}

/**
 * Parses markdown with markdown-it and converts its flat token stream to an mdast tree, without
 * recursion. Top-level nodes carry their line span (`position`, 1-based, end inclusive) for the
 * hint splitter. Throws `DocumentTooDeepError` past `MAX_MARKDOWN_NESTING` block or inline levels.
 */
export function parseToMdast(text: string, env: ParseEnv): Root {
  const tokens = md.parse(text, env);
  const b = new TreeBuilder();
  const aligns: Array<"left" | "center" | "right" | null> = [];
  for (const token of tokens) {
    if (token.level > MAX_MARKDOWN_NESTING + 5)
      throw new DocumentTooDeepError(MAX_MARKDOWN_NESTING);
    if (token.type === "inline") {
      addInlines(b, token.children ?? []);
      continue;
    }
    if (token.nesting === 1) {
      const opened = openNode(token);
      if (!opened) continue; // thead, tbody: no mdast node of their own
      if (token.type === "table_open") aligns.length = 0;
      if (token.type === "th_open")
        aligns.push((ALIGN.exec(String(token.attrGet("style") ?? ""))?.[1] as "left") ?? null);
      b.open(opened[0], opened[1], token);
      continue;
    }
    if (token.nesting === -1) {
      if (token.type === "thead_close" || token.type === "tbody_close") continue;
      const node = b.close();
      if (node.type === "listItem") markTask(node);
      if (node.type === "table") (node as Parent & { align: unknown[] }).align = [...aligns];
      continue;
    }
    const leaf = leafNode(token);
    if (leaf) b.add(leaf, token);
  }
  return b.root;
}

/** An HTML block that is GitBook's inline HTML starting a paragraph (`<mark …>`, `<img …>`). */
const INLINE_HTML_START = /^<\/?(?:mark|img|a)[\s>]/i;

/**
 * The phrasing content of text that markdown-it read as an HTML block but that GitBook writes
 * as a paragraph starting with inline HTML; null for any other HTML block.
 */
export function inlineHtmlParagraph(html: string, env: ParseEnv): Paragraph | null {
  if (!INLINE_HTML_START.test(html)) return null;
  const b = new TreeBuilder();
  const paragraph: Paragraph = { type: "paragraph", children: [] };
  b.open(paragraph as Node, false);
  for (const token of md.parseInline(html, env)) addInlines(b, token.children ?? []);
  return paragraph;
}
