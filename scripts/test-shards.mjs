// The suite's files in shards, one vitest project each (vitest.config.ts). With `isolate: false`
// a runner keeps every file's modules and garbage in one workerd isolate: one runner over ~160
// files grew past 1.5 GB and once spun in the collector for 20 minutes. A shard's runners are
// stopped when its files are done, so each runner holds a bounded number of files.
import { readdirSync } from "node:fs";
import { join, relative } from "node:path";

/** Every `*.test.ts` under `dir`, as paths relative to `root`, sorted. */
function testFiles(root, dir) {
  return readdirSync(join(root, dir), { withFileTypes: true })
    .flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return testFiles(root, path);
      return entry.name.endsWith(".test.ts") ? [relative(root, join(root, path))] : [];
    })
    .sort();
}

/**
 * The test files of `root`'s `test/` folder in `count` shards of about the same size, each a
 * run of neighbouring files (one feature's files share a shard and its warm modules).
 */
export function testShards(root, count) {
  const files = testFiles(root, "test");
  const size = Math.ceil(files.length / count);
  return Array.from({ length: count }, (_, i) => files.slice(i * size, (i + 1) * size)).filter(
    (shard) => shard.length > 0,
  );
}
