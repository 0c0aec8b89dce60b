#!/usr/bin/env node
// `node bench/large-spec.mjs`: how long processing a large API spec holds the event loop (issue
// 34, finding 7). The Worker's own spec code (src/openapi-specs), bundled by esbuild, processes
// a generated 9.5 MB JSON spec and a 1.5 MiB YAML spec (the YAML cap) in a child Node process
// while a 1 ms interval timer runs: the longest gap between two ticks is the longest time a
// request arriving meanwhile would have waited. The same YAML through `yaml`'s one-shot
// `parseDocument` (what processing did before) is the comparison. Ratios within one run.
import { spawnSync } from "node:child_process";
import { build } from "esbuild";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));

/** A spec of ~`bytes` (pretty JSON): paths with two operations, one schema each. */
function generated(bytes) {
  const paths = {};
  const schemas = {};
  for (let i = 0, size = 0; size < bytes; i++) {
    const props = Array.from({ length: 12 }, (_, k) => [
      `field${k}`,
      { type: k % 2 ? "string" : "integer", description: `Field ${k} of thing ${i}` },
    ]);
    schemas[`Thing${i}`] = { type: "object", properties: Object.fromEntries(props) };
    const ref = { $ref: `#/components/schemas/Thing${i}` };
    const body = { content: { "application/json": { schema: ref } } };
    paths[`/things${i}/{id}`] = {
      get: {
        operationId: `get${i}`,
        tags: [`tag${i % 40}`],
        parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
        responses: { 200: { description: "OK", ...body } },
      },
      put: { operationId: `put${i}`, requestBody: body, responses: { 200: { description: "OK" } } },
    };
    if (i % 100 === 99) size = JSON.stringify({ paths, schemas }, null, 2).length;
  }
  return {
    openapi: "3.1.0",
    info: { title: "Large", version: "1" },
    paths,
    components: { schemas },
  };
}

const work = mkdtempSync(join(tmpdir(), "quire-large-spec-"));
try {
  const entry = join(work, "entry.ts");
  writeFileSync(
    entry,
    `export { buildSpec } from ${JSON.stringify(join(root, "src/openapi-specs/build.ts"))};
export { parseDocument, stringify } from "yaml";`,
  );
  const bundle = join(work, "bundle.mjs");
  await build({
    entryPoints: [entry],
    bundle: true,
    format: "esm",
    platform: "node",
    outfile: bundle,
    logLevel: "error",
    nodePaths: [join(root, "node_modules")],
    banner: {
      js: `import { createRequire } from "node:module"; const require = createRequire(import.meta.url);`,
    },
  });
  const { stringify } = await import(bundle);
  const json = JSON.stringify(generated(9.5e6), null, 2);
  // The largest YAML processing takes: grow the spec until its YAML is just under the cap.
  let yaml = "";
  for (let bytes = 1.5e6; ; bytes += 0.1e6) {
    const next = stringify(generated(bytes));
    if (next.length > 1536 * 1024) break;
    yaml = next;
  }
  const files = { json: join(work, "spec.json"), yaml: join(work, "spec.yaml") };
  writeFileSync(files.json, json);
  writeFileSync(files.yaml, yaml);
  console.log(
    "run                                | bytes     | total ms | longest stall ms | turns",
  );
  for (const [name, file, how] of [
    ["JSON 9.5 MB, buildSpec", files.json, "build"],
    ["YAML at the cap, buildSpec", files.yaml, "build"],
    ["YAML at the cap, one parseDocument", files.yaml, "oneshot"],
  ]) {
    const r = measure(bundle, file, how);
    console.log(
      `${name.padEnd(34)} | ${String(r.bytes).padStart(9)} | ${String(r.totalMs).padStart(8)} | ${String(r.longestMs).padStart(16)} | ${r.turns}`,
    );
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}

/** One run in a child process: total time, the longest gap between 1 ms ticks, tick count. */
function measure(bundle, file, how) {
  const script = `
    const m = await import(${JSON.stringify(bundle)});
    const text = (await import("node:fs")).readFileSync(${JSON.stringify(file)}, "utf8");
    let last = performance.now(), longest = 0, turns = 0;
    const timer = setInterval(() => {
      const now = performance.now();
      longest = Math.max(longest, now - last);
      last = now;
      turns++;
    }, 1);
    await new Promise((r) => setTimeout(r, 20));
    const start = performance.now();
    last = start; longest = 0; turns = 0;
    if (${JSON.stringify(how)} === "build") await m.buildSpec(text, null, async () => { throw new Error("offline"); });
    else m.parseDocument(text, { uniqueKeys: false }).toJS();
    const end = performance.now();
    longest = Math.max(longest, end - last);
    clearInterval(timer);
    console.log(JSON.stringify({ bytes: text.length, totalMs: Math.round(end - start), longestMs: Math.round(longest), turns }));`;
  const child = spawnSync(process.execPath, ["--input-type=module", "-e", script], {
    encoding: "utf8",
  });
  if (child.status !== 0) throw new Error(child.stderr.slice(0, 2000));
  return JSON.parse(child.stdout.trim().split("\n").pop());
}
