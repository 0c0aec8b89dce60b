// The rule of scripts/check-module-memories.mjs, as a pure function of a file's text (so the
// workerd tests can check it): a module-level memory is made by core/memory/memos.ts
// (`isolateMemo`, `weakMemo`) or is the platform's, never a Map, Set or mutable binding of its own.
//
// It reads Prettier-formatted TypeScript, where a module-level statement starts at column 0.
// Refused at module level:
// - `let` and `var` (mutable module state: a one-slot cache);
// - a `const` made as `new Map(`, `new Set(`, `new WeakMap(`, `new WeakSet(`, `new BoundedMap(`,
//   `new Memory(` or `[]` (an array cache), unless its type says it is read only
//   (`ReadonlyMap`, `ReadonlySet`, `readonly T[]`, `ReadonlyArray`: the compiler then refuses
//   any write, so it is a lookup table, not a cache).
// Allowed anyway with a visible comment on the line just above: `// module-state: <why>`.

/** A module-level declaration: its keyword, name, type annotation and what it is made as. */
const DECLARATION =
  /^(?:export\s+)?(const|let|var)\s+([A-Za-z_$][\w$]*)\s*(?::\s*([^=]+?))?\s*=\s*(.*)$/;

/** An initializer that makes a memory. */
const MEMORY = /^(?:new\s+(Map|Set|WeakMap|WeakSet|BoundedMap|Memory)\b|\[\s*\](?!\s*\.))/;

/** A type that the compiler keeps from being written to. */
const READ_ONLY = /^(ReadonlyMap|ReadonlySet|ReadonlyArray)\b|^readonly\s/;

/** The marker of an allowed module-level state. */
const ALLOWED = /^\/\/\s*module-state:\s*\S/;

/**
 * The module-level memories of one file that the rule refuses: `{ line, name, reason }` for
 * each (1-based lines).
 */
export function moduleMemories(text) {
  const lines = text.split("\n");
  const found = [];
  lines.forEach((line, index) => {
    const match = DECLARATION.exec(line);
    if (!match) {
      const bare = /^(?:export\s+)?(let|var)\s+([A-Za-z_$][\w$]*)/.exec(line);
      if (bare && !ALLOWED.test(lines[index - 1] ?? "")) {
        found.push({ line: index + 1, name: bare[2], reason: `module-level \`${bare[1]}\`` });
      }
      return;
    }
    const [, keyword, name, type, init] = match;
    if (ALLOWED.test(lines[index - 1] ?? "")) return;
    if (keyword !== "const") {
      found.push({ line: index + 1, name, reason: `module-level \`${keyword}\`` });
      return;
    }
    const made = MEMORY.exec(init);
    if (!made) return;
    if (type && READ_ONLY.test(type.trim())) return;
    found.push({
      line: index + 1,
      name,
      reason: made[1] ? `module-level \`new ${made[1]}\`` : "module-level array",
    });
  });
  return found;
}
