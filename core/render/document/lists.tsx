import type { Child } from "hono/jsx";
import { blockType, childNodes, dataOf, type LooseNode } from "../../document/loose";
import { inner, type RenderState, type Scope } from "./state";

/**
 * Lists: ordered (with their start), unordered, and task lists whose items show their state
 * as disabled checkboxes with a name (read, not edited).
 */

/** The items of a list, each rendering its blocks; a non-item child renders as a block. */
function items(node: LooseNode, state: RenderState, scope: Scope, tasks: boolean): Child[] {
  return childNodes(node).map((item) => {
    if (blockType(item) !== "list-item") return <li>{state.blocks([item], inner(scope))}</li>;
    const body = state.blocks(childNodes(item), inner(scope));
    if (!tasks) return <li>{body}</li>;
    const checked = dataOf(item).checked === true;
    return (
      <li class="q-task">
        <input
          type="checkbox"
          disabled
          checked={checked}
          aria-label={checked ? "Done" : "Not done"}
        />
        <div class="q-task-body">{body}</div>
      </li>
    );
  });
}

/** An ordered, unordered or task list. */
export function renderList(node: LooseNode, state: RenderState, scope: Scope): Child {
  if (node.type === "list-ordered") {
    const start = dataOf(node).start;
    const from =
      typeof start === "number" && Number.isInteger(start) && start !== 1 ? start : undefined;
    return (
      <ol {...(from !== undefined ? { start: from } : {})}>{items(node, state, scope, false)}</ol>
    );
  }
  if (node.type === "list-tasks") {
    return <ul class="q-tasks">{items(node, state, scope, true)}</ul>;
  }
  return <ul>{items(node, state, scope, false)}</ul>;
}
