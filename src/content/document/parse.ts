import type { Definition, Root, RootContent } from "mdast";
import { fromMarkdown } from "mdast-util-from-markdown";
import { gfmFromMarkdown } from "mdast-util-gfm";
import { gfm } from "micromark-extension-gfm";
import { splitHints } from "./hints";
import type { ResolveHref } from "./hrefs";
import { assignKeys } from "./keys";
import { installLinearConsume } from "./micromark-perf";
import { ALLOWED, convertFlow, wrapSplitting } from "./parse-blocks";
import type { InlineContext } from "./parse-inline";
import { documentRefs, inlineText } from "./text";
import type { ContentRef, DocumentHint, HintStyle, JsonDocument, TopLevelBlock } from "./types";

/** Options of `parseMarkdown`. */
export interface ParseOptions {
  /** Maps a link or image target to a reference; null (or absent) uses `defaultResolveHref`. */
  resolveHref?: ResolveHref;
  /** Drop the leading `# Title` heading from the document (it is still returned as `title`). */
  stripTitle?: boolean;
}

/** What `parseMarkdown` returns. */
export interface ParseResult {
  document: JsonDocument;
  /** Plain text of the first block when it is a level-1 heading. */
  title?: string;
  /** Every reference in the document, in document order, repeats included (`documentRefs`). */
  refs: ContentRef[];
}

const gfmSyntax = gfm();
const gfmTree = gfmFromMarkdown();

/** Parses one part of the markdown with GitHub-flavoured markdown. */
function parseGfm(text: string): Root {
  return fromMarkdown(text, { extensions: [gfmSyntax], mdastExtensions: [gfmTree] });
}

/** The link definitions of a tree at any depth (first wins) and their source, one per line. */
function definitionsOf(tree: Root, text: string): { map: Map<string, Definition>; source: string } {
  const map = new Map<string, Definition>();
  const sources: string[] = [];
  const stack: Array<Root | RootContent> = [tree];
  while (stack.length > 0) {
    const node = stack.pop() as Root | RootContent;
    if (node.type === "definition" && !map.has(node.identifier)) {
      map.set(node.identifier, node);
      const start = node.position?.start.offset;
      const end = node.position?.end.offset;
      if (start !== undefined && end !== undefined) sources.push(text.slice(start, end).trim());
    }
    // Definitions are flow content: no need to look inside paragraphs, headings or tables.
    if ("children" in node && !/^(paragraph|heading|table)$/.test(node.type)) {
      for (let i = node.children.length - 1; i >= 0; i--)
        stack.push(node.children[i] as RootContent);
    }
  }
  return { map, source: sources.join("\n") };
}

/** Builds the hint blocks (and blocks lifted out of them) for the content of one hint. */
function hintBlocks(style: HintStyle, content: RootContent[], ctx: InlineContext): TopLevelBlock[] {
  const children = convertFlow(content, "hint", ctx, 2);
  return wrapSplitting(children, ALLOWED.hint, (nodes) => {
    const hint: DocumentHint = {
      object: "block",
      type: "hint",
      key: "",
      isVoid: false,
      data: { style },
      nodes: nodes as DocumentHint["nodes"],
    };
    return hint;
  });
}

/**
 * Parses markdown (CommonMark + GFM + GitBook hint containers) into a Document, with the
 * references it holds and its leading `# Title`. Deterministic: the same markdown and resolver
 * give the same Document, keys included (see `assignKeys`).
 */
export function parseMarkdown(markdown: string, options: ParseOptions = {}): ParseResult {
  installLinearConsume();
  const text = markdown.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
  const tree = parseGfm(text);
  const definitions = definitionsOf(tree, text);
  const parts = splitHints(text, tree, parseGfm, definitions.source);
  const inline: InlineContext = {
    resolveHref: options.resolveHref,
    definitions: definitions.map,
  };
  const nodes: TopLevelBlock[] = [];
  for (const part of parts) {
    if (part.hint) nodes.push(...hintBlocks(part.hint, part.nodes, inline));
    else nodes.push(...convertFlow(part.nodes, "top", inline));
  }
  const first = nodes[0];
  const title = first?.type === "heading-1" ? inlineText(first.nodes) : undefined;
  if (title !== undefined && options.stripTitle) nodes.shift();
  const document: JsonDocument = { object: "document", data: {}, nodes };
  assignKeys(document);
  return { document, ...(title !== undefined ? { title } : {}), refs: documentRefs(document) };
}
