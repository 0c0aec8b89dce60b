#!/usr/bin/env node
// `npm run git:serve -- [--port 8790] [--root /tmp/quire-git] [--password secret]`: a local Git
// server over smart HTTP (Debian's `git http-backend`) for trying Git Sync against `npm run dev`
// (README "Git Sync"). Serves every bare repository under --root at
// http://localhost:<port>/<name>.git, pushes allowed; with --password, basic auth as `quire`.
// `GET /` answers "ok" (a readiness probe). Loopback only.
import { mkdirSync } from "node:fs";
import { createServer } from "node:http";
import { resolve } from "node:path";
import { httpBackend } from "./lib/git-http-backend.mjs";

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 && args[at + 1] ? args[at + 1] : fallback;
};
const port = Number(option("port", "8790"));
const root = resolve(option("root", "/tmp/quire-git"));
const password = option("password", null);
mkdirSync(root, { recursive: true });

const server = createServer(async (req, res) => {
  const url = new URL(req.url ?? "/", "http://localhost");
  if (url.pathname === "/") return void res.end("ok\n");
  const expected = password ? `Basic ${Buffer.from(`quire:${password}`).toString("base64")}` : null;
  if (expected && req.headers.authorization !== expected) {
    res.writeHead(401, { "www-authenticate": 'Basic realm="git"' });
    return void res.end("credentials required\n");
  }
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  const answer = await httpBackend(
    root,
    {
      method: req.method ?? "GET",
      pathInfo: decodeURIComponent(url.pathname),
      query: url.search.replace(/^\?/, ""),
      contentType: req.headers["content-type"] ?? null,
      gitProtocol: req.headers["git-protocol"] ?? null,
      body: chunks.length ? Buffer.concat(chunks) : null,
    },
    // Pushes need receive-pack on: every repository here accepts them.
    { GIT_CONFIG_COUNT: "1", GIT_CONFIG_KEY_0: "http.receivepack", GIT_CONFIG_VALUE_0: "true" },
  );
  res.writeHead(answer.status, Object.fromEntries(answer.headers));
  res.end(Buffer.from(answer.body));
});
server.listen(port, "127.0.0.1", () =>
  console.log(`Git server: http://localhost:${port}/<name>.git (repositories in ${root})`),
);
