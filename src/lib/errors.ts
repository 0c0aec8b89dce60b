/** The statuses an `ApiError` carries (errors only: no 1xx, 2xx or 3xx). */
export type ErrorStatus =
  | 400
  | 401
  | 403
  | 404
  | 405
  | 409
  | 410
  | 412
  | 413
  | 415
  | 422
  | 426
  | 429
  | 500
  | 502
  | 503;

/**
 * The one error type routes and services throw; `app.onError` turns it into the wire body
 * `{"error":{"code","message"}}`. Branch on the class or `status`, never on the message.
 */
export class ApiError extends Error {
  constructor(
    readonly status: ErrorStatus,
    message: string,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

/**
 * 400 from the shared validation hook (params, query or body broke the route's schema). Its own
 * class so the error handler can make sure an unknown token is told 401 rather than 400.
 */
export class InvalidInputError extends ApiError {
  constructor(message: string) {
    super(400, message);
    this.name = "InvalidInputError";
  }
}

/** Where a refused field sits in the request: its JSON body (most of them) or its query string. */
export type FieldPlace = "body" | "query";

/**
 * A request field that the data refuses: services throw the domain errors below knowing only the
 * field's path inside the body or query (`sections[2]`, `tableCell.record`; empty for the whole
 * body), never the wire; the error pipeline (src/middleware/errors.ts) answers them with their
 * class's status (400 for most) as `<where>.<field>: <rule>` (`body: <rule>` for the whole body), the form of a schema failure.
 * Validation of the request's own shape stays in its zod schema.
 */
export abstract class FieldError extends Error {
  /** The answer's status: 400 unless the class says otherwise. */
  abstract readonly status: 400 | 409 | 413;

  constructor(
    /** The field's path inside the body (or query), without the `body.` prefix; "" for all of it. */
    readonly field: string,
    /** What is wrong with it, in the words of the answer. */
    readonly rule: string,
    /** Which part of the request holds the field. */
    readonly where: FieldPlace = "body",
  ) {
    super(`${field}: ${rule}`);
  }
}

/** The body names something the data does not hold (no such section, revision, page, member). */
export class UnknownReference extends FieldError {
  override readonly name = "UnknownReference";
  readonly status = 400;
}

/**
 * The body's value breaks a rule of the data it is checked against (a node that is not a table,
 * a group nested in itself, a glossary over its cap, an adaptive schema's rules, a PDF too big).
 */
export class RefusedValue extends FieldError {
  override readonly name = "RefusedValue";
  readonly status = 400;
}

/** The body's value is over a size cap of what stores it (an integration's script or image): 413. */
export class ValueTooLarge extends FieldError {
  override readonly name = "ValueTooLarge";
  readonly status = 413;
}

/** The body's value is already taken by another resource (a slug, a host name, a path): 409. */
export class ValueTaken extends FieldError {
  override readonly name = "ValueTaken";
  readonly status = 409;
}

/** 400: the input broke a rule; the message names the field. */
export const badRequest = (message: string) => new ApiError(400, message);
/** 401: no usable credentials. */
export const unauthorized = (message = "A valid API token is required") =>
  new ApiError(401, message);
/** 403: the caller can see the resource but may not do this. */
export const forbidden = (message = "You are not allowed to perform this action") =>
  new ApiError(403, message);
/** 404: absent, or not visible to the caller; the two are indistinguishable by design. */
export const notFound = (what = "Resource") => new ApiError(404, `${what} not found`);
/** 409: the request conflicts with the current state. */
export const conflict = (message: string) => new ApiError(409, message);
/** 412: a precondition of the operation does not hold. */
export const preconditionFailed = (message: string) => new ApiError(412, message);

/** The wire shape of every error body. */
export function errorBody(status: number, message: string) {
  return { error: { code: status, message } };
}
