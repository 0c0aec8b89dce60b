// `git http-backend` (Debian's git) as a CGI program, one request at a time: what the suite's
// fake Git host (test/network/git-backend.mjs) and `npm run git:serve` (scripts/git-server.mjs)
// both answer smart-HTTP Git with. Node only.
import { spawn } from "node:child_process";

/**
 * One request through `git http-backend` over the bare repositories under `root`: its status,
 * headers and body. `env` adds to the CGI environment (fixed identities, PATH, HOME).
 */
export function httpBackend(
  root,
  { method, pathInfo, query, contentType, gitProtocol, body },
  env = {},
) {
  const cgi = {
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    ...env,
    GIT_PROJECT_ROOT: root,
    GIT_HTTP_EXPORT_ALL: "1",
    PATH_INFO: pathInfo,
    QUERY_STRING: query,
    REQUEST_METHOD: method,
    CONTENT_TYPE: contentType ?? "",
    CONTENT_LENGTH: String(body?.byteLength ?? 0),
    REMOTE_USER: "quire",
    REMOTE_ADDR: "127.0.0.1",
    ...(gitProtocol ? { GIT_PROTOCOL: gitProtocol } : {}),
  };
  return new Promise((resolve, reject) => {
    const child = spawn("git", ["http-backend"], { env: cgi });
    const chunks = [];
    child.stdout.on("data", (chunk) => chunks.push(chunk));
    child.stderr.on("data", () => {});
    child.on("error", reject);
    child.on("close", () => resolve(parseCgi(Buffer.concat(chunks))));
    child.stdin.on("error", () => {});
    child.stdin.end(body ? Buffer.from(body) : undefined);
  });
}

/** A CGI program's output: the Status header and the other headers, then the body. */
function parseCgi(output) {
  let split = output.indexOf("\r\n\r\n");
  let gap = 4;
  if (split < 0) [split, gap] = [output.indexOf("\n\n"), 2];
  if (split < 0) return { status: 502, headers: [], body: new Uint8Array(output) };
  const headers = [];
  let status = 200;
  for (const line of output.subarray(0, split).toString("latin1").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    const key = line.slice(0, colon).trim();
    const value = line.slice(colon + 1).trim();
    if (key.toLowerCase() === "status") status = Number(value.split(" ")[0]);
    else headers.push([key, value]);
  }
  return { status, headers, body: new Uint8Array(output.subarray(split + gap)) };
}
