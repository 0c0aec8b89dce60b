// A workerd runner of the suite can die mid-run: workerd segfaults now and then under
// @cloudflare/vitest-pool-workers (cloudflare/workerd#6763, open; "*** Received signal #11" in the
// output), vitest reports "Worker exited unexpectedly", and the file that runner was running is
// never reported (session 20: test/content/authz.test.ts, 141 of 142 files, every test that ran
// passed). That is not a failing test: `npm test` runs the files the dead runner never reported
// again, once, and says so. A failed assertion anywhere, or any other unhandled error, is never
// run again: the run fails as before.
import { relative } from "node:path";

const CRASH = "Worker exited unexpectedly";

/** How many times `text` occurs in `output`. */
const count = (output, text) => output.split(text).length - 1;

/**
 * The suite's files a crashed runner left unreported, when a runner crash is the run's only
 * fault (no test failed, every unhandled error is a runner's exit); null otherwise. `results` is
 * the JSON reporter's report (null when none was written), `files` every test file of the run
 * (relative to `root`).
 */
export function lostToCrash(coloured, results, files, root) {
  // eslint-disable-next-line no-control-regex -- the terminal's colour codes
  const output = coloured.replace(/\x1b\[[\d;]*m/g, "");
  const crashes = count(output, `Caused by: Error: ${CRASH}`);
  if (crashes === 0) return null;
  const unhandled = /Vitest caught (\d+) unhandled errors?/.exec(output);
  if (!unhandled || Number(unhandled[1]) !== crashes) return null;
  if (!results || results.numFailedTests !== 0) return null;
  // A dead runner's file still reads "passed", its tests that never ran "pending" (vitest's
  // JSON for queued or running; a skipped test is "skipped").
  const passed = new Set(
    results.testResults
      .filter((file) => file.status === "passed")
      .filter((file) => file.assertionResults.every((test) => test.status !== "pending"))
      .map((file) => relative(root, file.name)),
  );
  return { crashes, files: files.filter((file) => !passed.has(file)) };
}
