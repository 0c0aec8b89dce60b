#!/usr/bin/env node
// `node bench/openapi-spec.mjs`: what processing an API spec costs (issue 13). The Worker's own
// code (src/openapi-specs: parse, validate, inline refs; core/openapi-pages: render a page),
// bundled by esbuild, runs in child Node processes on a small spec and on the largest real spec
// at hand offline (GitBook's official document in @gitbook/api, ~1.7 MB). Per spec it prints
// the processing time (parse → validate → stored JSON), the time to render a tag page as
// markdown and as a Document, and the smallest V8 heap cap (--max-old-space-size 16, 32, 64, 128
// MB: the Worker's isolate limit) each step completes in. Figures: docs/performance.md.
import { spawnSync } from "node:child_process";
import { build } from "esbuild";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const require = createRequire(import.meta.url);
const CAPS_MB = [16, 32, 64, 128];

/** A small OpenAPI 3.1 spec: 8 operations over 4 paths, 2 schemas. */
function smallSpec() {
  const op = (summary) => ({ summary, responses: { 200: { description: "OK" } } });
  const paths = {};
  for (const name of ["pets", "owners", "visits", "vets"]) {
    paths[`/${name}`] = { get: { ...op(`List ${name}`), tags: [name] }, post: op(`Add ${name}`) };
  }
  return JSON.stringify({
    openapi: "3.1.0",
    info: { title: "Small", version: "1" },
    paths,
    components: { schemas: { Pet: { type: "object" }, Owner: { type: "object" } } },
  });
}

const work = mkdtempSync(join(tmpdir(), "quire-spec-bench-"));
try {
  const entry = join(work, "entry.ts");
  writeFileSync(
    entry,
    `export { buildSpec } from ${JSON.stringify(join(root, "src/openapi-specs/build.ts"))};
export { computedPageMarkdown, computedPageDocument } from ${JSON.stringify(join(root, "core/openapi-pages/index.ts"))};`,
  );
  const bundle = join(work, "bundle.mjs");
  await build({
    entryPoints: [entry],
    bundle: true,
    format: "esm",
    platform: "node",
    outfile: bundle,
    logLevel: "error",
    // CommonJS dependencies (yaml) require Node built-ins: give the ESM bundle a require.
    banner: {
      js: `import { createRequire } from "node:module"; const require = createRequire(import.meta.url);`,
    },
  });
  const specs = {
    small: smallSpec(),
    "gitbook (1.7 MB)": readFileSync(require.resolve("@gitbook/api/spec/openapi.json"), "utf8"),
  };
  console.log(
    "spec               | bytes     | process ms | stored JSON | tag page md ms | as Document ms | heap cap needed",
  );
  for (const [name, text] of Object.entries(specs)) {
    const file = join(work, `${name.replace(/\W+/g, "-")}.txt`);
    writeFileSync(file, text);
    const results = CAPS_MB.map((cap) => run(bundle, file, cap));
    const ok = results.find((r) => r.ok);
    const cap = CAPS_MB[results.findIndex((r) => r.ok)];
    if (!ok) console.log(`${name.padEnd(18)} | fails even at 128 MB`);
    else
      console.log(
        `${name.padEnd(18)} | ${String(text.length).padStart(9)} | ${String(ok.processMs).padStart(10)} | ${String(ok.storedBytes).padStart(11)} | ${String(ok.markdownMs).padStart(14)} | ${String(ok.documentMs).padStart(14)} | ${cap} MB`,
      );
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}

/** One measurement in a child process under a heap cap; null figures when it ran out. */
function run(bundle, file, capMb) {
  const script = `
    const m = await import(${JSON.stringify(bundle)});
    const text = (await import("node:fs")).readFileSync(${JSON.stringify(file)}, "utf8");
    let t = performance.now();
    const built = await m.buildSpec(text, null, async () => { throw new Error("offline"); });
    const stored = JSON.stringify(built.document);
    const processMs = Math.round(performance.now() - t);
    const tag = Object.values(built.document.paths ?? {}).flatMap((p) => Object.values(p)).find((o) => o && o.tags)?.tags?.[0] ?? "pets";
    const source = { type: "builtin:openapi", dependencies: { spec: { ref: { kind: "openapi", spec: "s" } } }, props: { doc: "tag", page: tag } };
    const specsMap = new Map([["s", JSON.parse(stored)]]);
    t = performance.now();
    m.computedPageMarkdown(source, specsMap);
    const markdownMs = Math.round(performance.now() - t);
    t = performance.now();
    m.computedPageDocument(source, specsMap);
    const documentMs = Math.round(performance.now() - t);
    console.log(JSON.stringify({ processMs, storedBytes: stored.length, markdownMs, documentMs }));`;
  const child = spawnSync(
    process.execPath,
    [`--max-old-space-size=${capMb}`, "--input-type=module", "-e", script],
    { encoding: "utf8" },
  );
  if (child.status !== 0) {
    if (process.env.DEBUG) console.error(child.stderr.slice(0, 2000));
    return { ok: false };
  }
  return { ok: true, ...JSON.parse(child.stdout.trim().split("\n").pop()) };
}
