#!/usr/bin/env node
// `npm run bench:import`: a generated Git Sync repository of 1,000 pages (folders of ten, links
// between neighbours, SUMMARY.md with groups) and 200 images, imported through the API (upload,
// startImportRun, polled) and exported (POST …/exports, polled, downloaded), with pages per
// second and the peak resident memory of the workerd process each way; then the export is
// imported into a fresh space and exported again, and the two archives are compared byte for
// byte. The Worker, built as wrangler ships it, runs in Miniflare with the real local queue.
// Figures and method: docs/performance.md "Import and export (issue 36)".
import { zipSync } from "fflate";
import { expectStatus, startAreaBench, until, verdict } from "./lib/area-bench.mjs";
import { docsRepository } from "./lib/docs-repository.mjs";
import { measured } from "./lib/workerd-memory.mjs";

const PAGES = Number(process.env.BENCH_IMPORT_PAGES) || 1000;
const IMAGES = Number(process.env.BENCH_IMPORT_IMAGES) || 200;

/** The repository, zipped (images stored, not deflated: they do not compress). */
function repository() {
  const { files, groups } = docsRepository(PAGES, IMAGES);
  const entries = Object.fromEntries(
    Object.entries(files).map(([path, bytes]) => [
      path,
      path.endsWith(".png") ? [bytes, { level: 0 }] : bytes,
    ]),
  );
  return { zip: zipSync(entries), groups };
}

const bench = await startAreaBench("bench:import");
const { say, api, seeded, runtime } = bench;
const base = `${runtime.urls.app}/v1`;

async function newSpace(title) {
  return expectStatus(
    await api("POST", `/orgs/${seeded.org}/spaces`, { title }),
    201,
    "create space",
  ).json.id;
}

async function importZip(spaceId, bytes) {
  const signed = expectStatus(
    await api("POST", `/orgs/${seeded.org}/storage/upload`, {
      file: { name: "repo.zip", type: "application/zip", size: bytes.byteLength },
      kind: "import_file",
    }),
    201,
    "upload URL",
  ).json;
  const put = await fetch(signed.url, {
    method: "PUT",
    body: bytes,
    headers: { "content-length": String(bytes.byteLength) },
  });
  if (put.status !== 204) throw new Error(`upload: ${put.status} ${await put.text()}`);
  const run = expectStatus(
    await api("POST", `/org/${seeded.org}/imports`, {
      source: { type: "file", files: [signed.key] },
      target: { space: spaceId },
    }),
    201,
    "startImportRun",
  ).json;
  const done = await until(
    async () => {
      const r = (await api("GET", `/org/${seeded.org}/imports/${run.id}`)).json;
      return ["completed", "failed"].includes(r.status) ? r : null;
    },
    { timeoutMs: 900_000, ms: 200, what: "import" },
  );
  if (done.status !== "completed") throw new Error(`import failed: ${done.reason}`);
  return done;
}

async function exportZip(spaceId, changeRequest) {
  const started = expectStatus(
    await api("POST", `/spaces/${spaceId}/exports`, { changeRequest }),
    202,
    "export",
  ).json;
  const done = await until(
    async () => {
      const r = (await api("GET", `/spaces/${spaceId}/exports/${started.id}`)).json;
      return ["completed", "failed"].includes(r.status) ? r : null;
    },
    { timeoutMs: 900_000, ms: 200, what: "export" },
  );
  if (done.status !== "completed") throw new Error(`export failed: ${done.reason}`);
  const url = done.archive.downloadURL.replace(/^https?:\/\/[^/]+\/v1/, base);
  return new Uint8Array(await (await fetch(url)).arrayBuffer());
}

try {
  const { zip, groups } = repository();
  say(
    `repository: ${PAGES} pages, ${IMAGES} images, ${(zip.byteLength / 1024 / 1024).toFixed(1)} MiB zipped`,
  );
  const space = await newSpace("Bench import");
  const imported = await measured(() => importZip(space, zip));
  say(`imported in ${imported.seconds.toFixed(1)} s`);
  const cr = imported.value.target.changeRequest;
  const exported = await measured(() => exportZip(space, cr));
  say(`exported in ${exported.seconds.toFixed(1)} s`);
  const again = await newSpace("Bench round trip");
  const reimported = await importZip(again, exported.value);
  const second = await exportZip(again, reimported.target.changeRequest);
  const identical = Buffer.compare(Buffer.from(exported.value), Buffer.from(second)) === 0;
  const pages = imported.value.result.pages;
  const rate = (n, s) => (n / s).toFixed(0);
  console.log(`machine: ${JSON.stringify(bench.machine)}`);
  console.log(
    `import: ${pages} pages, ${imported.value.result.files} files in ${imported.seconds.toFixed(2)} s = ${rate(pages, imported.seconds)} pages/s; workerd RSS ${imported.baseMb.toFixed(0)} → peak ${imported.peakMb.toFixed(0)} MiB; ${imported.value.result.warnings.length} warnings`,
  );
  console.log(
    `export: ${(exported.value.byteLength / 1024 / 1024).toFixed(1)} MiB in ${exported.seconds.toFixed(2)} s = ${rate(pages, exported.seconds)} pages/s; workerd RSS ${exported.baseMb.toFixed(0)} → peak ${exported.peakMb.toFixed(0)} MiB`,
  );
  for (const w of imported.value.result.warnings.slice(0, 5)) console.log(`warning: ${w}`);
  console.log(
    verdict(
      pages === PAGES + groups,
      `every page and group imported (${pages} of ${PAGES} + ${groups})`,
    ),
  );
  console.log(verdict(identical, "export → import → export is byte-identical"));
  if (!identical || pages !== PAGES + groups) process.exitCode = 1;
} finally {
  await bench.dispose();
}
