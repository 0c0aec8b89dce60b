// The bare ProseMirror page of `npm run bench:app`, served by the bench itself: its script
// (bench/lib/bare-editor.mjs) bundled once by esbuild, minified as the app's are, and a loopback
// HTTP server answering `/<name>` with a page holding document `<name>` as HTML in a
// `<template>` (data, not markup the browser renders) and `/bare.js` with the script.
import { createServer } from "node:http";
import { resolve } from "node:path";
import { build } from "esbuild";

const ENTRY = resolve(import.meta.dirname, "bare-editor.mjs");

/** The bare editor's script: bundled, minified, ES2022 (the app's client build options). */
async function bundle() {
  const result = await build({
    entryPoints: [ENTRY],
    bundle: true,
    format: "esm",
    target: "es2022",
    platform: "browser",
    minify: true,
    write: false,
    legalComments: "none",
    logLevel: "warning",
  });
  return result.outputFiles[0].contents;
}

/** The page of one document: the editor's mount, the document and the script. */
function pageHtml(name, html) {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Bare ProseMirror: ${name}</title>
<style>.ProseMirror{white-space:pre-wrap;outline:none;max-width:48rem;margin:2rem auto}</style>
</head><body><main><div data-editor></div></main>
<template id="doc">${html}</template>
<script type="module" src="/bare.js"></script></body></html>`;
}

/**
 * Starts the bare page's server on a free loopback port for `documents` (name → HTML); answers
 * its base URL, the script's size and a close.
 */
export async function startBarePages(documents) {
  const script = await bundle();
  const server = createServer((req, res) => {
    const name = decodeURIComponent(new URL(req.url, "http://127.0.0.1").pathname.slice(1));
    if (name === "bare.js") {
      res.writeHead(200, { "Content-Type": "text/javascript", "Cache-Control": "no-store" });
      return res.end(script);
    }
    if (!Object.hasOwn(documents, name)) return res.writeHead(404).end("no such document");
    res.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" });
    return res.end(pageHtml(name, documents[name]));
  });
  await new Promise((done) => server.listen(0, "127.0.0.1", done));
  return {
    base: `http://127.0.0.1:${server.address().port}`,
    scriptBytes: script.length,
    close: () => new Promise((done) => server.close(done)),
  };
}
