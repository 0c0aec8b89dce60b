// Finds assertions on wall time in a test file's text, for scripts/check-wall-time.mjs (run by
// `npm run lint`): a timed assertion makes the suite pass or fail with the machine's load, so speed
// is measured in bench/ (as ratios within one run), never asserted in test/ or test-browser/.
// Pure (no Node APIs). Lexical, not a type checker: it sees
// - an `expect(…)` compared by an ordering matcher (toBeLessThan[OrEqual], toBeGreaterThan[OrEqual])
//   or an `assert(…)` / `assert.ok(…)` with `<` or `>`, whose subject reads a clock's difference
//   (`performance.now() - t`, `Date.now() - t`, `process.hrtime`), names a duration (`elapsed`,
//   `duration`, `took`, `ms`, `millis`, `seconds`, `wall`, `…Ms`, `…Elapsed`, …), or names a value
//   computed from one (a variable assigned a clock's difference, or a function returning one,
//   followed through assignments and calls);
// - an `it("… within 2 s …")`-style name promising a time is not flagged: only what is asserted.

/** A clock's reading minus a start, or a high-resolution clock. */
const CLOCK = /\b(?:performance\.now|Date\.now)\(\)\s*-\s*[\w$]|\bprocess\.hrtime\b/;

/** Names that say "a duration". */
const DURATION =
  /(?<![\w$])(?:elapsed|duration|took|ms|millis|seconds|wall|wallMs|[\w$]*?(?:Ms|Millis|Elapsed|Duration|Seconds))(?![\w$])/;

/** Ordering matchers: the ones a time bound is written with. */
const ORDERING =
  /^\s*(?:\.\s*not\s*)?\.\s*(toBeLessThan|toBeLessThanOrEqual|toBeGreaterThan|toBeGreaterThanOrEqual)\b/;

/**
 * `text` with the insides of its strings, template literals, regex literals and comments blanked
 * (newlines kept, so indexes and lines stay): what is code, not what a string says.
 */
function codeOnly(text) {
  const out = text.split("");
  const blank = (from, to) => {
    for (let k = from; k < to; k++) if (out[k] !== "\n") out[k] = " ";
  };
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    const start = i;
    if (c === "/" && text[i + 1] === "/") {
      while (i < text.length && text[i] !== "\n") i++;
      blank(start, i);
    } else if (c === "/" && text[i + 1] === "*") {
      const end = text.indexOf("*/", i + 2);
      i = end < 0 ? text.length : end + 2;
      blank(start, i);
    } else if (c === '"' || c === "'" || c === "`") {
      for (i++; i < text.length && text[i] !== c; i++) if (text[i] === "\\") i++;
      blank(start + 1, i);
      i++;
    } else if (
      c === "/" &&
      /[(,=:[!&|?{};]\s*$|^\s*$|\breturn\s*$/.test(text.slice(Math.max(0, i - 20), i))
    ) {
      // A regex literal (where an expression starts): to its closing slash, classes skipped.
      let inClass = false;
      for (i++; i < text.length && text[i] !== "\n"; i++) {
        if (text[i] === "\\") i++;
        else if (text[i] === "[") inClass = true;
        else if (text[i] === "]") inClass = false;
        else if (text[i] === "/" && !inClass) break;
      }
      blank(start + 1, i);
      i++;
    } else i++;
  }
  return out.join("");
}

/** The index just past the bracket closing the one opened at `open` (in code-only text). */
function closing(text, open) {
  const pairs = { "(": ")", "{": "}", "[": "]" };
  const stack = [];
  for (let i = open; i < text.length; i++) {
    const c = text[i];
    if (pairs[c]) stack.push(pairs[c]);
    else if (c === stack[stack.length - 1]) {
      stack.pop();
      if (stack.length === 0) return i + 1;
    }
  }
  return text.length;
}

/** A regex matching `name` as a whole identifier (not a property of something else). */
function identifier(name) {
  return new RegExp(`(?<![\\w$.])${name.replace(/\$/g, "\\$")}(?![\\w$])`);
}

/** Whether `expr` reads a clock, names a duration or uses one of the `timed` names. */
function timed(expr, names) {
  return (
    CLOCK.test(expr) || DURATION.test(expr) || [...names].some((n) => identifier(n).test(expr))
  );
}

/**
 * The names in `text` holding a time: variables assigned from a clock's difference (or from a
 * name or a call already known to hold one), and functions that return one. To a fixed point.
 */
function timedNames(text) {
  const names = new Set();
  const functions = [];
  for (const m of text.matchAll(
    /(?:function\s+([\w$]+)\s*\(|(?:const|let|var)\s+([\w$]+)\s*=\s*(?:async\s*)?(?:\([^)]*\)|[\w$]+)\s*=>)/g,
  )) {
    const brace = text.indexOf("{", m.index + m[0].length - 1);
    const arrowBody = m[2] && text.slice(m.index + m[0].length).match(/^\s*[^\s{]/);
    const end = arrowBody ? text.indexOf("\n", m.index) : closing(text, brace);
    const body = arrowBody ? text.slice(m.index + m[0].length, end) : text.slice(brace, end);
    functions.push({ name: m[1] ?? m[2], body: arrowBody ? `return ${body}` : body });
  }
  const assignments = [...text.matchAll(/(?<![\w$.])([\w$]+)\s*(?<![=!<>])=(?![=>])\s*([^;\n]*)/g)];
  for (let grew = true; grew; ) {
    grew = false;
    for (const { name, body } of functions) {
      if (names.has(name)) continue;
      const returns = [...body.matchAll(/\breturn\b([^;\n]*)/g)].map((r) => r[1]);
      if (returns.some((r) => CLOCK.test(r) || [...names].some((n) => identifier(n).test(r)))) {
        names.add(name);
        grew = true;
      }
    }
    for (const [, name, value] of assignments) {
      if (names.has(name) || functions.some((f) => f.name === name)) continue;
      if (CLOCK.test(value) || [...names].some((n) => identifier(n).test(value))) {
        names.add(name);
        grew = true;
      }
    }
  }
  return names;
}

/** The 1-based line of `index` in `text`. */
function lineOf(text, index) {
  let line = 1;
  for (let i = 0; i < index; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

/**
 * Every wall-time assertion of a test file's text: `{ line, text }`, `text` the assertion's
 * first line, trimmed.
 */
export function wallTimeAssertions(source) {
  const text = codeOnly(source);
  const names = timedNames(text);
  const found = [];
  for (const m of text.matchAll(/(?<![\w$.])(expect|assert(?:\.ok)?)\s*\(/g)) {
    const open = m.index + m[0].length - 1;
    const end = closing(text, open);
    const subject = text.slice(open + 1, end - 1);
    const compared =
      m[1] === "expect" ? ORDERING.test(text.slice(end)) : /[<>]/.test(subject.replace(/=>/g, ""));
    if (compared && timed(subject, names)) {
      const line = lineOf(text, m.index);
      found.push({ line, text: source.split("\n")[line - 1].trim() });
    }
  }
  return found;
}
