// Refuses a module-level memory in src/, core/, reader/src and app/src that is not made by the one
// registry (core/memory/memos.ts: `isolateMemo`, `weakMemo`, bounded by the one policy) or held
// by the platform (src/platform/isolate-memories.ts): a new `new Map(` at module scope is a cache
// that tests and isolates share by import and that nothing bounds. The rule is
// scripts/lib/module-memories.mjs (a lookup table is typed read only; a deliberate exception says
// why on the line above: `// module-state: …`). Exit 1 with each offender. Run by `npm run lint`.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { ROOT } from "./lib/root.mjs";
import { moduleMemories } from "./lib/module-memories.mjs";

/** The folders of Worker code and the shared cores. */
const DIRS = ["src", "core", "reader/src", "app/src"];

const offenders = [];
for (const dir of DIRS) {
  const entries = readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true });
  for (const entry of entries) {
    if (!entry.isFile() || !/\.tsx?$/.test(entry.name) || entry.name.endsWith(".d.ts")) continue;
    const file = join(entry.parentPath, entry.name);
    for (const found of moduleMemories(readFileSync(file, "utf8"))) {
      offenders.push(`${relative(ROOT, file)}:${found.line} ${found.name}: ${found.reason}`);
    }
  }
}

if (offenders.length > 0) {
  console.error(
    "Module-level memories outside the registry (make them with isolateMemo/weakMemo of " +
      "core/memory/memos.ts, type a lookup table read only, or say why: `// module-state: …`):",
  );
  for (const line of offenders.sort()) console.error(`  ${line}`);
  process.exit(1);
}
