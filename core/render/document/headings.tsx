import type { Child } from "hono/jsx";
import { declaredAnchor, inlineText } from "../../document/text";
import { childNodes, dataOf, stringField, type LooseNode } from "../../document/loose";
import { renderInlines } from "./inlines";
import { inner, slugOf, uniqueId, type RenderState, type Scope } from "./state";

/**
 * Headings: GitBook's heading-1/2/3 under the page title (h2, h3, h4), each with a unique id
 * and a visible anchor link; headings of the page's own flow make its on-page contents.
 */

/** The id a heading asks for: `meta.id`, then `data.id`, then a slug of its text, then its key. */
function baseId(node: LooseNode, text: string): string {
  const declared = declaredAnchor(node);
  if (declared && declared.trim() !== "") return declared;
  if (text.trim() === "" && typeof node.key === "string" && node.key !== "") return node.key;
  return slugOf(text);
}

/** A heading block with its anchor, added to the contents when in the page's flow. */
export function renderHeading(node: LooseNode, state: RenderState, scope: Scope): Child {
  const depth = node.type === "heading-1" ? 1 : node.type === "heading-2" ? 2 : 3;
  const text = inlineText(childNodes(node));
  const id = uniqueId(state, baseId(node, text));
  if (scope.flow) state.toc.push({ id, title: text, depth });
  state.headingLevel = depth + 1;
  const align = stringField(dataOf(node), "align");
  const props = {
    id,
    class: align === "center" || align === "right" ? `q-heading q-align-${align}` : "q-heading",
  };
  const content = (
    <>
      {renderInlines(childNodes(node), state, inner(scope))}
      <a
        class="q-anchor"
        href={`#${encodeURIComponent(id)}`}
        aria-label={`Link to ${text || "this section"}`}
      >
        #
      </a>
    </>
  );
  if (depth === 1) return <h2 {...props}>{content}</h2>;
  if (depth === 2) return <h3 {...props}>{content}</h3>;
  return <h4 {...props}>{content}</h4>;
}
