import { pushAll } from "./loose";
import type { RootContent } from "mdast";
import { splitHints } from "./hints";
import type { ResolveHref } from "./hrefs";
import { assignKeys } from "./keys";
import { parseToMdast, sharedEnv, type ParseEnv } from "./mdast-from-tokens";
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
 * give the same Document, keys included (see `assignKeys`). Linear in the input (markdown-it);
 * throws `DocumentTooDeepError` past `MAX_MARKDOWN_NESTING` levels.
 */
export function parseMarkdown(markdown: string, options: ParseOptions = {}): ParseResult {
  const text = markdown.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
  const env: ParseEnv = {};
  const tree = parseToMdast(text, env);
  // Parts between hint lines are parsed alone but with the whole text's definitions.
  const parts = splitHints(text, tree, (piece) => parseToMdast(piece, sharedEnv(env)));
  const inline: InlineContext = { resolveHref: options.resolveHref };
  const nodes: TopLevelBlock[] = [];
  for (const part of parts) {
    if (part.hint) pushAll(nodes, hintBlocks(part.hint, part.nodes, inline));
    else pushAll(nodes, convertFlow(part.nodes, "top", inline));
  }
  const first = nodes[0];
  const title = first?.type === "heading-1" ? inlineText(first.nodes) : undefined;
  if (title !== undefined && options.stripTitle) nodes.shift();
  const document: JsonDocument = { object: "document", data: {}, nodes };
  assignKeys(document);
  return { document, ...(title !== undefined ? { title } : {}), refs: documentRefs(document) };
}
