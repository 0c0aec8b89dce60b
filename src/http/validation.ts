import type { ZodError } from "zod";
import { InvalidInputError } from "../lib/errors";
import { jsonDepth } from "../lib/json-depth";

const TARGET_NAMES: Record<string, string> = {
  json: "body",
  query: "query",
  param: "path",
  header: "header",
};

/** A zod issue as the validation hook sees it (a union's issue carries each branch's issues). */
type Issue = ZodError["issues"][number];

/** The value at `path` of `data` (undefined when a step is missing). */
function valueAt(data: unknown, path: readonly PropertyKey[]): unknown {
  let value = data;
  for (const key of path) {
    if (value === null || typeof value !== "object") return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/** zod's message of a union no branch accepts, when the schema gives none of its own. */
const DEFAULT_UNION_MESSAGE = "Invalid input";

/** An unknown key: `.strict()`'s issue, or a `never` value (an empty-object union branch). */
function isStrayKey(issue: Issue): boolean {
  return (
    issue.code === "unrecognized_keys" ||
    (issue.code === "invalid_type" && issue.expected === "never")
  );
}

/**
 * Whether an issue says the input is not of this union branch at all (a key of another branch,
 * or a key this branch requires that the input does not have) rather than a bad value.
 */
function isWrongBranch(issue: Issue, data: unknown, base: readonly PropertyKey[]): boolean {
  if (isStrayKey(issue)) return true;
  return issue.code === "invalid_type" && valueAt(data, [...base, ...issue.path]) === undefined;
}

/**
 * The issue to report: a bad value ahead of an unknown key; inside a union, the issue of the
 * branch the input was meant for (the fewest signs of another branch), so a wrong type names its
 * field and the expected type instead of "Invalid input" or another branch's "Unrecognized key".
 * Paths come back absolute.
 */
function pickIssue(issues: readonly Issue[], data: unknown, base: readonly PropertyKey[]): Issue {
  const first = issues.find((i) => !isStrayKey(i)) ?? issues[0]!;
  const at = { ...first, path: [...base, ...first.path] } as Issue;
  // A union with its own message (the schema says what it expects) keeps it.
  if (first.code !== "invalid_union" || first.message !== DEFAULT_UNION_MESSAGE) return at;
  if (first.errors.length === 0) return at;
  const branches = first.errors.filter((b) => b.length > 0);
  if (branches.length === 0) return at;
  const wrong = (b: readonly Issue[]) => b.filter((i) => isWrongBranch(i, data, at.path)).length;
  const best = branches.reduce((a, b) => (wrong(b) < wrong(a) ? b : a));
  const tied = branches.filter((b) => wrong(b) === wrong(best));
  const expected = tied.length > 1 ? expectations(tied) : null;
  if (expected) return { ...at, message: `Invalid input: expected ${expected}` } as Issue;
  return pickIssue(best, data, at.path);
}

/**
 * What a union of plain values expects, when every branch refused the value itself (not a key
 * inside it): `"read" | "edit" | null | "inherit"`. Null when a branch refused something deeper.
 */
function expectations(branches: readonly (readonly Issue[])[]): string | null {
  const parts: string[] = [];
  for (const [issue] of branches) {
    if (!issue || issue.path.length > 0) return null;
    if (issue.code === "invalid_value")
      parts.push(
        ...issue.values.map((v) => (typeof v === "string" ? JSON.stringify(v) : String(v))),
      );
    else if (issue.code === "invalid_type") parts.push(issue.expected);
    else return null;
  }
  return parts.join(" | ");
}

/**
 * Renders the issue to report as "<where>.<field>: <rule>", so a 400 names the offending field
 * and the rule it broke (`data`, the input, tells a union's branches apart).
 */
export function describeZodError(error: ZodError, target: string, data?: unknown): string {
  const where = TARGET_NAMES[target] ?? target;
  if (error.issues.length === 0) return `Invalid ${where}`;
  const issue = pickIssue(error.issues, data, []);
  // A `never` value is an unknown key of an empty-object branch: said as `.strict()` says it.
  const stray = issue.code === "invalid_type" && issue.expected === "never";
  const path = stray ? issue.path.slice(0, -1) : issue.path;
  const message = stray ? `Unrecognized key: "${String(issue.path.at(-1))}"` : issue.message;
  const steps = path.map((p) => (typeof p === "number" ? `[${p}]` : `.${String(p)}`)).join("");
  return `${`${where}${steps}`.replace(/\.\[/g, "[")}: ${message}`;
}

/**
 * The one validation hook shared by every route (passed as OpenAPIHono's defaultHook): a failed
 * validation becomes a 400 through the single error handler.
 */
export function validationHook(result: {
  success: boolean;
  error?: ZodError;
  target: string;
  data?: unknown;
}) {
  if (!result.success && result.error) {
    throw new InvalidInputError(describeZodError(result.error, result.target, result.data));
  }
  if (
    result.success &&
    result.target === "json" &&
    jsonDepth(result.data, MAX_JSON_DEPTH) > MAX_JSON_DEPTH
  ) {
    throw new InvalidInputError(`body: nested deeper than ${MAX_JSON_DEPTH} levels`);
  }
}

/**
 * Deepest JSON nesting a request body may have once its schema accepted it. Free-form fields
 * (`z.unknown()`, records) keep whatever they are sent; serializing a value nested thousands of
 * levels deep overflows the stack (a 500 on write, and on every later read of the stored value).
 */
const MAX_JSON_DEPTH = 256;
