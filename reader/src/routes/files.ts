import type { ReaderEnv } from "../env";
import { ApiClient } from "../api/client";
import { fileSafetyHeaders } from "../../../core/files/serving";

/**
 * A published file on the reader's own host (`/_quire/files/<site>/<sha256>/<name>`): the API's
 * stable file URL, proxied, so pages load images from where they came from and the CSP needs no
 * other host. The API's answer is immutable (content-addressed); its caching headers pass on.
 * How the bytes are handled (type, disposition, the sandbox policy, no sniffing) is decided here
 * again by the one serving rule (core/files/serving.ts), from the type and the file's name: this
 * is the site's own origin, where an upload must never run as a script or style of its pages.
 */
const PASSED = ["Content-Length", "ETag", "Cache-Control", "Last-Modified"];

/** The file's name: the last segment of its path, when it has one. */
function nameOf(rest: string): string | null {
  const name = rest.split("/")[2];
  if (!name) return null;
  try {
    return decodeURIComponent(name);
  } catch {
    return null;
  }
}

/** Answers a file request. */
export async function serveFile(request: Request, env: ReaderEnv): Promise<Response> {
  const rest = new URL(request.url).pathname.slice("/_quire/files/".length);
  if (!/^[^/]+\/[0-9a-f]{64}(\/[^/]+)?$/.test(rest))
    return new Response("Not Found", { status: 404 });
  const conditional: Record<string, string> = {};
  const match = request.headers.get("If-None-Match");
  if (match) conditional["If-None-Match"] = match;
  const res = await new ApiClient(env.API).raw(`/published-files/${rest}`, conditional);
  const storedType = res.headers.get("Content-Type") ?? "application/octet-stream";
  const headers = new Headers(fileSafetyHeaders(storedType, nameOf(rest)));
  for (const name of PASSED) {
    const value = res.headers.get(name);
    if (value) headers.set(name, value);
  }
  if (res.status === 200 || res.status === 304)
    return new Response(res.status === 304 ? null : res.body, { status: res.status, headers });
  await res.body?.cancel();
  return new Response("Not Found", { status: 404, headers: { "Cache-Control": "no-store" } });
}
