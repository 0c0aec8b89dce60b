import { describe, expect, it } from "vitest";
import { ConditionSyntaxError, parseCondition } from "../../src/lib/condition";
import { conditionHolds } from "../../src/services/sites/conditions";

/** The error a condition raises, or null if it parses. */
function errorOf(text: string): { reason: string; position: number } | null {
  try {
    parseCondition(text);
    return null;
  } catch (err) {
    if (!(err instanceof ConditionSyntaxError)) throw err;
    return { reason: err.reason, position: err.position };
  }
}

const holds = (text: string, claims: Record<string, unknown>) =>
  conditionHolds(parseCondition(text), { claims });

describe("condition grammar: what parses", () => {
  it.each([
    "visitor.claims.beta",
    "visitor.claims.beta === true",
    "visitor.claims.unsigned.plan == 'pro'",
    'visitor.claims["my-claim"] != "x"',
    "!visitor.claims.beta",
    "!!visitor.claims.beta",
    "visitor.claims.a && visitor.claims.b || visitor.claims.c",
    "(visitor.claims.a || visitor.claims.b) && !(visitor.claims.c)",
    "visitor.claims.age >= 18 && visitor.claims.age < 65.5",
    "visitor.claims.n > -1",
    "visitor.claims.x === null",
    "true",
    "  visitor.claims.teams.docs.admin  ",
    'visitor.claims.s === "quote \\" and \\\\ backslash"',
  ])("accepts %s", (text) => {
    expect(errorOf(text)).toBeNull();
  });

  it("builds the AST with JavaScript precedence", () => {
    const ast = parseCondition("!visitor.claims.a === false || visitor.claims.b && true");
    expect(ast).toMatchObject({
      kind: "logical",
      op: "||",
      left: {
        kind: "compare",
        op: "===",
        left: { kind: "not", operand: { kind: "ref", path: ["visitor", "claims", "a"] } },
        right: { kind: "literal", value: false },
      },
      right: { kind: "logical", op: "&&" },
    });
  });
});

describe("condition grammar: what does not parse, and where", () => {
  it.each([
    ["", "empty condition", 0],
    ["visitor.claims.beta &&", "unexpected end of condition", 22],
    ["visitor.claims.beta & true", 'unexpected character "&"', 20],
    ["visitor.claims.beta = 1", 'unexpected character "="', 20],
    ["(visitor.claims.beta", 'expected ")" but found end of condition', 20],
    ["visitor.claims.beta)", 'unexpected ")"', 19],
    ["user.claims.beta", 'unknown name "user" (conditions reference visitor.claims.*)', 0],
    ["visitor.profile.beta", 'unknown name "visitor.profile" (use visitor.claims)', 0],
    ["visitor.claims", "expected a claim: visitor.claims.<name>", 14],
    ["visitor.claims.", 'expected a property name after "."', 15],
    ["visitor.claims[beta]", 'expected a string inside "[...]"', 15],
    ["visitor.claims.a < 1 < 2", "comparisons cannot be chained", 21],
    ["'open", "unterminated string", 0],
    ["visitor.claims.a == 'a\\q'", "invalid escape", 22],
    ["12abc", "invalid number", 0],
    ["visitor.claims.a; eval('x')", 'unexpected character ";"', 16],
    ["visitor.claims.a.constructor('x')", 'unexpected "("', 28],
    ["`x`", 'unexpected character "`"', 0],
  ])("refuses %j: %s at %i", (text, reason, position) => {
    expect(errorOf(text)).toEqual({ reason, position });
  });

  it("refuses nesting deeper than 64 levels", () => {
    const deep = "(".repeat(70) + "true" + ")".repeat(70);
    expect(errorOf(deep)?.reason).toBe("condition too deeply nested");
    expect(errorOf("!".repeat(70) + "true")?.reason).toBe("condition too deeply nested");
  });

  it("reports the position in the message", () => {
    expect(() => parseCondition("visitor.claims.a &&& true")).toThrow(
      'unexpected character "&" at position 19',
    );
  });
});

describe("condition evaluation", () => {
  it("reads signed and unsigned claims, own properties only", () => {
    expect(holds("visitor.claims.beta", { beta: true })).toBe(true);
    expect(holds("visitor.claims.beta", {})).toBe(false);
    expect(holds("visitor.claims.unsigned.plan == 'pro'", { unsigned: { plan: "pro" } })).toBe(
      true,
    );
    expect(holds("visitor.claims.toString", {})).toBe(false);
    expect(holds('visitor.claims["__proto__"] == null', {})).toBe(true);
  });

  it("compares like JavaScript, without coercion across types", () => {
    expect(holds("visitor.claims.n >= 18", { n: 21 })).toBe(true);
    expect(holds("visitor.claims.n >= 18", { n: "21" })).toBe(false);
    expect(holds("visitor.claims.s < 'b'", { s: "a" })).toBe(true);
    expect(holds("visitor.claims.x == null", {})).toBe(true);
    expect(holds("visitor.claims.x === null", {})).toBe(false);
    expect(holds("visitor.claims.x != 1", { x: 2 })).toBe(true);
    expect(holds("visitor.claims.o === visitor.claims.o", { o: { a: 1 } })).toBe(true);
  });

  it("combines with !, && and ||", () => {
    const claims = { a: true, b: false };
    expect(holds("visitor.claims.a && !visitor.claims.b", claims)).toBe(true);
    expect(holds("visitor.claims.b || visitor.claims.missing", claims)).toBe(false);
    expect(holds("!(visitor.claims.a && visitor.claims.b)", claims)).toBe(true);
  });
});
