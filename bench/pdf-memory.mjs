#!/usr/bin/env node
// `node bench/pdf-memory.mjs [pages...] [--no-images]`: renders synthetic change requests of N
// pages (default 300, 1000, 3000), without and with images, with the Worker's PDF renderer
// (src/pdf, bundled by esbuild) in child Node processes. Per case it prints the render time, the
// PDF's size, the document JSON held in memory, the live heap once the input is loaded, and the
// smallest V8 heap cap (--max-old-space-size: 32, 64, 96, 128 MB, the Worker's limit) the render
// completes in (JS objects and strings, transient peaks included: a render that needs more dies),
// and the most ArrayBuffer memory held (image data and the saved PDF live outside the V8 heap). Method and figures: docs/performance.md, "PDF".
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { deflateSync } from "node:zlib";

const root = fileURLToPath(new URL("..", import.meta.url));
const CAPS_MB = [32, 64, 96, 128];

/** A chapter of realistic size (the same as test/pdf/large.test.ts): ≈ 3 KB of text. */
function chapter(i) {
  const paragraph = `Chapter ${i} explains one part of the system in plain words. `.repeat(8);
  return [
    `Opening of chapter ${i}. ${paragraph}`,
    `# Concepts of ${i}`,
    paragraph,
    "- first point with **bold** text\n- second point with `code`\n- third point with a [link](https://example.com)",
    `## Example ${i}`,
    "```ts\n" + `const value${i} = compute(${i});\nconsole.log(value${i});\n`.repeat(4) + "```",
    "| Key | Value |\n| --- | --- |\n" + `| k${i} | v${i} |\n`.repeat(6),
    `> Note for chapter ${i}: ${paragraph}`,
    `Closing of chapter ${i}.`,
  ].join("\n\n");
}

/** CRC-32 for PNG chunks. */
function crc32(bytes) {
  let crc = ~0;
  for (const b of bytes) {
    crc ^= b;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

/**
 * A size × size RGB PNG: noise (incompressible, the most bytes) or a smooth gradient (few
 * bytes, as many pixels to decode).
 */
function makePng(size, seed, noise) {
  const stride = size * 3 + 1;
  const raw = Buffer.alloc(stride * size);
  let x = seed | 1;
  for (let i = 0; i < raw.length; i++) {
    if (i % stride === 0) continue;
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    raw[i] = noise ? x >>> 24 : (i >> 12) & 255;
  }
  const chunk = (type, data) => {
    const body = Buffer.concat([Buffer.from(type), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), 8 + data.length);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(raw, { level: 1 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
  return new Uint8Array(png);
}

const NOISE = { size: 1400, bytes: 1400 * 1400 * 3 + 40_000 };
const GRADIENT = { size: 2000, bytes: 400_000 };

/** Child: renders `count` pages (with images or not) and prints one JSON line of figures. */
async function child(bundle, count, images) {
  const { renderPdf, parseMarkdown } = await import(pathToFileURL(bundle).href);
  const bodies = new Map();
  const files = new Map();
  const roots = [];
  let parent = null;
  let bodyChars = 0;
  for (let i = 0; i < count; i++) {
    const doc = parseMarkdown(chapter(i), {}).document;
    // With images, on every 25th page, alternately: a 1400 × 1400 noise PNG (≈ 5.9 MB) and a
    // 2000 × 2000 gradient (4 MP, the most pixels a PNG may have), each a distinct file.
    if (images && i % 25 === 0) {
      const noise = i % 50 === 0;
      const fileId = `${noise ? "n" : "g"}${i}`;
      const size = (noise ? NOISE : GRADIENT).bytes;
      files.set(fileId, { fileId, name: fileId, contentType: "image/png", size, hash: fileId });
      const ref = { kind: "file", file: fileId };
      doc.nodes.push({ object: "block", type: "image", key: fileId, data: { ref }, fragments: [] });
    }
    const body = JSON.stringify(doc);
    bodyChars += body.length;
    bodies.set(`p${i}`, body);
    const node = { pageId: `p${i}`, title: `Chapter ${i}`, kind: "document", children: [] };
    if (i % 20 === 0 || !parent) roots.push((parent = node));
    else parent.children.push(node);
  }
  globalThis.gc?.();
  const loaded = process.memoryUsage().heapUsed;
  const externalBase = process.memoryUsage().arrayBuffers;
  let external = 0;
  let drawn = 0;
  // Every 10 pages, after a forced GC: what is really held outside the heap, not garbage.
  const sample = (force = false) => {
    if (!force && ++drawn % 10 !== 0) return;
    globalThis.gc();
    external = Math.max(external, process.memoryUsage().arrayBuffers - externalBase);
  };
  const started = performance.now();
  const bytes = await renderPdf({
    spaceId: "s",
    title: "Benchmark",
    subtitle: [`Change request #1: ${count} pages`],
    footnote: "Revision r · 2026-01-01",
    roots,
    bodies,
    files,
    fileBytes: async (file) => {
      const noise = file.fileId.startsWith("n");
      return makePng((noise ? NOISE : GRADIENT).size, Number(file.fileId.slice(1)), noise);
    },
    onPage: () => sample(),
  });
  sample(true);
  if (bytes.length === 0) throw new Error("empty PDF");
  const mb = (n) => Math.round((n / 1024 / 1024) * 10) / 10;
  const figures = {
    ms: Math.round(performance.now() - started),
    pdfMB: mb(bytes.length),
    bodiesMB: mb(bodyChars),
    loadedHeapMB: mb(loaded),
    // ArrayBuffers (embedded images, compressed streams, the saved PDF) live outside the V8
    // heap: the most held, sampled between pages and after the save. Decoding a PNG adds
    // ≈ 8 bytes per pixel of that one image for a moment (docs/performance.md).
    heldExternalMB: mb(external),
  };
  console.log(JSON.stringify(figures));
}

/** Runs one child under a heap cap; its figures, or null when it ran out of memory. */
function runChild(bundle, pages, images, capMb) {
  const args = [`--max-old-space-size=${capMb}`, "--expose-gc", fileURLToPath(import.meta.url)];
  const out = spawnSync(
    process.execPath,
    [...args, "--child", bundle, String(pages), images ? "images" : "text"],
    { encoding: "utf8", timeout: 600_000 },
  );
  if (out.status === 0) return JSON.parse(out.stdout.trim().split("\n").at(-1));
  if (/heap|memory/i.test(out.stderr)) return null;
  throw new Error(out.stderr.slice(-500));
}

/** Parent: bundles the renderer once, then finds each case's smallest heap cap. */
function main(sizes, withImages) {
  const dir = mkdtempSync(join(tmpdir(), "quire-pdf-bench-"));
  const bundle = join(dir, "renderer.mjs");
  try {
    execFileSync(
      join(root, "node_modules/.bin/esbuild"),
      ["--bundle", "--platform=node", "--format=esm", `--outfile=${bundle}`, "--log-level=warning"],
      {
        input: `export { renderPdf } from "${join(root, "src/pdf/document.ts")}";
export { parseMarkdown } from "${join(root, "core/document/index.ts")}";`,
        cwd: root,
      },
    );
    const rows = [];
    const cases = sizes.flatMap((n) => [[n, false], ...(withImages ? [[n, true]] : [])]);
    for (const [pages, images] of cases) {
      let row = { pages, images, minHeapMB: "> 128" };
      for (const cap of CAPS_MB) {
        const figures = runChild(bundle, pages, images, cap);
        if (figures) {
          row = { pages, images, ...figures, minHeapMB: cap };
          break;
        }
      }
      rows.push(row);
      process.stderr.write(`${JSON.stringify(row)}\n`);
    }
    console.table(rows);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const argv = process.argv.slice(2);
if (argv[0] === "--child") await child(argv[1], Number(argv[2]), argv[3] === "images");
else {
  const sizes = argv.filter((a) => /^\d+$/.test(a)).map(Number);
  main(sizes.length ? sizes : [300, 1000, 3000], !argv.includes("--no-images"));
}
