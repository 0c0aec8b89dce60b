import type { PhrasingContent } from "mdast";
import {
  WRAP_ORDER,
  breakAtom,
  htmlAtom,
  moveEdgeSpaces,
  pushText,
  type Atom,
  type WrapMark,
} from "./render-atoms";
import { escapeLabel, htmlTag } from "./tags";
import { hrefOf, type HrefFor } from "./hrefs";
import {
  MAX_WALK_DEPTH,
  childNodes,
  dataOf,
  emojiText,
  leavesOf,
  stringField,
  type LooseNode,
  pushAll,
} from "./loose";

/** Options of inline rendering. */
export interface InlineRenderOptions {
  hrefFor: HrefFor | undefined;
  /** Headings and table cells cannot hold line breaks: "\n" renders as a space. */
  singleLine?: boolean;
}

/**
 * A link atom: its content carries its own marks inside the link, as GitBook writes them
 * (`[**bold link**](url)`); a refused target (null) leaves the content alone.
 */
function linkAtom(url: string | null, inner: Atom[]): Atom {
  return {
    marks: new Set(),
    build: () => {
      const children = renderRuns(inner, new Set());
      if (url === null) return children;
      return [{ type: "link", url, title: null, children }];
    },
  };
}

/** Flattens inline nodes into atoms. */
function atomsOf(nodes: LooseNode[], options: InlineRenderOptions, depth: number): Atom[] {
  const atoms: Atom[] = [];
  if (depth > MAX_WALK_DEPTH) return atoms;
  for (const node of nodes) {
    if (node.object === "text") {
      for (const leaf of leavesOf(node)) {
        const marks = new Set(WRAP_ORDER.filter((mark) => leaf.marks.includes(mark)));
        const code = leaf.marks.includes("code");
        const text = options.singleLine ? leaf.text.replace(/\n/g, " ") : leaf.text;
        text.split("\n").forEach((part, i) => {
          if (i > 0) atoms.push(breakAtom());
          pushText(atoms, part, marks, code, leaf.color);
        });
      }
      continue;
    }
    if (node.object !== "inline") continue;
    const data = dataOf(node);
    switch (node.type) {
      case "link": {
        const inner = moveEdgeSpaces(atomsOf(childNodes(node), options, depth + 1));
        atoms.push(linkAtom(hrefOf(data.ref, options.hrefFor), inner));
        break;
      }
      case "inline-image": {
        const url = hrefOf(data.ref, options.hrefFor, "image");
        if (url === null) break;
        const alt = stringField(data, "alt") ?? null;
        const title = stringField(data, "caption") ?? null;
        const size = stringField(data, "size");
        if (size === "line" || size === "original") {
          const value = htmlTag("img", [
            ["src", url],
            ["alt", alt ?? ""],
            ["data-size", size],
          ]);
          atoms.push(htmlAtom(value));
        } else atoms.push({ marks: new Set(), build: () => [{ type: "image", url, alt, title }] });
        break;
      }
      case "button": {
        const url = hrefOf(data.ref, options.hrefFor);
        const label = stringField(data, "label") ?? url ?? "";
        if (url === null) {
          pushText(atoms, label, new Set(), false);
          break;
        }
        const kind = data.kind === "secondary" ? "secondary" : "primary";
        const icon = stringField(data, "icon");
        const open = htmlTag("a", [
          ["href", url],
          ["class", `button ${kind}`],
          ["data-icon", icon],
        ]);
        atoms.push(htmlAtom(`${open}${escapeLabel(label)}</a>`));
        break;
      }
      case "mention": {
        const url = hrefOf(data.ref, options.hrefFor);
        const label = stringField(data, "label") ?? url ?? "";
        const inner: Atom[] = [];
        pushText(inner, label, new Set(), false);
        atoms.push(linkAtom(url, inner));
        break;
      }
      case "emoji":
        pushText(atoms, emojiText(node), new Set(), false);
        break;
      case "inline-math": {
        const formula = (stringField(data, "formula") ?? "").replace(/\n/g, " ");
        if (formula !== "" && !formula.includes("$$")) atoms.push(htmlAtom(`$$${formula}$$`));
        break;
      }
      default:
        // Annotations and unknown inlines with text content keep their text.
        pushAll(atoms, atomsOf(childNodes(node), options, depth + 1));
    }
  }
  return atoms;
}

/**
 * Builds mdast from atoms in runs of one colour: a coloured run is wrapped in its
 * `<mark style>` (unless that colour is already open around them, `open`).
 */
function renderRuns(atoms: Atom[], applied: Set<WrapMark>, open?: string): PhrasingContent[] {
  const out: PhrasingContent[] = [];
  let i = 0;
  while (i < atoms.length) {
    const color = (atoms[i] as Atom).color;
    let end = i + 1;
    while (end < atoms.length && (atoms[end] as Atom).color === color) end++;
    const inner = renderAtoms(atoms.slice(i, end), applied);
    if (color === undefined || color === open) pushAll(out, inner);
    else {
      out.push({ type: "html", value: `<mark style="${color}">` });
      pushAll(out, inner);
      out.push({ type: "html", value: "</mark>" });
    }
    i = end;
  }
  return out;
}

const WRAP_NODE: Record<WrapMark, "strong" | "emphasis" | "delete"> = {
  bold: "strong",
  italic: "emphasis",
  strikethrough: "delete",
};

/**
 * Builds mdast from atoms: at each position, the pending mark with the longest run of atoms
 * opens (ties: strikethrough, bold, italic) and wraps that whole run, so `**a *b* c**` stays one
 * strong node with an emphasis inside, never `**a** ***b*** **c**`.
 */
function renderAtoms(atoms: Atom[], applied: Set<WrapMark>): PhrasingContent[] {
  const out: PhrasingContent[] = [];
  let i = 0;
  while (i < atoms.length) {
    const atom = atoms[i] as Atom;
    const pending = WRAP_ORDER.filter((mark) => atom.marks.has(mark) && !applied.has(mark));
    if (pending.length === 0) {
      pushAll(out, atom.build(applied));
      i += 1;
      continue;
    }
    let best = pending[0] as WrapMark;
    let bestLength = 0;
    for (const mark of pending) {
      let length = 0;
      while (i + length < atoms.length && (atoms[i + length] as Atom).marks.has(mark)) length += 1;
      if (length > bestLength) {
        best = mark;
        bestLength = length;
      }
    }
    const inner = renderAtoms(atoms.slice(i, i + bestLength), new Set([...applied, best]));
    out.push({ type: WRAP_NODE[best], children: inner } as PhrasingContent);
    i += bestLength;
  }
  return out;
}

/**
 * Renders Document inlines (texts with marks, links, images, emoji, ...) to mdast phrasing
 * content. Line breaks at the start or end are dropped (markdown cannot express them); a break
 * between two pieces sharing marks stays inside them (`**a\\\nb**`), since a break cannot end
 * a strong or emphasis span in markdown.
 */
export function renderInlines(nodes: LooseNode[], options: InlineRenderOptions): PhrasingContent[] {
  const atoms = moveEdgeSpaces(atomsOf(nodes, options, 0));
  while (atoms[0]?.lineBreak) atoms.shift();
  while (atoms[atoms.length - 1]?.lineBreak) atoms.pop();
  // Marks of the nearest non-break piece after each position, then a forward pass.
  const after: Array<Set<WrapMark>> = new Array(atoms.length);
  const afterColor: Array<string | undefined> = new Array(atoms.length);
  let next = new Set<WrapMark>();
  let nextColor: string | undefined;
  for (let i = atoms.length - 1; i >= 0; i--) {
    after[i] = next;
    afterColor[i] = nextColor;
    if (!atoms[i]?.lineBreak) {
      next = (atoms[i] as Atom).marks;
      nextColor = (atoms[i] as Atom).color;
    }
  }
  let previous = new Set<WrapMark>();
  let previousColor: string | undefined;
  atoms.forEach((atom, i) => {
    if (!atom.lineBreak) {
      previous = atom.marks;
      previousColor = atom.color;
      return;
    }
    const following = after[i] as Set<WrapMark>;
    atom.marks = new Set([...previous].filter((mark) => following.has(mark)));
    if (previousColor !== undefined && previousColor === afterColor[i]) atom.color = previousColor;
  });
  return renderRuns(atoms, new Set());
}
