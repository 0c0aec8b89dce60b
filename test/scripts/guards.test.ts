import { describe, expect, it } from "vitest";
import { wallTimeAssertions } from "../../scripts/lib/wall-time.mjs";
import {
  APT_INSTALL,
  chromiumPlan,
  DEBIAN_CHROMIUM,
  type ChromiumMachine,
} from "../../scripts/lib/chromium-plan.mjs";
import readme from "../../README.md?raw";
import { shellBlocks, splitCommands } from "../../scripts/lib/readme-blocks.mjs";
import { moduleMemories } from "../../scripts/lib/module-memories.mjs";
import { lostToCrash } from "../../scripts/lib/runner-crash.mjs";
import memos from "../../core/memory/memos.ts?raw";
import tokens from "../../src/auth/tokens.ts?raw";
import pages from "../../reader/src/cache/pages.ts?raw";

describe("wall-time", () => {
  /** The lines the scanner flags in `source` (scripts/check-wall-time.mjs, run by npm run lint). */
  const flagged = (source: string) => wallTimeAssertions(source).map((f) => f.line);

  /** `expect(subject).toBeLessThan(bound);`, written so that no grep of this file takes it for one. */
  const lt = (subject: string, bound: string) => `expect(${subject}).toBeLessThan(${bound});`;

  /** The guard that keeps assertions on wall time out of test/ and test-browser/. */
  describe("the wall-time assertion scanner", () => {
    it("flags a bound on a clock's difference or on a value named as a duration", () => {
      const source = [
        "expect(Date.now() - started).toBeLessThan(5000);",
        "expect(performance.now() - t0).toBeLessThanOrEqual(10);",
        lt("elapsed", "200"),
        lt("res.took, 'slow'", "2"),
        "expect(wallMs).not.toBeGreaterThan(1_000);",
        "expect(parseMs + renderMs).toBeLessThan(120_000);",
        "expect(Math.min(first.elapsed, second.elapsed)).toBeLessThan(2000);",
        "expect(\n  stats.durationSeconds,\n).toBeGreaterThanOrEqual(1);",
        "assert.ok(ms < 100, 'fast');",
        "assert(process.hrtime.bigint() - start < 5n);",
      ].join("\n");
      expect(flagged(source)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 11, 12]);
    });

    it("follows a time through a variable, a timing function and their calls", () => {
      const source = `
function convert(markdown: string): number {
  const start = performance.now();
  render(markdown);
  return performance.now() - start;
}
const time = (run: () => void) => { const s = performance.now(); run(); return performance.now() - s; };
let best = Infinity;
best = Math.min(best, performance.now() - started);
const small = convert(a);
const large = convert(b);
const twice = time(() => x) * 2;
expect(large).toBeLessThan(Math.max(small, 20) * 50);
expect(twice).toBeLessThan(10);
expect(best).toBeLessThan(50);
`;
      expect(flagged(source)).toEqual([13, 14, 15]);
    });

    it("leaves counts, dates, equalities and printed timings alone", () => {
      const source = `
expect(d1Cost(res).roundTrips).toBeLessThanOrEqual(3);
expect(d1Cost(again).rowsRead).toBeLessThan(d1Cost(first).rowsRead);
expect(Date.parse(token.expiresAt) - Date.now()).toBeLessThanOrEqual(3600_000);
expect(claims.exp * 1000).toBeGreaterThan(Date.now() + 120_000);
expect(retryAfter).toBeLessThanOrEqual(60);
const elapsed = Date.now() - started;
console.log(\`rendered in \${elapsed} ms\`);
expect(elapsed).toBe(0);
expect(items.length).toBeLessThan(5);
expect(html).toContain("took 2 ms");
`;
      expect(flagged(source)).toEqual([]);
    });

    it("reads code only: not what strings, regex literals or comments say", () => {
      const source = [
        `const quoted = "${lt("elapsed", "5")}";`,
        `// ${lt("Date.now() - started", "5000")}`,
        `/* ${lt("ms", "1")} */`,
        "const pattern = /expect\\(took\\)'/;",
        `expect(wallTimeAssertions(\`${lt("elapsed", "5")}\`)).toEqual([]);`,
        `${lt("elapsed", "5")} // still code`,
      ].join("\n");
      expect(flagged(source)).toEqual([6]);
    });

    it("names the line and its text", () => {
      expect(wallTimeAssertions(`const a = 1;\n  ${lt("elapsed", "5")}\n`)).toEqual([
        { line: 2, text: lt("elapsed", "5") },
      ]);
    });
  });
});

describe("chromium-plan", () => {
  /** A Debian container run as root with nothing installed: what a fresh CI machine is. */
  const fresh: ChromiumMachine = {
    chosen: null,
    chosenExists: false,
    found: null,
    platform: "linux",
    root: true,
    aptGet: true,
  };

  /** How the browser tests get their Chromium (scripts/lib/chromium.mjs follows this plan). */
  describe("the browser tests' Chromium", () => {
    it("uses the browser CHROMIUM_PATH names, or the one found on the machine", () => {
      expect(chromiumPlan({ ...fresh, chosen: "/opt/chrome", chosenExists: true })).toEqual({
        action: "use",
        path: "/opt/chrome",
      });
      expect(chromiumPlan({ ...fresh, found: "/usr/bin/chromium" })).toEqual({
        action: "use",
        path: "/usr/bin/chromium",
      });
    });

    it("installs Debian's chromium when none is there, as root with apt-get", () => {
      expect(chromiumPlan(fresh)).toEqual({
        action: "install",
        commands: APT_INSTALL,
        path: DEBIAN_CHROMIUM,
      });
      expect(APT_INSTALL.map((c) => c.join(" "))).toEqual([
        "apt-get update -qq",
        "apt-get install -y -qq chromium",
      ]);
    });

    it("never installs over a CHROMIUM_PATH that names no file: it says so", () => {
      const plan = chromiumPlan({ ...fresh, chosen: "/nowhere/chrome" });
      expect(plan.action).toBe("fail");
      expect(plan.action === "fail" && plan.message).toMatch(
        /CHROMIUM_PATH=\/nowhere\/chrome is no file/,
      );
    });

    it("fails naming the exact command where it may not or cannot install", () => {
      const message = (machine: ChromiumMachine) => {
        const plan = chromiumPlan(machine);
        expect(plan.action).toBe("fail");
        return plan.action === "fail" ? plan.message : "";
      };
      expect(message({ ...fresh, root: false })).toMatch(
        /needs root\. Install it: `sudo apt-get update && sudo apt-get install -y chromium`/,
      );
      expect(message({ ...fresh, install: false })).toMatch(
        /CHROMIUM_INSTALL=0.*apt-get install -y chromium/,
      );
      expect(message({ ...fresh, aptGet: false })).toMatch(/your package manager.*CHROMIUM_PATH/);
      expect(message({ ...fresh, platform: "darwin", root: false, aptGet: false })).toMatch(
        /brew install --cask chromium/,
      );
      expect(message({ ...fresh, platform: "win32" })).toMatch(/set CHROMIUM_PATH/);
    });
  });
});

describe("readme-blocks", () => {
  /** The parser `npm run readme:check` reads the README with (scripts/lib/readme-blocks.mjs). */
  describe("README shell blocks for npm run readme:check", () => {
    it("splits commands as the shell reads them: continuations, quotes, $(…), heredocs", () => {
      const lines = [
        "# a label",
        "A=$(curl -s \\",
        '  -d \'{"x":',
        "  1}' $API | id)",
        "",
        'echo "$(printf \'%s\' "a)b")"   # a trailing comment (with a paren',
        "cat > /tmp/f <<'EOF'",
        "it's here",
        "EOF",
        "B=2",
      ];
      const commands = splitCommands(lines, 10);
      expect(commands.map((c) => c.line)).toEqual([11, 15, 16, 19]);
      expect(commands[0]!.label).toBe("a label");
      expect(commands[0]!.text).toBe(lines.slice(1, 4).join("\n"));
      expect(commands[2]!.text).toBe(lines.slice(6, 9).join("\n"));
      expect(() => splitCommands(["echo 'open"])).toThrow(/never ends/);
    });

    it("reads markers: skip, background with the URL to await, and indented fences", () => {
      const md = [
        "## One",
        "<!-- readme-check: skip -->",
        "",
        "```sh",
        "npm run deploy",
        "```",
        "<!-- readme-check: background http://localhost:8788/metadata -->",
        "```bash",
        "npm run sso:idp",
        "```",
        "- item:",
        "",
        "  ```sh",
        "  curl $API/user",
        "  ```",
        "```json",
        "{}",
        "```",
      ].join("\n");
      const blocks = shellBlocks(md);
      expect(blocks.map((b) => [b.mode, b.wait, b.commands.map((c) => c.text)])).toEqual([
        ["skip", null, ["npm run deploy"]],
        ["background", "http://localhost:8788/metadata", ["npm run sso:idp"]],
        ["run", null, ["curl $API/user"]],
      ]);
    });

    it("parses the whole README, and never runs deploys, installs or the server itself", () => {
      const blocks = shellBlocks(readme);
      const run = blocks.filter((b) => b.mode === "run").flatMap((b) => b.commands);
      expect(run.length).toBeGreaterThan(50);
      for (const command of run) {
        expect(command.text).not.toMatch(/^(npm (install|run (dev|deploy)\b)|docker )|--remote/m);
        expect(command.text, `README.md:${command.line}`).not.toMatch(/<[a-z][a-z ]*>/i);
      }
      expect(blocks.some((b) => b.section === "Reading published content")).toBe(true);
    });
  });
});

describe("module-memories", () => {
  // scripts/check-module-memories.mjs (`npm run lint`) refuses a module-level memory that the one
  // registry (core/memory/memos.ts) does not make: these are its rule's cases.

  const names = (text: string) => moduleMemories(text).map((found) => found.name);

  describe("the guard against module-level memories", () => {
    it("refuses a module-level Map, Set, WeakMap, BoundedMap, Memory or array cache", () => {
      const text = [
        "const cache = new Map<string, string>();",
        "export const seen = new Set();",
        "const byObject = new WeakMap<object, string>();",
        "const bounded = new BoundedMap<string, string>({ entries: 10 });",
        "const views = new Memory<string>(100);",
        "const pending: string[] = [];",
      ].join("\n");
      expect(names(text)).toEqual(["cache", "seen", "byObject", "bounded", "views", "pending"]);
    });

    it("refuses module-level mutable bindings (a one-slot cache)", () => {
      expect(names("let last: string | null = null;\nexport let count = 0;\nvar old;")).toEqual([
        "last",
        "count",
        "old",
      ]);
    });

    it("allows lookup tables typed read only, memos of the registry, and a stated exception", () => {
      const text = [
        "const KINDS: ReadonlySet<string> = new Set(['a', 'b']);",
        "const BY_ID: ReadonlyMap<string, number> = new Map([['a', 1]]);",
        "const LIST: readonly string[] = [];",
        "const digests = isolateMemo<string, string>('token digests', { entries: 1_000 });",
        "const fingerprints = weakMemo<object, string>('grant fingerprints');",
        "// module-state: the isolate's one highlighter, built on first use.",
        "let highlighter: Highlighter | undefined;",
        "const rows = [1, 2, 3];",
      ].join("\n");
      expect(names(text)).toEqual([]);
    });

    it("does not look inside functions and classes (their maps live as long as a call)", () => {
      const text = [
        "export function f() {",
        "  const local = new Map();",
        "  let n = 0;",
        "}",
        "class C {",
        "  private readonly entries = new Map();",
        "}",
      ].join("\n");
      expect(names(text)).toEqual([]);
    });

    it("holds for the registry itself and the files it replaced maps in", () => {
      for (const text of [memos, tokens, pages]) expect(moduleMemories(text)).toEqual([]);
      expect(names("const digests = new BoundedMap<string, string>(1_000);")).toEqual(["digests"]);
    });
  });
});

describe("runner-crash", () => {
  /** The JSON reporter's report of files, each with its tests' statuses. */
  const report = (files: Record<string, string[]>, failed = 0) => ({
    numFailedTests: failed,
    testResults: Object.entries(files).map(([name, tests]) => ({
      name: `/repo/${name}`,
      status: tests.includes("failed") ? "failed" : "passed",
      assertionResults: tests.map((status) => ({ status })),
    })),
  });
  const crashed = (errors: number) =>
    `\u001b[31mVitest caught ${errors} unhandled error during the test run.\n` +
    "\u001b[1mCaused by: Error\u001b[22m: Worker exited unexpectedly\n";
  const files = ["test/a.test.ts", "test/b.test.ts", "test/c.test.ts"];

  describe("the files a crashed workerd runner left unreported (npm test runs them again)", () => {
    it("names the files with tests that never ran and the files never reported", () => {
      const results = report({
        "test/a.test.ts": ["passed"],
        "test/b.test.ts": ["passed", "pending"],
      });
      expect(lostToCrash(crashed(1), results, files, "/repo")).toEqual({
        crashes: 1,
        files: ["test/b.test.ts", "test/c.test.ts"],
      });
      // A skipped test is not a lost one.
      const skipped = report({
        "test/a.test.ts": ["skipped"],
        "test/b.test.ts": ["passed"],
        "test/c.test.ts": ["passed"],
      });
      expect(lostToCrash(crashed(1), skipped, files, "/repo")).toEqual({ crashes: 1, files: [] });
    });

    it("runs nothing again after a failed test, another unhandled error, or no crash", () => {
      const results = report({ "test/a.test.ts": ["passed"] });
      expect(
        lostToCrash(crashed(1), report({ "test/a.test.ts": ["failed"] }, 1), files, "/repo"),
      ).toBeNull();
      expect(lostToCrash(crashed(2), results, files, "/repo")).toBeNull();
      expect(lostToCrash("Vitest caught 1 unhandled error", results, files, "/repo")).toBeNull();
      expect(lostToCrash(crashed(1), null, files, "/repo")).toBeNull();
    });
  });
});
