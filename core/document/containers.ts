import { DocumentTooDeepError, MAX_MARKDOWN_NESTING } from "./limits";
import type { ParseEnv } from "./mdast-from-tokens";
import type { InlineContext } from "./parse-inline";
import { tagLine, type TagLine } from "./tags";

/**
 * GitBook's block structure, read from the lines of its markdown before any markdown parsing:
 * `{% name %}` … `{% endname %}` containers, `<details>` expandables, `$$` math blocks and the
 * one-line `<figure>`, drawing and `{% include %}` forms. Only lines starting at column 0 and
 * outside fenced code count. What is not well formed (an unclosed or stray tag) stays text.
 */

/** What converting GitBook's segments needs: the inline context, definitions, warnings. */
export interface SegmentContext {
  inline: InlineContext;
  env: ParseEnv;
  warnings: string[];
  /** The reusable content an `{% include "path" %}` names, or null. */
  includeFor: (path: string) => string | null;
}

/** A run of plain markdown lines. */
interface TextSegment {
  kind: "text";
  lines: string[];
}
/** A container or one-line construct, with its children. */
export interface BlockSegment {
  kind: "block";
  name: string;
  attrs: Record<string, string>;
  arg?: string;
  /** The line that opened it, for reverting an unclosed container to text. */
  line: string;
  children: Segment[];
  /** `<details>`: the `<summary>` content; math: the formula lines. */
  summary?: string;
  raw?: string[];
  /** The closing line, when the construct had one (`{% endembed %}`). */
  closed?: boolean;
}
/** A part of the page. */
export type Segment = TextSegment | BlockSegment;

/** Containers that need their closing line. */
const PAIRED: ReadonlySet<string> = new Set([
  "hint",
  "tabs",
  "tab",
  "stepper",
  "step",
  "columns",
  "column",
  "updates",
  "update",
  "code",
  "content-ref",
  "openapi",
  "swagger",
]);
/** Tags that close when a closing line follows before the next tag, else stand alone. */
const OPTIONAL: ReadonlySet<string> = new Set(["embed", "file"]);
/** One-line tags. */
const SINGLE: ReadonlySet<string> = new Set(["include", "page-ref"]);

const DETAILS_OPEN = /^<details( open)?>\s*$/;
const DETAILS_CLOSE = /^<\/details>\s*$/;
const SUMMARY = /^<summary>(.*)<\/summary>\s*$/;
const FIGURE = /^<figure>.*<\/figure>\s*$/;
const DRAWING = /^<img\s[^>]*class="gitbook-drawing"[^>]*>\s*$/;
const MATH_FENCE = /^\$\$\s*$/;

/** Appends lines to the last text segment of a list (or a new one). */
function pushLines(into: Segment[], lines: string[]): void {
  const last = into[into.length - 1];
  if (last?.kind === "text") for (const line of lines) last.lines.push(line);
  else into.push({ kind: "text", lines: [...lines] });
}

/** Moves a segment into a list, merging text runs. */
function pushSegment(into: Segment[], segment: Segment): void {
  if (segment.kind === "text") pushLines(into, segment.lines);
  else into.push(segment);
}

/** An unclosed container back to text: its opening line, then its content. */
function revert(frame: BlockSegment, into: Segment[]): void {
  pushLines(into, [frame.line]);
  if (frame.summary !== undefined) pushLines(into, [`<summary>${frame.summary}</summary>`]);
  if (frame.raw) pushLines(into, frame.raw);
  for (const child of frame.children) pushSegment(into, child);
}

/** True while a container holds only blank lines. */
function blankSoFar(frame: BlockSegment): boolean {
  return frame.children.every((c) => c.kind === "text" && c.lines.every((l) => l.trim() === ""));
}

/** True when the optional-close tag at `from` has its closing line before any other tag. */
function closesLater(lines: string[], from: number, name: string, fenced: Uint8Array): boolean {
  for (let i = from + 1; i < lines.length; i++) {
    if (fenced[i] === 1) continue;
    const tag = tagLine(lines[i] as string);
    if (tag) return tag.end && tag.name === name;
  }
  return false;
}

/**
 * The page's segments. `fenced` marks the lines inside fenced code (never structure). Throws
 * `DocumentTooDeepError` past `MAX_MARKDOWN_NESTING` nested containers.
 */
export function readSegments(lines: string[], fenced: Uint8Array): Segment[] {
  const root: BlockSegment = { kind: "block", name: "", attrs: {}, line: "", children: [] };
  const stack: BlockSegment[] = [root];
  const top = () => stack[stack.length - 1] as BlockSegment;
  const open = (frame: BlockSegment) => {
    top().children.push(frame);
    stack.push(frame);
    if (stack.length > MAX_MARKDOWN_NESTING) throw new DocumentTooDeepError(MAX_MARKDOWN_NESTING);
  };
  const closeTo = (index: number) => {
    while (stack.length - 1 > index) {
      const frame = stack.pop() as BlockSegment;
      const parent = top();
      parent.children.pop();
      revert(frame, parent.children);
    }
    (stack.pop() as BlockSegment).closed = true;
  };
  const find = (name: string) => {
    for (let i = stack.length - 1; i > 0; i--)
      if ((stack[i] as BlockSegment).name === name) return i;
    return -1;
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    const frame = top();
    if (frame.raw) {
      if (MATH_FENCE.test(line)) closeTo(stack.length - 1);
      else frame.raw.push(line);
      continue;
    }
    if (
      fenced[i] === 1 ||
      !(line.startsWith("{%") || line.startsWith("<") || line.startsWith("$$"))
    ) {
      pushLines(frame.children, [line]);
      continue;
    }
    if (frame.name === "details" && frame.summary === undefined && blankSoFar(frame)) {
      const summary = SUMMARY.exec(line);
      if (summary) {
        frame.summary = summary[1] as string;
        continue;
      }
    }
    const tag: TagLine | null = tagLine(line);
    const known = tag && (PAIRED.has(tag.name) || OPTIONAL.has(tag.name) || SINGLE.has(tag.name));
    if (tag && known && tag.end) {
      const at = find(tag.name);
      if (at > 0) closeTo(at);
      else pushLines(frame.children, [line]);
    } else if (tag && known) {
      const block: BlockSegment = {
        kind: "block",
        name: tag.name,
        attrs: tag.attrs,
        line,
        children: [],
      };
      if (tag.arg !== undefined) block.arg = tag.arg;
      if (
        SINGLE.has(tag.name) ||
        (OPTIONAL.has(tag.name) && !closesLater(lines, i, tag.name, fenced))
      )
        frame.children.push(block);
      else open(block);
    } else if (DETAILS_OPEN.test(line)) {
      const attrs: Record<string, string> = line.includes(" open") ? { open: "" } : {};
      open({ kind: "block", name: "details", attrs, line, children: [] });
    } else if (DETAILS_CLOSE.test(line) && find("details") > 0) {
      closeTo(find("details"));
    } else if (MATH_FENCE.test(line)) {
      open({ kind: "block", name: "math", attrs: {}, line, children: [], raw: [] });
    } else if (FIGURE.test(line) || DRAWING.test(line)) {
      const name = FIGURE.test(line) ? "figure" : "drawing";
      frame.children.push({ kind: "block", name, attrs: {}, line, children: [] });
    } else pushLines(frame.children, [line]);
  }
  while (stack.length > 1) {
    const frame = stack.pop() as BlockSegment;
    const parent = top();
    parent.children.pop();
    revert(frame, parent.children);
  }
  return root.children;
}
