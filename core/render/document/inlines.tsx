import type { Child } from "hono/jsx";
import { inlineText } from "../../document/text";
import {
  childNodes,
  dataOf,
  emojiText,
  fragmentsOf,
  isRecord,
  stringField,
  type LooseNode,
} from "../../document/loose";
import { deepText } from "./deep-text";
import { imageElement } from "./image-element";
import { isWebHref } from "../../links/safe-href";
import { hrefOf, labelOf, refOf } from "./links";
import { imageSource } from "./media-source";
import { MAX_RENDER_DEPTH, inner, type RenderState, type Scope } from "./state";

/**
 * Inline content of GitBook documents: text leaves with their marks, links, mentions, emoji,
 * inline images, math, annotations (as numbered footnotes) and buttons. An inline the reader
 * does not know renders its text; a link whose target cannot be resolved renders its text alone.
 */

/** The tone a colour mark maps to (the shell's hint colours and accent; no other colours). */
const TONES: Record<string, string> = {
  green: "success",
  $success: "success",
  blue: "info",
  cyan: "info",
  $info: "info",
  $primary: "info",
  purple: "accent",
  violet: "accent",
  red: "danger",
  pink: "danger",
  $danger: "danger",
  orange: "warning",
  yellow: "warning",
  $warning: "warning",
};

/** Classes of a colour mark: text and background tones the stylesheet defines. */
function colorClasses(mark: LooseNode): string {
  const data = dataOf(mark);
  const text = TONES[stringField(data, "text") ?? ""];
  const background = TONES[stringField(data, "background") ?? ""];
  return [text ? `q-c-${text}` : "", background ? `q-bg-${background}` : ""]
    .filter(Boolean)
    .join(" ");
}

/** Wraps content in the element one mark stands for (unknown marks add nothing). */
function withMark(content: Child, mark: LooseNode): Child {
  switch (mark.type) {
    case "bold":
      return <strong>{content}</strong>;
    case "italic":
      return <em>{content}</em>;
    case "strikethrough":
      return <s>{content}</s>;
    case "code":
      return <code>{content}</code>;
    case "keyboard":
      return <kbd>{content}</kbd>;
    case "superscript":
      return <sup>{content}</sup>;
    case "subscript":
      return <sub>{content}</sub>;
    case "color": {
      const classes = colorClasses(mark);
      return classes ? <span class={classes}>{content}</span> : content;
    }
    default:
      return content;
  }
}

/** A text node: each leaf's text inside its marks. */
function renderText(node: LooseNode): Child[] {
  const out: Child[] = [];
  if (!Array.isArray(node.leaves)) return out;
  for (const leaf of node.leaves) {
    if (!isRecord(leaf) || typeof leaf.text !== "string" || leaf.text === "") continue;
    let content: Child = leaf.text;
    const marks = Array.isArray(leaf.marks) ? leaf.marks.filter(isRecord) : [];
    for (const mark of marks) content = withMark(content, mark);
    out.push(content);
  }
  return out;
}

/** A link: an anchor when its reference resolves to somewhere safe, else its content alone. */
function renderLink(node: LooseNode, state: RenderState, scope: Scope): Child {
  const ref = refOf(dataOf(node).ref);
  const content = renderInlines(childNodes(node), state, inner(scope));
  const href = ref ? hrefOf(ref, state.ctx) : undefined;
  if (!href) return content;
  const external = ref?.kind === "url" && isWebHref(href);
  return (
    <a href={href} {...(external ? { rel: "noopener" } : {})}>
      {content}
    </a>
  );
}

/** A mention: the page's (or file's, URL's) title as a link, or its name as text. */
function renderMention(node: LooseNode, state: RenderState): Child {
  const ref = refOf(dataOf(node).ref);
  if (!ref) return null;
  const label = labelOf(ref, state.ctx);
  const href = hrefOf(ref, state.ctx);
  const emoji = ref.kind === "page" ? state.ctx.page(ref.page)?.emoji : undefined;
  const text = emoji ? `${emoji} ${label}` : label;
  return href ? (
    <a class="q-mention" href={href}>
      {text}
    </a>
  ) : (
    <span class="q-mention">{text}</span>
  );
}

/** An inline image, sized to the line when it asks to be. */
function renderInlineImage(node: LooseNode, state: RenderState): Child {
  const data = dataOf(node);
  const alt = stringField(data, "alt") ?? stringField(data, "caption") ?? "";
  const source = imageSource(data.ref, state.ctx);
  if (!source) return alt;
  const line = stringField(data, "size") === "line";
  const dark = data.refDark ? imageSource(data.refDark, state.ctx) : undefined;
  return imageElement(
    source,
    {
      alt,
      class: line ? "q-inline-image q-inline-image-line" : "q-inline-image",
      ...(source.width && source.height ? { width: source.width, height: source.height } : {}),
    },
    dark,
  );
}

/** An annotation: its text, marked, with a numbered footnote holding the body. */
function renderAnnotation(node: LooseNode, state: RenderState, scope: Scope): Child {
  const text = renderInlines(childNodes(node), state, inner(scope));
  const body = fragmentsOf(node).find(
    (fragment) => fragment.type === "annotation-body" || fragment.fragment === "annotation-body",
  );
  const bodyNodes = body ? childNodes(body) : [];
  if (bodyNodes.length === 0) return text;
  const number = state.footnotes.length + 1;
  const id = `q-note-${number}`;
  state.footnotes.push({ id, body: state.blocks(bodyNodes, inner(scope)) });
  return (
    <span class="q-annotation">
      {text}
      <sup>
        <a href={`#${id}`} id={`${id}-ref`} aria-label={`Note ${number}`}>
          {number}
        </a>
      </sup>
    </span>
  );
}

/** A button: a styled link when its reference resolves, else its label. */
function renderButton(node: LooseNode, state: RenderState): Child {
  const data = dataOf(node);
  const label = stringField(data, "label") ?? "";
  const ref = refOf(data.ref);
  const href = ref ? hrefOf(ref, state.ctx) : undefined;
  const kind = stringField(data, "kind") === "secondary" ? "secondary" : "primary";
  return href ? (
    <a class={`q-doc-button q-doc-button-${kind}`} href={href}>
      {label}
    </a>
  ) : (
    <span class="q-doc-button-label">{label}</span>
  );
}

/** One inline node of any type; unknown inlines render their text. */
function renderInline(node: LooseNode, state: RenderState, scope: Scope): Child {
  switch (node.type) {
    case "link":
      return renderLink(node, state, scope);
    case "mention":
      return renderMention(node, state);
    case "emoji":
      return emojiText(node);
    case "inline-image":
      return renderInlineImage(node, state);
    case "inline-math":
      return <code class="q-math">{stringField(dataOf(node), "formula") ?? ""}</code>;
    case "annotation":
      return renderAnnotation(node, state, scope);
    case "button":
      return renderButton(node, state);
    case "icon":
      return null;
    default:
      return inlineText(childNodes(node));
  }
}

/** A list of inline nodes and texts; past the depth limit, their plain text. */
export function renderInlines(nodes: LooseNode[], state: RenderState, scope: Scope): Child {
  if (scope.depth > MAX_RENDER_DEPTH) return nodes.map(deepText).join("");
  const out: Child[] = [];
  for (const node of nodes) {
    if (node.object === "text") out.push(...renderText(node));
    else if (node.object === "inline") out.push(renderInline(node, state, scope));
    else out.push(inlineText([node]));
  }
  return out;
}
