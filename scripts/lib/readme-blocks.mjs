// Reads the README's shell walk-throughs for `npm run readme:check`: its ```sh / ```bash blocks,
// each split into the commands a reader pastes one at a time. Pure (no Node APIs).
//
// A block is run unless the line before its fence (blank lines aside) is a marker comment:
//   <!-- readme-check: skip -->           never run (deploying, installing, starting the server…)
//   <!-- readme-check: background URL --> started in the background (a second terminal), then
//                                         URL is awaited until it answers; stopped at the end

/** A marker comment and what it asks. */
const MARKER = /^\s*<!--\s*readme-check:\s*(skip|background)\b\s*(\S*)[^>]*-->\s*$/;
/** An opening or closing fence, with its indentation and info string. */
const FENCE = /^(\s*)(`{3,})\s*([\w-]*)/;
/** A heredoc operator at the end of a line: `<<EOF`, `<<'EOF'`, `<<-"EOF"`. */
const HEREDOC = /<<-?\s*(['"]?)([A-Za-z_]\w*)\1\s*$/;

/**
 * The shell blocks of a markdown text, in order: `{ section, mode, wait, line, commands }` where
 * `mode` is "run", "skip" or "background" and each command is `{ text, label, line }` (`label`:
 * the comment lines just above it).
 */
export function shellBlocks(markdown) {
  const lines = markdown.split("\n");
  const blocks = [];
  let section = "(top)";
  let marker = null;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (/^#{2,3} /.test(line)) section = line.replace(/^#+ /, "");
    const m = MARKER.exec(line);
    if (m) {
      marker = { mode: m[1], wait: m[2] || null };
      continue;
    }
    const fence = FENCE.exec(line);
    if (!fence) {
      if (line.trim() !== "") marker = null;
      continue;
    }
    const [, indent, ticks, info] = fence;
    const body = [];
    let j = i + 1;
    for (; j < lines.length && !lines[j].startsWith(`${indent}${ticks}`); j++) {
      body.push(lines[j].startsWith(indent) ? lines[j].slice(indent.length) : lines[j]);
    }
    if (info === "sh" || info === "bash") {
      blocks.push({
        section,
        mode: marker?.mode ?? "run",
        wait: marker?.wait ?? null,
        line: i + 1,
        commands: splitCommands(body, i + 2),
      });
    }
    marker = null;
    i = j;
  }
  return blocks;
}

/**
 * Splits a block's lines into commands as the shell reads them: a newline ends a command unless
 * it is escaped, inside quotes or a `$(…)`, or a heredoc's body follows. Comment lines between
 * commands become the next command's label.
 */
export function splitCommands(lines, firstLine = 1) {
  const commands = [];
  let current = [];
  let label = [];
  let start = firstLine;
  const stack = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (current.length === 0) {
      if (line.trim() === "") continue;
      if (/^\s*#/.test(line)) {
        label.push(line.replace(/^\s*#\s?/, ""));
        continue;
      }
      start = firstLine + i;
    }
    current.push(line);
    const continued = scan(line, stack);
    const heredoc = stack.length === 0 ? HEREDOC.exec(line) : null;
    if (heredoc) {
      for (i++; i < lines.length; i++) {
        current.push(lines[i]);
        if (lines[i].trim() === heredoc[2]) break;
      }
    }
    if (stack.length === 0 && !continued) {
      commands.push({ text: current.join("\n"), label: label.join(" "), line: start });
      current = [];
      label = [];
    }
  }
  if (current.length > 0) {
    throw new Error(`line ${start}: a command never ends (unbalanced quotes or parentheses)`);
  }
  return commands;
}

/**
 * Follows quotes and `$(…)` through one line, updating `stack` (what is still open at its end);
 * answers whether the line ends with a continuation backslash outside quotes.
 */
function scan(line, stack) {
  const top = () => stack[stack.length - 1];
  for (let k = 0; k < line.length; k++) {
    const ch = line[k];
    const mode = top();
    if (mode === "'") {
      if (ch === "'") stack.pop();
      continue;
    }
    if (ch === "\\") {
      if (k === line.length - 1) return true;
      k++;
      continue;
    }
    if (mode === '"') {
      if (ch === '"') stack.pop();
      else if (ch === "$" && line[k + 1] === "(") {
        stack.push("(");
        k++;
      }
      continue;
    }
    if (ch === "#" && (k === 0 || /\s/.test(line[k - 1]))) break; // a comment to the line's end
    if (ch === "'" || ch === '"') stack.push(ch);
    else if (ch === "(") stack.push("(");
    else if (ch === ")" && mode === "(") stack.pop();
  }
  return false;
}
