import { operationIdOf } from "./operation-ids";

/** The parts of an OpenAPI operation this module reads and extends. */
interface Operation {
  operationId?: string;
  parameters?: unknown[];
  requestBody?: unknown;
  responses?: Record<string, unknown>;
}

/** The header every POST accepts (src/middleware/idempotency.ts). */
const IDEMPOTENCY_KEY = {
  name: "Idempotency-Key",
  in: "header",
  required: false,
  description:
    "Makes the POST safe to retry: the same key with the same request within 24 h replays the first answer (Idempotent-Replayed: true); with another request, 422; while the first runs, 409.",
  schema: { type: "string", minLength: 1, maxLength: 255 },
};

/** Answers the app's middleware may give to any operation, beside what each route declares. */
const COMMON = {
  "429": "Too many requests: the rate limit of the token or client address (Retry-After)",
};

/**
 * The answer of the one validation hook (src/http/validation.ts) to any input it refuses: a path
 * id over its limit, a query or header value, the body, an Idempotency-Key.
 */
const INVALID = {
  "400": "Bad Request: a parameter or the body is refused; the message names it (`body.title: …`)",
};

/** Answers to a POST that carries an Idempotency-Key. */
const KEYED = {
  "409": "A request with this Idempotency-Key is still in progress",
  "422": "This Idempotency-Key was used with a different request",
};

/**
 * Completes the generated document with what the middleware adds to every operation: 429 from
 * the rate limit, on every POST the Idempotency-Key header with its 409 and 422, and 400 on every
 * operation that takes any input (the validation hook refuses what its schemas refuse). Each added
 * answer reuses the operation's own 401 body (the one error shape), so no schema is repeated.
 */
export function withMiddlewareAnswers<D extends { paths?: Record<string, unknown> }>(doc: D): D {
  for (const item of Object.values(doc.paths ?? {})) {
    for (const [method, value] of Object.entries(item as Record<string, Operation>)) {
      const responses = value.responses;
      const error = responses?.["401"] as { content?: unknown } | undefined;
      if (!responses || !error?.content) continue;
      const add = (answers: Record<string, string>) => {
        for (const [code, description] of Object.entries(answers)) {
          responses[code] ??= { description, content: error.content };
        }
      };
      add(COMMON);
      if (method === "post") {
        add(KEYED);
        value.parameters = [...(value.parameters ?? []), IDEMPOTENCY_KEY];
      }
      if ((value.parameters?.length ?? 0) > 0 || value.requestBody !== undefined) add(INVALID);
    }
  }
  return doc;
}

/**
 * Names every operation (`operationId`, what client generators name their methods by): the
 * official name where GitBook's document has the operation, else one in its style
 * (src/api-document/operation-ids.ts). A route that declares its own keeps it.
 */
export function withOperationIds<D extends { paths?: Record<string, unknown> }>(doc: D): D {
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const [method, value] of Object.entries(item as Record<string, Operation>)) {
      if (!METHODS.has(method)) continue;
      value.operationId ??= operationIdOf(method, path);
    }
  }
  return doc;
}

/** The keys of a path item that are operations (the others: parameters, summary, servers). */
const METHODS: ReadonlySet<string> = new Set([
  "get",
  "put",
  "post",
  "delete",
  "options",
  "head",
  "patch",
  "trace",
]);
