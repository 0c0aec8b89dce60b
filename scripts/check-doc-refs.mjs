// Keeps the docs' references to tests true: every `test/….test.ts` (and `test-browser/….mjs`)
// path named in README.md or docs/**/*.md must exist (the suite's files were merged once and 29
// references went stale unnoticed). Exit 1 naming each missing file and where it is named.
// Run by `npm run lint`.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { ROOT } from "./lib/root.mjs";

/** Every markdown file under `dir`, recursively. */
function markdownUnder(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return markdownUnder(path);
    return entry.name.endsWith(".md") ? [path] : [];
  });
}

const REFERENCE = /\b(test\/[\w./-]+\.test\.ts|test-browser\/[\w./-]+\.mjs)\b/g;
const missing = [];
for (const file of [join(ROOT, "README.md"), ...markdownUnder(join(ROOT, "docs"))]) {
  const lines = readFileSync(file, "utf8").split("\n");
  lines.forEach((line, i) => {
    for (const [path] of line.matchAll(REFERENCE)) {
      if (!existsSync(join(ROOT, path))) missing.push(`  ${relative(ROOT, file)}:${i + 1}: ${path}`);
    }
  });
}
if (missing.length > 0) {
  console.error(`The docs name test files that do not exist:\n${missing.join("\n")}`);
  process.exitCode = 1;
}
