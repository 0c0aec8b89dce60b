import { describe, expect, it } from "vitest";
import readme from "../../README.md?raw";
import { shellBlocks, splitCommands } from "../../scripts/lib/readme-blocks.mjs";

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
