// `npm run admin -- space export|import`: whole spaces in and out through the running API (the
// export and import run as jobs, with R2 and the queue, so the CLI asks the API rather than D1).
// The API is --api (default $QUIRE_API_URL or http://localhost:8787/v1) and the token --token
// (default $QUIRE_TOKEN, else .wrangler/quire-demo-token, which `npm run dev` writes).
import { existsSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { basename } from "node:path";
import { UsageError } from "./args.mjs";

/** A refusal or failure of the API, printed as is. */
export class ApiCommandError extends Error {}

/** The API's base URL and a token, from the options, the environment or the dev state. */
function connection(o) {
  const api = (o.api ?? process.env.QUIRE_API_URL ?? "http://localhost:8787/v1").replace(
    /\/+$/,
    "",
  );
  let token = o.token ?? process.env.QUIRE_TOKEN;
  if (!token && existsSync(".wrangler/quire-demo-token"))
    token = readFileSync(".wrangler/quire-demo-token", "utf8").trim();
  if (!token) throw new UsageError("no token: pass --token or set QUIRE_TOKEN");
  return { api, token };
}

/** One JSON call to the API; a non-2xx answer throws its error message. */
async function call(conn, method, path, body) {
  const res = await fetch(`${conn.api}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${conn.token}`,
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  }).catch((error) => {
    throw new ApiCommandError(
      `cannot reach the API at ${conn.api} (${error.cause?.code ?? error.message})`,
    );
  });
  const text = await res.text();
  const json = text ? JSON.parse(text) : null;
  if (!res.ok)
    throw new ApiCommandError(`${method} ${path}: ${res.status} ${json?.error?.message ?? text}`);
  return json;
}

/** Polls a run until it ends, printing its progress on stderr. */
async function follow(conn, path) {
  for (let wait = 200; ; wait = Math.min(wait * 2, 2000)) {
    const run = await call(conn, "GET", path);
    if (["completed", "failed", "cancelled"].includes(run.status)) return run;
    if (process.stderr.isTTY)
      process.stderr.write(`\r${run.status} ${run.progress.done}/${run.progress.total}   `);
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
}

function printWarnings(result) {
  for (const w of result?.warnings ?? []) console.error(`warning: ${w}`);
  if (result?.moreWarnings) console.error(`… and ${result.moreWarnings} more warnings`);
}

/** `space export --space ID --out FILE [--change-request ID]`: the archive written to FILE. */
export async function spaceExport(o, ctx) {
  if (!o.space || !o.out) throw new UsageError("space export needs --space and --out");
  const conn = connection(o);
  const format = o.out.endsWith(".tar") ? "tar" : "zip";
  const started = await call(conn, "POST", `/spaces/${o.space}/exports`, {
    format,
    ...(o["change-request"] ? { changeRequest: o["change-request"] } : {}),
  });
  const done = await follow(conn, `/spaces/${o.space}/exports/${started.id}`);
  if (process.stderr.isTTY) process.stderr.write("\r\x1b[K");
  if (done.status !== "completed")
    throw new ApiCommandError(`the export ${done.status}: ${done.reason ?? ""}`);
  const archive = await fetch(done.archive.downloadURL);
  if (!archive.ok) throw new ApiCommandError(`downloading the archive: ${archive.status}`);
  writeFileSync(o.out, new Uint8Array(await archive.arrayBuffer()));
  printWarnings(done.result);
  ctx.print({ export: done }, () =>
    console.log(`Exported ${done.result.pages} pages and ${done.result.files} files to ${o.out}.`),
  );
}

/**
 * `space import --org ID --file FILE [--space ID] [--title T]`: uploads FILE (a zip or a markdown
 * file), imports it into a change request of the space (a new space without --space).
 */
export async function spaceImport(o, ctx) {
  if (!o.org || !o.file) throw new UsageError("space import needs --org and --file");
  if (!existsSync(o.file)) throw new UsageError(`no such file: ${o.file}`);
  const conn = connection(o);
  const name = basename(o.file);
  const space =
    o.space ??
    (
      await call(conn, "POST", `/orgs/${o.org}/spaces`, {
        title: o.title ?? name.replace(/\.[^.]+$/, ""),
      })
    ).id;
  const size = statSync(o.file).size;
  const signed = await call(conn, "POST", `/orgs/${o.org}/storage/upload`, {
    file: { name, type: name.endsWith(".zip") ? "application/zip" : "text/markdown", size },
    kind: "import_file",
  });
  const put = await fetch(signed.url, {
    method: "PUT",
    body: readFileSync(o.file),
    headers: { "Content-Length": String(size) },
  });
  if (!put.ok) throw new ApiCommandError(`uploading ${name}: ${put.status} ${await put.text()}`);
  const run = await call(conn, "POST", `/org/${o.org}/imports`, {
    source: { type: "file", files: [signed.key] },
    target: { space, ...(o["change-request"] ? { changeRequest: o["change-request"] } : {}) },
  });
  const done = await follow(conn, `/org/${o.org}/imports/${run.id}`);
  if (process.stderr.isTTY) process.stderr.write("\r\x1b[K");
  printWarnings(done.result);
  if (done.status !== "completed")
    throw new ApiCommandError(`the import ${done.status}: ${done.reason ?? ""}`);
  ctx.print({ import: done }, () =>
    console.log(
      `Imported ${done.result.pages} pages and ${done.result.files} files into space ${space}, change request ${done.target.changeRequest} (merge it to publish).`,
    ),
  );
}
