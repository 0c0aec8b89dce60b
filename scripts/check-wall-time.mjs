// Refuses assertions on wall time in test/ and test-browser/ (GUIDE: speed is measured in bench/,
// as ratios within one run; round trips and rows may be asserted): a bound on milliseconds passes
// on an idle machine and fails on a loaded one. Reads every test source with the scanner of
// scripts/lib/wall-time.mjs and prints each finding as file:line. Exit 1 when there is one.
// Run by `npm run lint`.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { wallTimeAssertions } from "./lib/wall-time.mjs";
import { ROOT } from "./lib/root.mjs";

/** The folders of tests, and the sources in them (generated bundles aside). */
const TEST_DIRS = ["test", "test-browser"];
const SOURCE = /\.(?:[cm]?[jt]s|tsx)$/;
const GENERATED = /(?:^|\/)\.generated\//;

const findings = [];
for (const dir of TEST_DIRS) {
  for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })) {
    const file = relative(ROOT, join(entry.parentPath, entry.name));
    if (!entry.isFile() || !SOURCE.test(entry.name) || GENERATED.test(file)) continue;
    for (const { line, text } of wallTimeAssertions(readFileSync(join(ROOT, file), "utf8"))) {
      findings.push(`${file}:${line}: ${text}`);
    }
  }
}
if (findings.length > 0) {
  console.error(
    `Assertions on wall time (measure speed in bench/, as a ratio within one run):\n` +
      findings.map((f) => `  ${f}`).join("\n"),
  );
  process.exitCode = 1;
}
