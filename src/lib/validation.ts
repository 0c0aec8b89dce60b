import type { ZodError } from "zod";
import { badRequest } from "./errors";

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
export function validationHook(result: { success: boolean; error?: ZodError; target: string }) {
  if (!result.success && result.error) {
    throw badRequest(describeZodError(result.error, result.target));
  }
}
