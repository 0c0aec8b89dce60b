#!/usr/bin/env node
// Checks Quire's heading anchors against a GitBook Git Sync corpus: every `page.md#fragment`
// link GitBook wrote (its editor writes the target heading's id) should name an anchor Quire
// gives one of that page's headings or expandables. `node scripts/check-heading-anchors.mjs <corpus folder>`,
// e.g. a clone of GitBook's own docs (github.com/GitbookIO/public-docs). Prints the matches and
// each miss with the anchors the page has, so a miss can be read as a stale link or a rule gap.
import { build } from "esbuild";
import { readdirSync, readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { pathToFileURL } from "node:url";

const root = process.argv[2];
if (!root) {
  process.stderr.write("usage: node scripts/check-heading-anchors.mjs <corpus folder>\n");
  process.exit(2);
}
/** Every markdown file under `dir`, relative to the corpus root. */
function markdownFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === ".git" ? [] : markdownFiles(path);
    return entry.name.endsWith(".md") ? [relative(root, path)] : [];
  });
}
const dir = await mkdtemp(join(tmpdir(), "quire-anchors-"));
const outfile = join(dir, "check.mjs");
await build({
  entryPoints: [new URL("./lib/heading-anchors-entry.ts", import.meta.url).pathname],
  bundle: true,
  format: "esm",
  platform: "node",
  outfile,
  logLevel: "warning",
});
const { checkCorpus } = await import(pathToFileURL(outfile).href);
const files = new Map(
  markdownFiles(root).map((file) => [file, readFileSync(join(root, file), "utf8")]),
);
const { matched, missed, unresolved } = checkCorpus(files);
process.stdout.write(
  `${matched} links match a heading anchor, ${missed.length} do not, ${unresolved} name no page of the corpus\n`,
);
for (const line of missed) process.stdout.write(`  ✗ ${line}\n`);
await rm(dir, { recursive: true, force: true });
