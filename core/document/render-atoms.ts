import type { PhrasingContent } from "mdast";

/**
 * The pieces inline rendering works on: text runs with their wrapping marks and colour, line
 * breaks and pieces written as is, and the move of edge spaces out of formatting.
 */

/** Marks rendered as wrapping nodes; `code` is rendered on the leaf itself. */
export type WrapMark = "bold" | "italic" | "strikethrough";
export const WRAP_ORDER: readonly WrapMark[] = ["strikethrough", "italic", "bold"];

/** A piece of inline content with the wrapping marks it needs. */
export interface Atom {
  marks: Set<WrapMark>;
  /** The `<mark style>` of a coloured piece. */
  color?: string;
  /** Set for plain text pieces, so adjacent pieces with the same formatting merge. */
  text?: { value: string; code: boolean };
  /** Set for line breaks. */
  lineBreak?: true;
  /** Builds the mdast of the piece once `applied` marks are already open around it. */
  build(applied: Set<WrapMark>): PhrasingContent[];
}

/** A line break; `renderInlines` gives it the marks its neighbours share. */
export const breakAtom = (): Atom => ({
  marks: new Set(),
  lineBreak: true,
  build: () => [{ type: "break" }],
});

/** Adds a text piece, merging it into the previous one when the formatting is the same. */
export function pushText(
  atoms: Atom[],
  value: string,
  marks: Set<WrapMark>,
  code: boolean,
  color?: string,
): void {
  if (value === "") return;
  const last = atoms[atoms.length - 1];
  const same = last?.text && last.text.code === code && last.color === color;
  if (same && last.text && sameMarks(last.marks, marks)) {
    last.text.value += value;
    return;
  }
  const text = { value, code };
  atoms.push({
    marks,
    ...(color ? { color } : {}),
    text,
    build: () => [
      text.code ? { type: "inlineCode", value: text.value } : { type: "text", value: text.value },
    ],
  });
}

const sameMarks = (a: Set<WrapMark>, b: Set<WrapMark>) =>
  a.size === b.size && [...a].every((mark) => b.has(mark));

/** A piece written as is (GitBook's inline HTML, math). */
export const htmlAtom = (value: string): Atom => ({
  marks: new Set(),
  build: () => [{ type: "html", value }],
});

/** A plain text atom of its own (not merged with neighbours). */
function textAtom(value: string, marks: Set<WrapMark>): Atom {
  const atoms: Atom[] = [];
  pushText(atoms, value, marks, false);
  return atoms[0] as Atom;
}

const intersect = (a: Set<WrapMark>, b: Set<WrapMark> | undefined) =>
  new Set([...a].filter((mark) => b?.has(mark)));

/**
 * Moves spaces at the edges of formatted text out of the formatting its neighbour does not
 * share: "bold " followed by plain text renders `**bold** text`, not `**bold&#x20;**text`
 * (markdown cannot close `**` after a space). Inline code keeps its spaces.
 */
export function moveEdgeSpaces(atoms: Atom[]): Atom[] {
  const out: Atom[] = [];
  atoms.forEach((atom, i) => {
    const text = atom.text;
    if (!text || text.code || atom.marks.size === 0) return void out.push(atom);
    const previous = atoms[i - 1]?.marks;
    const next = atoms[i + 1]?.marks;
    const start = text.value.length - text.value.trimStart().length;
    const core = text.value.trim();
    const lead = text.value.slice(0, start);
    const trail = text.value.slice(start + core.length);
    if (core === "")
      return void out.push(textAtom(text.value, intersect(intersect(atom.marks, previous), next)));
    if (lead !== "") out.push(textAtom(lead, intersect(atom.marks, previous)));
    out.push(lead === "" && trail === "" ? atom : textAtom(core, atom.marks));
    if (trail !== "") out.push(textAtom(trail, intersect(atom.marks, next)));
  });
  return out;
}
