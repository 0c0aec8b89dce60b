import type { Context, ErrorHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { AppEnv } from "../env";
import { ApiError, errorBody, FieldError, InvalidInputError } from "../lib/errors";
import { authenticate } from "../auth/caller";

/**
 * The single error handler: ApiError and Hono's HTTPException keep their status and message
 * (a validation 400 first makes sure the token is known: 401 wins), a service's `FieldError`
 * is its class's status (400, 409 or 413) naming its body or query field;
 * anything else is logged with the request id and answered as a bare 500 carrying that id.
 */
export const onError: ErrorHandler<AppEnv> = async (err, c) => {
  if (err instanceof InvalidInputError && c.get("caller")?.digest && !c.get("caller").caller) {
    // Bad input with a token nobody has checked yet: an unknown token hears 401, not the rule.
    const refused = await authenticate(c).then(
      () => null,
      (authErr: unknown) => authErr,
    );
    if (refused instanceof Error) return onError(refused, c);
  }
  if (err instanceof ApiError) return jsonError(c, err.status, err.message);
  // A service's domain error about a request field: named like a schema failure of that field.
  if (err instanceof FieldError) {
    return jsonError(c, err.status, `${fieldPath(err)}: ${err.rule}`);
  }
  if (err instanceof HTTPException) {
    const status = err.status as ContentfulStatusCode;
    const message =
      status === 400 && /json/i.test(err.message)
        ? "body: malformed JSON in request body"
        : status === 415
          ? unsupportedMediaType(c)
          : err.message || "Request failed";
    return jsonError(c, status, message);
  }
  const requestId = c.get("requestId") ?? "unknown";
  console.error(`[${requestId}] unhandled error`, err);
  return jsonError(c, 500, `Internal server error (request id ${requestId})`);
};

/**
 * The 415 of a body in another format (every request body of the API is JSON): says what was
 * sent and what to send.
 */
function unsupportedMediaType(c: Context<AppEnv>): string {
  const sent = (c.req.header("Content-Type") ?? "").split(";")[0]!.trim().slice(0, 100);
  const got = sent ? `a body of type ${JSON.stringify(sent)}` : "a body without a Content-Type";
  return `Unsupported Media Type: got ${got}; send the body as JSON with the header Content-Type: application/json`;
}

/** A domain error's field as the wire names it: `body.sections[2]`, `query.page`, or `body`. */
function fieldPath(err: FieldError): string {
  return err.field ? `${err.where}.${err.field}` : err.where;
}

/** Writes the wire error body with the given status. */
export function jsonError(c: Context<AppEnv>, status: ContentfulStatusCode, message: string) {
  return c.json(errorBody(status, message), status);
}
