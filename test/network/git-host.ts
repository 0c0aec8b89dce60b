/**
 * `git.example.com`: a REAL Git server for the suite. `https://git.example.com/<repo>.git/…` is
 * answered by `git http-backend` (Debian's git, as a CGI program: test/network/git-backend.mjs)
 * over bare repositories made with the git CLI, behind basic auth (`quire` / `s3cret`; any
 * other credential answers 401). Control paths only the suite uses (no credentials):
 * `POST /_control/repos` makes a repository from `{name, commits, repack?, tags?}`,
 * `POST /_control/git` runs `{name, args, input?}` with git inside it (the server side's view),
 * `POST /_control/push` clones, commits `{name, files, message?, amend?}` and pushes (forced
 * when amending: a force-push), `POST /_control/clone` answers a clone's files, tip and log,
 * `/_garbage/hang.git/…` answers only after 8 s (a remote that hangs),
 * `/_garbage/html.git/…` answers a web page and `/_garbage/bytes.git/…` bytes that are not
 * pkt-lines, both with status 200 (a remote answering garbage).
 */
import { cloneFiles, createRepo, gitIn, httpBackend, pushCommit } from "./git-backend.mjs";

/** The credentials the fake Git host accepts. */
const USER = "quire";
const PASSWORD = "s3cret";

export default async function gitHost(request: Request): Promise<Response> {
  const url = new URL(request.url);
  if (url.pathname === "/_control/repos") return Response.json(createRepo(await request.json()));
  if (url.pathname === "/_control/git") return Response.json(gitIn(await request.json()));
  if (url.pathname === "/_control/push") return Response.json(pushCommit(await request.json()));
  if (url.pathname === "/_control/clone") return Response.json(cloneFiles(await request.json()));
  if (url.pathname.startsWith("/_garbage/hang.git/")) {
    // A remote that never answers within the client's time limit (then answers nothing useful).
    await new Promise((resolve) => setTimeout(resolve, 8000));
    return new Response("too late", { status: 504 });
  }
  if (url.pathname.startsWith("/_garbage/html.git/"))
    return new Response("<html>Sign in</html>", { headers: { "content-type": "text/html" } });
  if (url.pathname.startsWith("/_garbage/bytes.git/"))
    return new Response("hello, this is not git", {
      headers: { "content-type": advertisedType(url) },
    });
  if (request.headers.get("authorization") !== `Basic ${btoa(`${USER}:${PASSWORD}`)}`)
    return new Response("credentials required", {
      status: 401,
      headers: { "www-authenticate": 'Basic realm="git"' },
    });
  const body = ["GET", "HEAD"].includes(request.method)
    ? null
    : new Uint8Array(await request.arrayBuffer());
  const answer = await httpBackend({
    method: request.method,
    pathInfo: decodeURIComponent(url.pathname),
    query: url.search.replace(/^\?/, ""),
    contentType: request.headers.get("content-type"),
    gitProtocol: request.headers.get("git-protocol"),
    body,
  });
  return new Response(answer.body, { status: answer.status, headers: answer.headers });
}

/** The content type a real server would give the path, so only the body is garbage. */
function advertisedType(url: URL): string {
  const service = url.searchParams.get("service");
  if (service) return `application/x-${service}-advertisement`;
  return url.pathname.endsWith("/git-receive-pack")
    ? "application/x-git-receive-pack-result"
    : "application/x-git-upload-pack-result";
}
