import type { Bindings } from "../../env";
import type { OpenAPISpecRow } from "../../db/schema";
import { OutboundError, type Outbound } from "../../outbound";
import { SpecProcessError } from "../../openapi-specs/types";

/** Largest spec (and referenced document) fetched or stored: the text-source cap. */
const MAX_SOURCE_BYTES = 10 * 1024 * 1024;

/** A source's bytes as received, and the base URL its relative `$ref`s resolve against. */
export interface LoadedSource {
  bytes: Uint8Array;
  baseUrl: string | null;
}

/** The time limit of one spec fetch: `OPENAPI_FETCH_TIMEOUT_MS` (tests shorten it), else 10 s. */
function fetchTimeoutMs(env: Pick<Bindings, "OPENAPI_FETCH_TIMEOUT_MS">): number {
  const ms = Number(env.OPENAPI_FETCH_TIMEOUT_MS ?? "10000");
  return Number.isFinite(ms) && ms > 0 ? ms : 10_000;
}

/**
 * Fetches a URL through the outbound fetcher; refusals and failures become FETCH_TIMEOUT or
 * FETCH_ERROR with a readable message (a 4xx/5xx answer too).
 */
export async function fetchSpecUrl(
  outbound: Outbound,
  env: Pick<Bindings, "OPENAPI_FETCH_TIMEOUT_MS">,
  url: string,
): Promise<{ bytes: Uint8Array; url: string }> {
  const timeoutMs = fetchTimeoutMs(env);
  try {
    const res = await outbound.request(
      url,
      { headers: { accept: "application/json, application/yaml, text/yaml, */*;q=0.5" } },
      { timeoutMs, maxBytes: MAX_SOURCE_BYTES },
    );
    if (res.status >= 400) {
      throw fetchError("FETCH_ERROR", `${url} answered HTTP ${res.status}`);
    }
    return { bytes: res.body, url: res.url };
  } catch (error) {
    if (!(error instanceof OutboundError)) throw error;
    if (error.code === "timeout") {
      throw fetchError("FETCH_TIMEOUT", `${url} did not answer within ${timeoutMs} ms`);
    }
    throw fetchError("FETCH_ERROR", `${url}: ${error.message}`);
  }
}

function fetchError(code: "FETCH_TIMEOUT" | "FETCH_ERROR", message: string) {
  return new SpecProcessError(code, [{ message, code: code.toLowerCase() }]);
}

/**
 * The source of a spec as it stands: the URL's answer, or the uploaded text from R2 (null when
 * a newer upload replaced it while this run waited: the newer run will process that one).
 */
export async function loadSource(
  spec: OpenAPISpecRow,
  outbound: Outbound,
  env: Pick<Bindings, "OPENAPI_FETCH_TIMEOUT_MS" | "FILES">,
): Promise<LoadedSource | null> {
  if (spec.sourceKind === "url" && spec.sourceUrl) {
    const { bytes, url } = await fetchSpecUrl(outbound, env, spec.sourceUrl);
    return { bytes, baseUrl: url };
  }
  if (!spec.sourceTextKey) return null;
  const object = await env.FILES.get(spec.sourceTextKey);
  if (!object) return null;
  return { bytes: new Uint8Array(await object.arrayBuffer()), baseUrl: null };
}

/** Decodes a source's bytes as UTF-8 (a byte-order mark dropped); anything else is a PARSE_ERROR. */
export function decodeSource(bytes: Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw new SpecProcessError("PARSE_ERROR", [
      { message: "The specification is not valid UTF-8 text", code: "encoding" },
    ]);
  }
}
