/**
 * Adaptive-content conditions: a small expression language over visitor claims, parsed by a
 * hand-written tokenizer and recursive-descent parser into an AST (evaluated by walking it, in
 * src/services/sites/conditions.ts). Nothing here or there calls `eval` or `Function`.
 *
 * Grammar (precedence lowest first, as in JavaScript):
 *
 *   condition  := or EOF
 *   or         := and ( "||" and )*
 *   and        := comparison ( "&&" comparison )*
 *   comparison := unary ( ( "===" | "!==" | "==" | "!=" | "<" | "<=" | ">" | ">=" ) unary )?
 *   unary      := "!" unary | operand
 *   operand    := literal | reference | "(" or ")"
 *   reference  := "visitor" "." "claims" ( "." name | "[" string "]" )+
 *   literal    := "true" | "false" | "null" | number | string
 *   number     := "-"? digit+ ( "." digit+ )?
 *   string     := '"' char* '"' | "'" char* "'"      (escapes: \\ \" \' \n \t)
 *   name       := [A-Za-z_$][A-Za-z0-9_$]*
 *
 * Comparisons do not chain (`a < b < c` is an error). References must start with
 * `visitor.claims.` (signed claims) or `visitor.claims.unsigned.` (unsigned claims). Errors carry
 * the 0-based character position where the input stopped making sense.
 */

/** A comparison operator. */
export type CompareOp = "===" | "!==" | "==" | "!=" | "<" | "<=" | ">" | ">=";

/** A parsed condition. `pos` is the 0-based offset of the node's first character. */
export type ConditionNode =
  | { kind: "literal"; value: string | number | boolean | null; pos: number }
  | { kind: "ref"; path: string[]; pos: number }
  | { kind: "not"; operand: ConditionNode; pos: number }
  | { kind: "logical"; op: "&&" | "||"; left: ConditionNode; right: ConditionNode; pos: number }
  | { kind: "compare"; op: CompareOp; left: ConditionNode; right: ConditionNode; pos: number };

/** A condition that does not parse; `position` is the 0-based offset of the problem. */
export class ConditionSyntaxError extends Error {
  constructor(
    readonly reason: string,
    readonly position: number,
  ) {
    super(`${reason} at position ${position}`);
    this.name = "ConditionSyntaxError";
  }
}

type Token =
  | { type: "punct"; value: string; pos: number }
  | { type: "name"; value: string; pos: number }
  | { type: "number"; value: number; pos: number }
  | { type: "string"; value: string; pos: number }
  | { type: "eof"; pos: number };

const PUNCTS = [
  "===",
  "!==",
  "==",
  "!=",
  "<=",
  ">=",
  "&&",
  "||",
  "<",
  ">",
  "!",
  "(",
  ")",
  "[",
  "]",
  ".",
];
const COMPARE_OPS: ReadonlySet<string> = new Set<string>([
  "===",
  "!==",
  "==",
  "!=",
  "<",
  "<=",
  ">",
  ">=",
]);
const NAME_START = /[A-Za-z_$]/;
const NAME_PART = /[A-Za-z0-9_$]/;
const DIGIT = /[0-9]/;
const ESCAPES: Record<string, string> = { "\\": "\\", '"': '"', "'": "'", n: "\n", t: "\t" };
const MAX_DEPTH = 64;

/** Splits a condition into tokens; throws ConditionSyntaxError on a character it cannot use. */
function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;
    if (/\s/.test(ch)) {
      i++;
      continue;
    }
    const start = i;
    if (ch === '"' || ch === "'") {
      let value = "";
      i++;
      for (;;) {
        if (i >= text.length) throw new ConditionSyntaxError("unterminated string", start);
        const c = text[i]!;
        if (c === ch) break;
        if (c === "\\") {
          const escaped = ESCAPES[text[i + 1] ?? ""];
          if (escaped === undefined) throw new ConditionSyntaxError("invalid escape", i);
          value += escaped;
          i += 2;
          continue;
        }
        value += c;
        i++;
      }
      tokens.push({ type: "string", value, pos: start });
      i++;
      continue;
    }
    if (DIGIT.test(ch) || (ch === "-" && DIGIT.test(text[i + 1] ?? ""))) {
      i++;
      while (DIGIT.test(text[i] ?? "")) i++;
      if (text[i] === "." && DIGIT.test(text[i + 1] ?? "")) {
        i++;
        while (DIGIT.test(text[i] ?? "")) i++;
      }
      if (NAME_PART.test(text[i] ?? "")) throw new ConditionSyntaxError("invalid number", start);
      tokens.push({ type: "number", value: Number(text.slice(start, i)), pos: start });
      continue;
    }
    if (NAME_START.test(ch)) {
      while (NAME_PART.test(text[i] ?? "")) i++;
      tokens.push({ type: "name", value: text.slice(start, i), pos: start });
      continue;
    }
    const punct = PUNCTS.find((p) => text.startsWith(p, i));
    if (!punct) throw new ConditionSyntaxError(`unexpected character "${ch}"`, i);
    tokens.push({ type: "punct", value: punct, pos: i });
    i += punct.length;
  }
  tokens.push({ type: "eof", pos: text.length });
  return tokens;
}

/** Describes a token for error messages. */
function describe(token: Token): string {
  if (token.type === "eof") return "end of condition";
  if (token.type === "string") return "a string";
  return `"${String(token.value)}"`;
}

/** The recursive-descent parser over the token list. */
class Parser {
  private index = 0;
  private depth = 0;
  constructor(private readonly tokens: Token[]) {}

  private peek(): Token {
    return this.tokens[this.index]!;
  }

  private next(): Token {
    return this.tokens[this.index++]!;
  }

  private isPunct(value: string): boolean {
    const t = this.peek();
    return t.type === "punct" && t.value === value;
  }

  private expectPunct(value: string): Token {
    const t = this.peek();
    if (t.type !== "punct" || t.value !== value) {
      throw new ConditionSyntaxError(`expected "${value}" but found ${describe(t)}`, t.pos);
    }
    return this.next();
  }

  parseCondition(): ConditionNode {
    const node = this.parseOr();
    const t = this.peek();
    if (t.type !== "eof") throw new ConditionSyntaxError(`unexpected ${describe(t)}`, t.pos);
    return node;
  }

  private parseOr(): ConditionNode {
    let left = this.parseAnd();
    while (this.isPunct("||")) {
      this.next();
      left = { kind: "logical", op: "||", left, right: this.parseAnd(), pos: left.pos };
    }
    return left;
  }

  private parseAnd(): ConditionNode {
    let left = this.parseComparison();
    while (this.isPunct("&&")) {
      this.next();
      left = { kind: "logical", op: "&&", left, right: this.parseComparison(), pos: left.pos };
    }
    return left;
  }

  private parseComparison(): ConditionNode {
    const left = this.parseUnary();
    const t = this.peek();
    if (t.type !== "punct" || !COMPARE_OPS.has(t.value)) return left;
    this.next();
    const right = this.parseUnary();
    const after = this.peek();
    if (after.type === "punct" && COMPARE_OPS.has(after.value)) {
      throw new ConditionSyntaxError("comparisons cannot be chained", after.pos);
    }
    return { kind: "compare", op: t.value as CompareOp, left, right, pos: left.pos };
  }

  private parseUnary(): ConditionNode {
    const t = this.peek();
    if (t.type === "punct" && t.value === "!") {
      this.next();
      return { kind: "not", operand: this.nested(() => this.parseUnary(), t.pos), pos: t.pos };
    }
    return this.parseOperand();
  }

  private nested(parse: () => ConditionNode, pos: number): ConditionNode {
    if (++this.depth > MAX_DEPTH)
      throw new ConditionSyntaxError("condition too deeply nested", pos);
    const node = parse();
    this.depth--;
    return node;
  }

  private parseOperand(): ConditionNode {
    const t = this.next();
    switch (t.type) {
      case "number":
      case "string":
        return { kind: "literal", value: t.value, pos: t.pos };
      case "name":
        if (t.value === "true" || t.value === "false") {
          return { kind: "literal", value: t.value === "true", pos: t.pos };
        }
        if (t.value === "null") return { kind: "literal", value: null, pos: t.pos };
        return this.parseReference(t);
      case "punct":
        if (t.value === "(") {
          const inner = this.nested(() => this.parseOr(), t.pos);
          this.expectPunct(")");
          return inner;
        }
        throw new ConditionSyntaxError(`unexpected ${describe(t)}`, t.pos);
      default:
        throw new ConditionSyntaxError("unexpected end of condition", t.pos);
    }
  }

  private parseReference(root: Token & { type: "name" }): ConditionNode {
    if (root.value !== "visitor") {
      throw new ConditionSyntaxError(
        `unknown name "${root.value}" (conditions reference visitor.claims.*)`,
        root.pos,
      );
    }
    const path = ["visitor"];
    while (this.isPunct(".") || this.isPunct("[")) {
      const open = this.next();
      if (open.type === "punct" && open.value === ".") {
        const name = this.next();
        if (name.type !== "name") {
          throw new ConditionSyntaxError(`expected a property name after "."`, name.pos);
        }
        path.push(name.value);
      } else {
        const key = this.next();
        if (key.type !== "string") {
          throw new ConditionSyntaxError(`expected a string inside "[...]"`, key.pos);
        }
        path.push(key.value);
        this.expectPunct("]");
      }
      if (path.length === 2 && path[1] !== "claims") {
        throw new ConditionSyntaxError(
          `unknown name "visitor.${path[1]}" (use visitor.claims)`,
          root.pos,
        );
      }
    }
    if (path.length < 3) {
      throw new ConditionSyntaxError("expected a claim: visitor.claims.<name>", this.peek().pos);
    }
    return { kind: "ref", path, pos: root.pos };
  }
}

/** Parses a condition into its AST; throws ConditionSyntaxError with the offending position. */
export function parseCondition(text: string): ConditionNode {
  if (text.trim() === "") throw new ConditionSyntaxError("empty condition", 0);
  return new Parser(tokenize(text)).parseCondition();
}

/**
 * A site visitor's adaptive filter: whether an item with this condition shows to them (built by
 * `conditionFilter` in src/services/sites/conditions.ts; undefined where everything shows).
 */
export type Shows = (condition: string | null) => boolean;

/**
 * The one rule of a page's visibility to a site visitor: the page and every ancestor of it show
 * (a page under a hidden ancestor is hidden). Every site-token read of a page applies it.
 */
export function chainShown(
  shows: Shows | undefined,
  page: { row: { condition: string | null }; ancestors: readonly { condition: string | null }[] },
): boolean {
  if (!shows) return true;
  return shows(page.row.condition) && page.ancestors.every((a) => shows(a.condition));
}
