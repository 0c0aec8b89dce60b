import { parse, type Node } from "acorn";

/**
 * Puts a call to `tick` (a global the prelude defines, see prelude.ts) at the start of every
 * function body and every loop body of an integration's script, so that no code of the script
 * can run for long without passing through it. Under workerd (`npm run dev`, self-hosted) every
 * isolate shares one thread and `limits.cpuMs` is not enforced: without these calls a busy loop
 * held every tenant's requests for as long as it ran (issue 34, finding 4). The script's own
 * text is otherwise unchanged (positions of its lines stay put but for the inserted calls).
 * Throws acorn's SyntaxError for a script that is not a valid ES module.
 */
export function guardScript(source: string, tick: string): string {
  if (source.includes(tick)) throw new SyntaxError(`the script uses the reserved name ${tick}`);
  const ast = parse(source, { ecmaVersion: "latest", sourceType: "module" });
  const inserts: Insert[] = [];
  const call = `${tick}();`;
  const stack: Node[] = [ast];
  while (stack.length > 0) {
    const node = stack.pop()!;
    guardNode(node, call, tick, inserts);
    for (const value of Object.values(node)) {
      if (Array.isArray(value)) {
        for (const item of value) if (isNode(item)) stack.push(item);
      } else if (isNode(value)) stack.push(value);
    }
  }
  return splice(source, inserts);
}

/** A text to insert at `at`; `rank` orders inserts at one position (see `splice`). */
interface Insert {
  at: number;
  text: string;
  rank: number;
}

type Body = Node & { body?: unknown; type: string };

const LOOPS: ReadonlySet<string> = new Set([
  "WhileStatement",
  "DoWhileStatement",
  "ForStatement",
  "ForInStatement",
  "ForOfStatement",
]);
const FUNCTIONS: ReadonlySet<string> = new Set([
  "FunctionDeclaration",
  "FunctionExpression",
  "ArrowFunctionExpression",
]);

function guardNode(node: Node, call: string, tick: string, inserts: Insert[]) {
  if (!LOOPS.has(node.type) && !FUNCTIONS.has(node.type)) return;
  const body = (node as { body?: Body }).body;
  if (!body || typeof body !== "object") return;
  if (body.type === "BlockStatement") {
    inserts.push({ at: body.start + 1, text: call, rank: -body.end });
  } else if (node.type === "ArrowFunctionExpression") {
    // An expression body: `(tick(), expression)`, a value the same as the expression's.
    inserts.push({ at: body.start, text: `(${tick}(), `, rank: -body.end });
    inserts.push({ at: body.end, text: ")", rank: body.start });
  } else {
    // A loop whose body is one statement: it becomes a block.
    inserts.push({ at: body.start, text: `{${call}`, rank: -body.end });
    inserts.push({ at: body.end, text: "}", rank: body.start });
  }
}

function isNode(value: unknown): value is Node {
  return typeof value === "object" && value !== null && typeof (value as Node).type === "string";
}

/**
 * The source with the inserts in place. At one position, closings come before openings, the
 * closing of an inner node (which started later) before its outer node's, and the opening of an
 * outer node (which ends later) before its inner node's: `rank` says so for both.
 */
function splice(source: string, inserts: Insert[]): string {
  const closing = (i: Insert) => i.text === ")" || i.text === "}";
  inserts.sort((a, b) => {
    if (a.at !== b.at) return a.at - b.at;
    if (closing(a) !== closing(b)) return closing(a) ? -1 : 1;
    return closing(a) ? b.rank - a.rank : a.rank - b.rank;
  });
  let out = "";
  let from = 0;
  for (const insert of inserts) {
    out += source.slice(from, insert.at) + insert.text;
    from = insert.at;
  }
  return out + source.slice(from);
}
