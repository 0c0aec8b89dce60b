import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv } from "../env";
import { authenticate, authenticateBeforeBody, bearerToken } from "../auth/caller";
import { nowMs } from "../lib/clock";
import { bodyCapOf } from "./body-limit";
import { ApiError, badRequest, conflict, unauthorized } from "../lib/errors";
import { claimKey, completeKey, releaseKey, type KeyRef } from "../services/idempotency/keys";
import { openAnswer, requestFingerprint, sealAnswer } from "../services/idempotency/seal";

/** 1 to 255 printable ASCII characters, as Stripe accepts. */
const KEY_SHAPE = /^[\x20-\x7E]{1,255}$/;

/**
 * Answers that are not kept, so a retry with the same key runs again: 401 and 429 did not run,
 * 409 and 412 describe state the client is expected to change, 413 never reached the route, and
 * a 5xx left nothing behind (writes are atomic).
 */
const NOT_KEPT: ReadonlySet<number> = new Set([401, 409, 412, 413, 429]);

/** Statuses whose responses have no body. */
const NULL_BODY: ReadonlySet<number> = new Set([204, 205, 304]);

/**
 * `Idempotency-Key` on POST, with Stripe's semantics: the first request with a key runs and its
 * answer is kept for 24 h; the same key with the same request (method, path and query, body
 * bytes) from the same token replays that answer with `Idempotent-Replayed: true` and runs
 * nothing; with a different request it is a 422; while the first is still running, a 409. A POST
 * without the header costs nothing here.
 */
export const idempotency: MiddlewareHandler<AppEnv> = async (c, next) => {
  const key = c.req.header("Idempotency-Key");
  const digest = c.get("caller").digest;
  // No digest: bearerAuth let a public path through, and public paths are not keyed.
  if (c.req.method !== "POST" || key === undefined || digest === null) return next();
  // The token is verified before the key, the body, or anything stored (free when bearerAuth
  // just did it for a request with a body).
  await authenticateBeforeBody(c);
  if (!KEY_SHAPE.test(key)) {
    throw badRequest("Idempotency-Key: must be 1 to 255 printable ASCII characters");
  }
  const url = new URL(c.req.url);
  const fingerprint = await requestFingerprint(
    "POST",
    url.pathname + url.search,
    await readBody(c),
  );
  const ref: KeyRef = { tokenDigest: digest, key };
  const context = `${key}\n${fingerprint}`;
  // The bearer token itself (already verified): the stored answers are sealed with it.
  const token = bearerToken(c.req.header("Authorization"));
  if (!token) throw unauthorized();
  const db = c.get("db");
  const claim = await claimKey(db, { ...ref, fingerprint, now: nowMs() });
  if (claim.kind === "mismatch") {
    throw new ApiError(
      422,
      `Idempotency-Key "${key}" was used with a different request (method, path or body)`,
    );
  }
  if (claim.kind === "in-flight") {
    throw conflict(`A request with Idempotency-Key "${key}" is still in progress; retry later`);
  }
  if (claim.kind === "replay") {
    // Nothing but this check reads the token on a replay: make it a real read, so a token
    // revoked in another isolate seconds ago is refused (the isolate's memory is not enough).
    await authenticate(c);
    const answer =
      claim.response === null ? null : await openAnswer(token, context, claim.response);
    if (!answer) {
      throw conflict(
        `The request with Idempotency-Key "${key}" already ran; its answer was too large to keep`,
      );
    }
    const headers = new Headers({ "Idempotent-Replayed": "true" });
    if (answer.contentType) headers.set("Content-Type", answer.contentType);
    if (answer.location) headers.set("Location", answer.location);
    return new Response(NULL_BODY.has(claim.status) ? null : answer.body, {
      status: claim.status,
      headers,
    });
  }

  await next();

  const res = c.res;
  if (res.status >= 500 || NOT_KEPT.has(res.status)) {
    await releaseKey(db, { ...ref, claim: claim.claim });
    return;
  }
  try {
    const response = await sealAnswer(token, context, {
      contentType: res.headers.get("Content-Type"),
      location: res.headers.get("Location"),
      body: new Uint8Array(await res.clone().arrayBuffer()),
    });
    await completeKey(db, { ...ref, claim: claim.claim, status: res.status, response });
  } catch (err) {
    // The route ran and answered; keep that answer. The key stays in flight until its lease
    // lapses, then a retry runs again.
    console.error(`[${c.get("requestId")}] idempotency answer not stored`, err);
  }
};

/**
 * Reads the body once to fingerprint it, capped, and puts the bytes back as the request's body
 * so the route (and its own body limit) reads it as if untouched.
 */
async function readBody(c: Context<AppEnv>): Promise<Uint8Array<ArrayBuffer>> {
  const raw = c.req.raw;
  if (raw.bodyUsed) return new Uint8Array(await c.req.arrayBuffer());
  if (!raw.body) return new Uint8Array(0);
  // No more than the route itself accepts: its own cap, or the default.
  const cap = bodyCapOf(c);
  const tooLarge = () => new ApiError(413, `Request body exceeds the ${cap} byte limit`);
  if (Number(raw.headers.get("Content-Length") ?? 0) > cap) throw tooLarge();
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = raw.body.getReader();
  for (let part = await reader.read(); !part.done; part = await reader.read()) {
    size += part.value.length;
    if (size > cap) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(part.value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  c.req.raw = new Request(raw, { body: bytes });
  return bytes;
}
