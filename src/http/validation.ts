import type { ZodError } from "zod";
import { InvalidInputError } from "../lib/errors";
import { jsonDepth } from "../lib/json-depth";

const TARGET_NAMES: Record<string, string> = {
  json: "body",
  query: "query",
  param: "path",
  header: "header",
};

/**
 * Renders the first zod issue as "<where>.<field>: <rule>", so a 400 names the offending field
 * and the rule it broke.
 */
export function describeZodError(error: ZodError, target: string): string {
  const issue = error.issues[0];
  if (!issue) return `Invalid ${TARGET_NAMES[target] ?? target}`;
  const where = TARGET_NAMES[target] ?? target;
  const path = issue.path.map((p) => (typeof p === "number" ? `[${p}]` : `.${String(p)}`)).join("");
  const field = `${where}${path}`.replace(/\.\[/g, "[");
  return `${field}: ${issue.message}`;
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
    throw new InvalidInputError(describeZodError(result.error, result.target));
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
