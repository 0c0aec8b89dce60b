import { z } from "zod";
import { MAX_DOCUMENT_DEPTH, tooDeepMessage } from "./limits";
/** Most nodes (blocks, inlines, texts, leaves, fragments) accepted in one document. */
const MAX_DOCUMENT_NODES = 200_000;

type Issue = { path: (string | number)[]; message: string };
type Pending = { value: unknown; path: (string | number)[]; depth: number };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Checks one leaf of a text node; pushes issues, returns nothing. */
function checkLeaf(leaf: unknown, path: (string | number)[], issues: Issue[]): void {
  if (!isRecord(leaf) || leaf.object !== "leaf") {
    issues.push({ path: [...path, "object"], message: 'expected "leaf"' });
    return;
  }
  if (typeof leaf.text !== "string") {
    issues.push({ path: [...path, "text"], message: "expected a string" });
  }
  if (leaf.marks === undefined) return;
  if (!Array.isArray(leaf.marks)) {
    issues.push({ path: [...path, "marks"], message: "expected an array" });
    return;
  }
  leaf.marks.forEach((mark, i) => {
    if (!isRecord(mark) || mark.object !== "mark" || typeof mark.type !== "string") {
      issues.push({ path: [...path, "marks", i], message: 'expected {object: "mark", type}' });
    }
  });
}

/** Queues the members of an optional array field, or records why it is not an array. */
function queueArray(
  node: Record<string, unknown>,
  field: string,
  item: Pending,
  stack: Pending[],
  issues: Issue[],
): number {
  const value = node[field];
  if (value === undefined) return 0;
  if (!Array.isArray(value)) {
    issues.push({ path: [...item.path, field], message: "expected an array" });
    return 0;
  }
  for (let i = value.length - 1; i >= 0; i--) {
    stack.push({ value: value[i], path: [...item.path, field, i], depth: item.depth + 1 });
  }
  return value.length;
}

/**
 * Walks the tree without recursion (a hostile document cannot overflow the stack) and returns
 * the first problems found: node shapes, nesting depth and total size.
 */
function documentTreeIssues(nodes: unknown[]): Issue[] {
  const issues: Issue[] = [];
  const stack: Pending[] = [];
  for (let i = nodes.length - 1; i >= 0; i--) {
    stack.push({ value: nodes[i], path: ["nodes", i], depth: 1 });
  }
  let count = nodes.length;
  while (stack.length > 0 && issues.length < 10) {
    const item = stack.pop() as Pending;
    const node = item.value;
    if (item.depth > MAX_DOCUMENT_DEPTH) {
      // Reported on the document itself: the path to the 51st level would be a long message.
      issues.push({ path: [], message: tooDeepMessage(MAX_DOCUMENT_DEPTH) });
      break;
    }
    if (!isRecord(node)) {
      issues.push({ path: item.path, message: "expected an object" });
      continue;
    }
    if (node.object === "text") {
      if (!Array.isArray(node.leaves)) {
        issues.push({ path: [...item.path, "leaves"], message: "expected an array" });
        continue;
      }
      node.leaves.forEach((leaf, i) => checkLeaf(leaf, [...item.path, "leaves", i], issues));
      count += node.leaves.length;
    } else if (node.object === "fragment") {
      count += queueArray(node, "nodes", item, stack, issues);
    } else if (node.object === "block" || node.object === "inline") {
      if (typeof node.type !== "string" || node.type.length === 0 || node.type.length > 100) {
        issues.push({ path: [...item.path, "type"], message: "expected a node type" });
      }
      if (node.key !== undefined && typeof node.key !== "string") {
        issues.push({ path: [...item.path, "key"], message: "expected a string" });
      }
      if (node.data !== undefined && !isRecord(node.data)) {
        issues.push({ path: [...item.path, "data"], message: "expected an object" });
      }
      count += queueArray(node, "nodes", item, stack, issues);
      count += queueArray(node, "fragments", item, stack, issues);
    } else {
      issues.push({
        path: [...item.path, "object"],
        message: 'expected "block", "inline", "text" or "fragment"',
      });
    }
    if (count > MAX_DOCUMENT_NODES) {
      issues.push({ path: item.path, message: `more than ${MAX_DOCUMENT_NODES} nodes` });
      break;
    }
  }
  return issues;
}

const TopLevelNode = z.looseObject({
  object: z.literal("block"),
  type: z.string().min(1).max(100),
});

/**
 * Validates an incoming JSON Document loosely but safely: the envelope strictly, every node's
 * `object`/`type`/`nodes`/`leaves` shape, at most 50 levels and 200,000 nodes. Unknown block
 * types and data are kept (GitBook has many more block types than markdown can express).
 */
export const DocumentSchema = z
  .looseObject({
    object: z.literal("document"),
    data: z.record(z.string(), z.unknown()),
    nodes: z.array(TopLevelNode),
  })
  .superRefine((doc, ctx) => {
    for (const issue of documentTreeIssues(doc.nodes)) {
      ctx.addIssue({ code: "custom", path: issue.path, message: issue.message });
    }
  });
