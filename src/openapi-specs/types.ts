/** One readable problem found in a spec (official OpenAPIErrorObject, with a position if known). */
export interface SpecError {
  message: string;
  code?: string;
  line?: number;
  column?: number;
}

/** A parsed JSON/YAML value that is an object: the only shape a spec document may have. */
export type SpecObject = Record<string, unknown>;

/** The processing error codes of the official OpenAPISpecProcessingErrorCode. */
export type SpecErrorCode = "FETCH_TIMEOUT" | "FETCH_ERROR" | "PARSE_ERROR";

/**
 * A failure while processing that ends the run with a recorded error code and errors (the
 * previous version stays live). Thrown by the core and by the loaders the service gives it.
 */
export class SpecProcessError extends Error {
  constructor(
    readonly code: SpecErrorCode,
    readonly errors: SpecError[],
  ) {
    super(errors[0]?.message ?? code);
    this.name = "SpecProcessError";
  }
}

/** Most errors kept on a spec record; the total is reported as `lastProcessedErrorCount`. */
export const MAX_REPORTED_ERRORS = 50;

/** True for a plain JSON object (not an array, not null). */
export function isObject(value: unknown): value is SpecObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
