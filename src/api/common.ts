import { z } from "@hono/zod-openapi";
import { MEMBER_ROLES } from "../lib/roles";

/** Official EntityId as most bodies and queries take it: 1 to 64 characters. */
export const entityId = z.string().min(1).max(64);

/** A path parameter of 1 to 64 characters, named in the OpenAPI document. */
export function pathString(name: string) {
  return entityId.openapi({ param: { name, in: "path" } });
}

/** Official EntityId where it is written into paths or markdown: letters, digits, `_` and `-`. */
export function strictId(message = "must be an id") {
  return entityId.regex(/^[a-zA-Z0-9_-]+$/, message);
}

/** Official EntityId in a path of the content reads: letters, digits, `_` and `-`. */
export function pathId(name: string) {
  return strictId().openapi({ param: { name, in: "path" } });
}

/** An optional id filter of a list query, with its description. */
export function optionalId(description: string) {
  return entityId.optional().openapi({ description });
}

/** A repeated query parameter: an array, or a single string that is wrapped before the check. */
export function repeatedQuery<T extends z.ZodType>(items: T) {
  return z.preprocess((v) => (typeof v === "string" ? [v] : v), items);
}

/** The official `order` query parameter of the lists sorted by time (default desc). */
export const DescendingOrder = z.enum(["asc", "desc"]).default("desc");

/** Official documentFormat: a body as a JSON document or as markdown. */
export const DocumentFormat = z.enum(["document", "markdown"]);

/** Official MemberRole. */
export const MemberRole = z.enum(MEMBER_ROLES);

/** Official DefaultLevel: a role, null (no access by default) or "inherit" (spaces too). */
export const DefaultLevel = z.union([MemberRole, z.null(), z.literal("inherit")]);

/** The official `Prefer` header of the writes that may answer 204 (`return=minimal`). */
export const PreferHeader = z.object({
  prefer: z.enum(["return=minimal", "return=representation"]).optional(),
});

/** The official `shareKey` query parameter: the key of an active share link of a site. */
export const shareKey = z.string().min(1).max(128);

/** Query of the reads open to a visitor of a published site: a share key or a visitor JWT. */
export function visitorQuery(descriptions: { shareKey: string; visitorAuthToken: string }) {
  return z.object({
    shareKey: shareKey.optional().openapi({ description: descriptions.shareKey }),
    visitorAuthToken: z
      .string()
      .min(1)
      .max(8192)
      .optional()
      .openapi({ description: descriptions.visitorAuthToken }),
  });
}

/**
 * A position before or after one sibling: exactly one of the two, said by the schema itself (one
 * strict branch per side, so the document's `anyOf` and the validation are the same rule).
 */
export function beforeOrAfter<T extends z.ZodType>(pointer: T) {
  return z.union(
    [
      z.object({ before: pointer, after: ABSENT }).strict(),
      z.object({ after: pointer, before: ABSENT }).strict(),
    ],
    {
      error: (issue) =>
        issue.code === "invalid_union" && isBothOrNeither(issue.input)
          ? "give exactly one of before or after"
          : undefined,
    },
  );
}

/** A key no value may fill (documented as `not: {}`). */
const ABSENT = z
  .unknown()
  .refine((value) => value === undefined)
  .optional()
  .openapi({ not: {} }) as unknown as z.ZodOptional<z.ZodType<undefined>>;

/** Whether a position names both sides or neither (the other refusals name their field). */
function isBothOrNeither(input: unknown): boolean {
  if (input === null || typeof input !== "object") return false;
  return "before" in input === "after" in input;
}

/**
 * A string checked by one regular expression, documented as that same pattern. The OpenAPI
 * generator writes a RegExp with its delimiters and flags (`…$/u`), which no client can match;
 * a JSON Schema pattern is ECMA-262 with unicode semantics and no flags, so only `u` is allowed
 * here (write case-insensitivity into the classes) and the document gets the bare source.
 */
export function wirePattern(schema: z.ZodString, regex: RegExp, message: string) {
  if (regex.flags !== "" && regex.flags !== "u") {
    throw new Error(`wirePattern: /${regex.source}/${regex.flags} has flags a pattern cannot say`);
  }
  return schema.regex(regex, message).openapi({ pattern: regex.source });
}

/**
 * An official request field Quire cannot do (docs/compatibility.md, "Official request fields"):
 * documented as a property no value satisfies (`not: {}`) with the reason, and refused with that
 * reason as the 400's message, rather than "Unrecognized key".
 */
export function refusedField(reason: string) {
  return z
    .unknown()
    .superRefine((value, ctx) => {
      if (value !== undefined) ctx.addIssue({ code: "custom", message: reason });
    })
    .optional()
    .openapi({ not: {}, description: `Not supported by Quire: ${reason}.` });
}

/** The official `draft` of site structure writes: Quire publishes structure live, so only false. */
export const LiveOnly = z
  .literal(false, {
    error: "drafts of site structure are not supported: Quire publishes structure changes live",
  })
  .optional()
  .openapi({ description: "Only false: Quire publishes site structure changes live." });

/**
 * How many properties an object may have, stated once: checked here and documented as the
 * schema's `minProperties`/`maxProperties` (a JSON property is never `undefined`, so counting the
 * defined values counts the keys the client sent).
 */
export function propertyCount<T extends z.ZodType<object>>(
  schema: T,
  bounds: { min?: number; max?: number },
  message: string,
) {
  const { min = 0, max = Number.POSITIVE_INFINITY } = bounds;
  const count = (value: object) => Object.values(value).filter((v) => v !== undefined).length;
  return schema
    .refine((value) => count(value) >= min && count(value) <= max, { message })
    .openapi({ minProperties: bounds.min, maxProperties: bounds.max });
}
