import { z } from "@hono/zod-openapi";

/** The wire error body. */
const ErrorSchema = z
  .object({
    error: z.object({
      code: z.number().int(),
      message: z.string(),
    }),
  })
  .openapi("Error");

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  409: "Conflict",
  412: "Precondition Failed",
  413: "Payload Too Large",
};

/** OpenAPI response entries for the given error statuses (401 is on every operation). */
export function errorResponses(...codes: number[]) {
  const out: Record<
    number,
    { description: string; content: { "application/json": { schema: typeof ErrorSchema } } }
  > = {};
  for (const code of [401, ...codes]) {
    out[code] = {
      description: ERROR_DESCRIPTIONS[code] ?? "Error",
      content: { "application/json": { schema: ErrorSchema } },
    };
  }
  return out;
}

/** An OpenAPI JSON response entry. */
export function jsonResponse<T extends z.ZodType>(schema: T, description: string) {
  return { description, content: { "application/json": { schema } } };
}

/** An OpenAPI JSON request body entry. */
export function jsonBody<T extends z.ZodType>(schema: T, required = true) {
  return { required, content: { "application/json": { schema } } };
}

/** The empty 204 response. */
export const noContent = { 204: { description: "No Content" } } as const;

/** The LIST envelope around an item schema. */
export function listOf<T extends z.ZodType>(item: T) {
  return z.object({
    next: z.object({ page: z.string() }).optional(),
    count: z.number(),
    items: z.array(item),
  });
}

/** A boolean query parameter written as true/false (or 1/0). */
export const queryBoolean = z
  .enum(["true", "false", "1", "0"])
  .transform((v) => v === "true" || v === "1");

/** `permissions` object of booleans. */
export function permissionsOf<K extends string>(...keys: K[]) {
  return z.object(Object.fromEntries(keys.map((k) => [k, z.boolean()])) as Record<K, z.ZodBoolean>);
}

/** The User object, as every resource embeds it. */
export const UserSchema = z
  .object({
    object: z.literal("user"),
    id: z.string(),
    displayName: z.string(),
    email: z.string().optional(),
    photoURL: z.string().optional(),
    urls: z.object({ location: z.string() }),
  })
  .openapi("User");

/** The User object's TypeScript type. */
export type User = z.infer<typeof UserSchema>;
