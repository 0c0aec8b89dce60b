import { pushAll } from "./loose";
import type { Root, RootContent } from "mdast";
import type { HintStyle } from "./types";

/** A part of the document: top-level mdast nodes, either plain or the content of a hint. */
export interface Part {
  hint: HintStyle | null;
  nodes: RootContent[];
}

/** `{% hint style="info" %}` (other attributes allowed and ignored), alone on its line. */
const OPEN =
  /^\{%\s*hint\s+style=(["'])(info|warning|danger|success)\1(?:\s+[\w-]+=(["'])[^"']*\3)*\s*%\}\s*$/;
/** `{% endhint %}`, alone on its line. */
const CLOSE = /^\{%\s*endhint\s*%\}\s*$/;
/** A line opening a top-level fenced code block. */
const FENCE_START = /^ {0,3}(?:`{3,}|~{3,})/;

/** The rendered form of a hint's opening line. */
export function hintOpenLine(style: HintStyle): string {
  return `{% hint style="${style}" %}`;
}
/** The rendered form of a hint's closing line. */
export const HINT_CLOSE_LINE = "{% endhint %}";

type Candidate = { line: number; style: HintStyle | null };

/** Container lines outside fenced code, paired: [opening line, closing line, style]. */
function pairContainers(tree: Root, lines: string[]): Array<[number, number, HintStyle]> {
  const candidates: Candidate[] = [];
  lines.forEach((line, i) => {
    if (!line.startsWith("{%")) return;
    const open = OPEN.exec(line);
    if (open) candidates.push({ line: i, style: open[2] as HintStyle });
    else if (CLOSE.test(line)) candidates.push({ line: i, style: null });
  });
  if (candidates.length === 0) return [];
  const fenced = new Uint8Array(lines.length);
  for (const node of tree.children) {
    const start = (node.position?.start.line ?? 0) - 1;
    if (node.type !== "code" || start < 0 || !FENCE_START.test(lines[start] ?? "")) continue;
    const end = Math.min((node.position?.end.line ?? 0) - 1, lines.length - 1);
    for (let line = start + 1; line <= end; line++) fenced[line] = 1;
  }
  const live = candidates.filter((c) => fenced[c.line] !== 1);
  // Bracket matching: each closing line closes the latest unclosed opening line.
  const closeOf = new Map<number, number>();
  const open: number[] = [];
  live.forEach((c, i) => {
    if (c.style !== null) open.push(i);
    else if (open.length > 0) closeOf.set(open.pop() as number, i);
  });
  const pairs: Array<[number, number, HintStyle]> = [];
  for (let i = 0; i < live.length; i++) {
    const close = closeOf.get(i);
    if (close === undefined) continue;
    const start = live[i] as Candidate;
    pairs.push([start.line, (live[close] as Candidate).line, start.style as HintStyle]);
    i = close;
  }
  return pairs;
}

/**
 * Splits a parsed document on GitBook's hint container lines (`{% hint style="..." %}` ...
 * `{% endhint %}` at the start of a line). Top-level nodes clear of container lines are kept
 * from the one full parse; a node a container line falls into (a paragraph, a list taking the
 * line as lazy text, ...) is re-parsed piece by piece between the container lines (`parse` sees
 * the whole document's link definitions). Lines inside fenced code are never containers; an
 * opening line without its closing line, a stray closing line and containers nested in a hint
 * stay literal text (a Document cannot nest hints).
 */
export function splitHints(text: string, tree: Root, parse: (text: string) => Root): Part[] {
  if (!text.includes("{%")) return [{ hint: null, nodes: tree.children }];
  const lines = text.split("\n");
  const pairs = pairContainers(tree, lines);
  if (pairs.length === 0) return [{ hint: null, nodes: tree.children }];

  // Part index of every line; container lines get -1.
  const partOf = new Int32Array(lines.length);
  const parts: Part[] = [{ hint: null, nodes: [] }];
  let line = 0;
  for (const [open, close, style] of pairs) {
    for (; line < open; line++) partOf[line] = parts.length - 1;
    partOf[open] = -1;
    parts.push({ hint: style, nodes: [] });
    for (line = open + 1; line < close; line++) partOf[line] = parts.length - 1;
    partOf[close] = -1;
    parts.push({ hint: null, nodes: [] });
    line = close + 1;
  }
  for (; line < lines.length; line++) partOf[line] = parts.length - 1;

  for (const node of tree.children) {
    const start = (node.position?.start.line ?? 1) - 1;
    const end = (node.position?.end.line ?? 1) - 1;
    let clean = true;
    for (let i = start; i <= end && clean; i++) clean = partOf[i] !== -1;
    if (clean) {
      (parts[partOf[start] ?? 0] as Part).nodes.push(node);
      continue;
    }
    let from = start;
    for (let i = start; i <= end + 1; i++) {
      if (i <= end && partOf[i] !== -1) continue;
      const piece = lines.slice(from, i).join("\n");
      if (piece.trim() !== "") {
        const parsed = parse(piece);
        pushAll((parts[partOf[from] ?? 0] as Part).nodes, parsed.children);
      }
      from = i + 1;
    }
  }
  return parts.filter((part) => part.hint !== null || part.nodes.length > 0);
}
