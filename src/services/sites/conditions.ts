/**
 * Evaluation of parsed adaptive-content conditions (src/lib/condition.ts) against a visitor's
 * claims: a walk over the AST with JavaScript-like semantics, reading claims through own
 * properties only. Nothing is compiled or evaluated as code.
 */
import type { SiteRow } from "../../db/schema";
import { parseCondition, type CompareOp, type ConditionNode } from "../../lib/condition";

/** What a condition is evaluated against: the visitor's signed claims (`unsigned` inside). */
interface ConditionContext {
  claims: Record<string, unknown>;
}

type Value = string | number | boolean | null | undefined | object;

/** JavaScript truthiness, for `!`, `&&`, `||` and the final result. */
function truthy(value: Value): boolean {
  return Boolean(value);
}

/** Reads a reference through own properties only (never the prototype chain). */
function lookup(path: string[], context: ConditionContext): Value {
  let current: unknown = { visitor: { claims: context.claims } };
  for (const key of path) {
    if (current === null || typeof current !== "object" || !Object.hasOwn(current, key)) {
      return undefined;
    }
    current = (current as Record<string, unknown>)[key];
  }
  return current as Value;
}

function compare(op: CompareOp, a: Value, b: Value): boolean {
  switch (op) {
    case "===":
      return a === b;
    case "!==":
      return a !== b;
    case "==":
      return (a ?? null) === (b ?? null);
    case "!=":
      return (a ?? null) !== (b ?? null);
    default: {
      const comparable =
        (typeof a === "number" && typeof b === "number") ||
        (typeof a === "string" && typeof b === "string");
      if (!comparable) return false;
      const [x, y] = [a, b] as [number, number];
      if (op === "<") return x < y;
      if (op === "<=") return x <= y;
      if (op === ">") return x > y;
      return x >= y;
    }
  }
}

function evaluate(node: ConditionNode, context: ConditionContext): Value {
  switch (node.kind) {
    case "literal":
      return node.value;
    case "ref":
      return lookup(node.path, context);
    case "not":
      return !truthy(evaluate(node.operand, context));
    case "logical": {
      const left = truthy(evaluate(node.left, context));
      if (node.op === "&&") return left && truthy(evaluate(node.right, context));
      return left || truthy(evaluate(node.right, context));
    }
    case "compare":
      return compare(node.op, evaluate(node.left, context), evaluate(node.right, context));
  }
}

/** Whether a parsed condition holds for a visitor (JavaScript truthiness of its value). */
export function conditionHolds(node: ConditionNode, context: ConditionContext): boolean {
  return truthy(evaluate(node, context));
}

/**
 * The filter of adaptive content for a visitor: with adaptive content on, an item with a
 * condition is shown only when the condition holds for the visitor's claims (none: `{}`;
 * unsigned claims under `unsigned`, as a site token carries them); a stored condition that no
 * longer parses hides the item. Undefined (show everything) when adaptive content is off.
 */
export function conditionFilter(adaptive: boolean, claims: Record<string, unknown> | null) {
  if (!adaptive) return undefined;
  const context: ConditionContext = { claims: { unsigned: {}, ...(claims ?? {}) } };
  return (condition: string | null) => {
    if (condition === null || condition.trim() === "") return true;
    try {
      return conditionHolds(parseCondition(condition), context);
    } catch {
      return false;
    }
  };
}

/** `conditionFilter` for a site's own setting. */
export function visitorShows(site: SiteRow, claims: Record<string, unknown> | null) {
  return conditionFilter(site.adaptiveContent, claims);
}
