import type { Child } from "hono/jsx";
import { blockText } from "../../document/text";
import {
  blockType,
  childNodes,
  dataOf,
  fragmentsOf,
  stringField,
  type LooseNode,
} from "../../document/loose";
import { renderOpenAPIBlock } from "../openapi";
import { raw } from "hono/html";
import type { DocumentBlock } from "@gitbook/api";
import { renderCode } from "./code";
import { deepText } from "./deep-text";
import {
  renderColumns,
  renderExpandable,
  renderHint,
  renderStepper,
  renderTabs,
  renderUpdates,
} from "./containers";
import { renderHeading } from "./headings";
import { renderInlines } from "./inlines";
import { renderList } from "./lists";
import { renderDrawing, renderEmbed, renderFile, renderImages } from "./media";
import { renderContentRef, renderIntegration, renderReusableContent } from "./references";
import { MAX_RENDER_DEPTH, inner, type RenderState, type Scope } from "./state";
import { renderTable } from "./table";

/**
 * The block dispatcher: every block type of GitBook's `DocumentBlock` union to its markup.
 * A type the reader does not know, or a block nested past the depth limit, renders as its
 * plain text (never blank, never an error).
 */

/** The text of a block the reader cannot draw (or nested too deep), kept readable. */
function textFallback(node: LooseNode, deep = false): Child {
  const text = deep ? deepText(node) : blockText(node);
  return text ? <div class="q-fallback">{text}</div> : null;
}

/** Alignment class of a paragraph or heading (`data.align`). */
function alignClass(node: LooseNode): string | undefined {
  const align = stringField(dataOf(node), "align");
  return align === "center" || align === "right" ? `q-align-${align}` : undefined;
}

/** One block of any type. */
function renderBlock(node: LooseNode, state: RenderState, scope: Scope): Child {
  if (scope.depth > MAX_RENDER_DEPTH) return textFallback(node, true);
  const type = blockType(node);
  switch (type) {
    case "paragraph":
      return <p class={alignClass(node)}>{renderInlines(childNodes(node), state, inner(scope))}</p>;
    case "heading-1":
    case "heading-2":
    case "heading-3":
      return renderHeading(node, state, scope);
    case "list-ordered":
    case "list-unordered":
    case "list-tasks":
      return renderList(node, state, scope);
    case "divider":
      return <hr />;
    case "blockquote":
      return <blockquote>{state.blocks(childNodes(node), inner(scope))}</blockquote>;
    case "prompt":
      return (
        <blockquote class="q-prompt">
          {stringField(dataOf(node), "description") ? (
            <p class="q-prompt-title">{stringField(dataOf(node), "description")}</p>
          ) : null}
          {state.blocks(childNodes(node), inner(scope))}
        </blockquote>
      );
    case "hint":
      return renderHint(node, state, scope);
    case "code":
      return renderCode(node);
    case "math":
      return (
        <div class="q-math-block">
          <code class="q-math">{stringField(dataOf(node), "formula") ?? ""}</code>
        </div>
      );
    case "if":
      return state.blocks(childNodes(node), inner(scope, true));
    case "images":
    case "image":
      return renderImages(node, state, scope);
    case "file":
      return renderFile(node, state);
    case "drawing":
      return renderDrawing(node, state);
    case "embed":
      return renderEmbed(node, state);
    case "table":
      return renderTable(node, state, scope);
    case "expandable":
      return renderExpandable(node, state, scope);
    case "tabs":
      return renderTabs(node, state, scope);
    case "stepper":
      return renderStepper(node, state, scope);
    case "columns":
      return renderColumns(node, state, scope);
    case "updates":
      return renderUpdates(node, state, scope);
    case "content-ref":
      return renderContentRef(node, state);
    case "integration":
      return renderIntegration(node);
    case "reusable-content":
      return renderReusableContent(node, state, scope);
    case "openapi-operation":
    case "openapi-schemas":
    case "openapi-webhook":
    case "swagger":
      return raw(renderOpenAPIBlock(node as unknown as DocumentBlock, state.ctx));
    default:
      return renderUnknown(node, state, scope);
  }
}

/**
 * A block of a type the reader does not know: its child blocks (and fragments' blocks) render
 * as blocks, its inline children as a paragraph, and a void one as its plain text.
 */
function renderUnknown(node: LooseNode, state: RenderState, scope: Scope): Child {
  const children = [...fragmentsOf(node).flatMap(childNodes), ...childNodes(node)];
  if (children.length > 0 && children.every((child) => child.object === "block")) {
    return <div class="q-unknown">{state.blocks(children, inner(scope, true))}</div>;
  }
  if (children.length > 0 && children.every((child) => child.object !== "block")) {
    return <p class="q-unknown">{renderInlines(children, state, inner(scope))}</p>;
  }
  return textFallback(node);
}

/** A list of blocks in a scope (the function every container recurses through). */
export function renderBlocks(nodes: LooseNode[], state: RenderState, scope: Scope): Child {
  const out: Child[] = [];
  for (const node of nodes) out.push(renderBlock(node, state, scope));
  return out;
}

/** Markup as an HTML string (the renderer has no async parts; a promise here is a bug). */
export function htmlOf(content: Child): string {
  const html: unknown = (<>{content}</>).toString();
  if (typeof html !== "string") throw new Error("the document renders synchronously");
  return html;
}
