import { bodyLimit } from "hono/body-limit";
import { errorBody } from "../lib/errors";

/** Default request body cap; endpoints that document a larger cap mount their own. */
const MAX_BODY_BYTES = 1024 * 1024;

/** 413 with the wire error body for bodies over the cap, before anything parses them. */
export function limitBody(maxSize = MAX_BODY_BYTES) {
  return bodyLimit({
    maxSize,
    onError: (c) => c.json(errorBody(413, `Request body exceeds the ${maxSize} byte limit`), 413),
  });
}
