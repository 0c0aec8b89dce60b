/**
 * The HTTP half of Git's smart protocol (gitprotocol-http): a remote's URL split from its
 * basic-auth credentials, one request through the caller's fetcher (never the global `fetch`:
 * the caller hands over the one outbound fetcher), statuses and content types turned into
 * `GitRemoteError`s, and side-band demultiplexing of pack and report streams.
 */
import { GitRemoteError } from "./errors";
import { concatBytes } from "./objects";
import { PktLineError, readPktLines, type PktLine } from "./pkt-line";

/** What the client needs of a fetcher: `fetch` itself, or the outbound fetcher as a fetch. */
type GitFetch = (
  url: string,
  init: { method: string; headers: Record<string, string>; body?: Uint8Array<ArrayBuffer> },
) => Promise<Response>;

/** A remote repository: its URL (credentials, if any, in it as `https://user:pass@host/…`) and the fetcher to reach it. */
export interface GitRemote {
  url: string;
  fetch: GitFetch;
}

/** The agent this client names itself with. */
export const GIT_AGENT = "quire-git/1";

interface Endpoint {
  /** The URL without credentials and without a trailing slash (safe to show). */
  base: string;
  authorization: string | null;
}

/** The remote's address without its credentials, and the Authorization header they make. */
function endpointOf(url: string): Endpoint {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new GitRemoteError("protocol", "The repository URL is not a URL");
  }
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:")
    throw new GitRemoteError("protocol", "The repository URL is not http(s)");
  const user = decodeURIComponent(parsed.username);
  const password = decodeURIComponent(parsed.password);
  parsed.username = "";
  parsed.password = "";
  parsed.hash = "";
  const base = parsed.toString().replace(/\/+$/, "");
  if (!user && !password) return { base, authorization: null };
  let binary = "";
  for (const byte of new TextEncoder().encode(`${user}:${password}`))
    binary += String.fromCharCode(byte);
  return { base, authorization: `Basic ${btoa(binary)}` };
}

/** One request to the remote, read whole; see `gitResponse`. */
export async function gitRequest(
  remote: GitRemote,
  path: string,
  init: { method: "GET" | "POST"; headers: Record<string, string>; body?: Uint8Array },
  expectedType: string,
): Promise<Uint8Array> {
  const res = await gitResponse(remote, path, init, expectedType);
  return new Uint8Array(await res.arrayBuffer());
}

/** One request to the remote, its body unread; any answer but a 200 of the expected type is a `GitRemoteError`. */
export async function gitResponse(
  remote: GitRemote,
  path: string,
  init: { method: "GET" | "POST"; headers: Record<string, string>; body?: Uint8Array },
  expectedType: string,
): Promise<Response> {
  const { base, authorization } = endpointOf(remote.url);
  const headers = { ...init.headers };
  if (authorization) headers.authorization = authorization;
  const request: Parameters<GitFetch>[1] = { method: init.method, headers };
  if (init.body) request.body = init.body as Uint8Array<ArrayBuffer>;
  const res = await remote.fetch(`${base}${path}`, request);
  const where = `${base}${path.replace(/\?.*$/, "")}`;
  if (res.status !== 200) await res.body?.cancel();
  if (res.status === 401 || res.status === 403)
    throw new GitRemoteError(
      "auth",
      authorization
        ? `The Git remote refused the credentials (${res.status})`
        : `The Git remote asks for credentials (${res.status})`,
      res.status,
    );
  if (res.status === 404)
    throw new GitRemoteError("not-found", `No Git repository at ${base}`, 404);
  if (res.status !== 200)
    throw new GitRemoteError(
      "remote",
      `The Git remote answered ${res.status} to ${where}`,
      res.status,
    );
  const type = (res.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (type !== expectedType) {
    await res.body?.cancel();
    throw new GitRemoteError(
      "protocol",
      `The answer of ${where} is not Git (${type || "no content type"})`,
      res.status,
    );
  }
  return res;
}

/** The frames of an answer; a frame error means the remote did not answer Git. */
export function answerFrames(bytes: Uint8Array): PktLine[] {
  try {
    return readPktLines(bytes);
  } catch (error) {
    if (error instanceof PktLineError)
      throw new GitRemoteError("protocol", `The Git remote's answer is garbled: ${error.message}`);
    throw error;
  }
}

/**
 * Side-band frames (band 1 data, 2 progress, 3 fatal error) up to the next non-data frame:
 * the data joined, each progress line handed to `onProgress`, a band-3 message thrown.
 */
export function demuxSideBand(
  frames: readonly PktLine[],
  from: number,
  onProgress?: (line: string) => void,
): { data: Uint8Array; next: number } {
  const data: Uint8Array[] = [];
  const decoder = new TextDecoder();
  let at = from;
  for (; at < frames.length; at++) {
    const frame = frames[at]!;
    if (frame.kind !== "data") break;
    const band = frame.bytes[0];
    const payload = frame.bytes.subarray(1);
    if (band === 1) data.push(payload);
    else if (band === 2) {
      for (const line of decoder.decode(payload).split(/[\r\n]+/))
        if (line.trim()) onProgress?.(line.trim());
    } else if (band === 3)
      throw new GitRemoteError(
        "remote",
        `The Git remote failed: ${decoder.decode(payload).trim()}`,
      );
    else throw new GitRemoteError("protocol", `Unknown side band ${band ?? "(empty frame)"}`);
  }
  return { data: concatBytes(data), next: at };
}
