import fc from "fast-check";

/**
 * fast-check generators of Document inlines in the converter's normal form (what parsing
 * produces): text with marks and colours, links, emoji, math, sized images, buttons.
 */

export type Json = Record<string, unknown>;

const WORDS = [
  "alpha",
  "beta",
  "gamma",
  "x1",
  "Ünï",
  "中文",
  "a*b",
  "x_y",
  "#tag",
  "1.",
  "<b>",
  "[x]",
  "{%",
  "$5",
  "&amp;",
  "|",
  "~",
  "\\",
];
const word = fc.constantFrom(...WORDS);
/** Words joined by single spaces: no space at either edge. */
const words = fc.array(word, { minLength: 1, maxLength: 4 }).map((list) => list.join(" "));
export const plainWords = fc
  .array(fc.constantFrom("alpha", "beta", "gamma", "delta"), { minLength: 1, maxLength: 3 })
  .map((l) => l.join(" "));

const mark = (type: string): Json => ({ object: "mark", type });
export const leaf = (text: string, marks: Json[] = []): Json => ({ object: "leaf", text, marks });
export const text = (...leaves: Json[]): Json => ({ object: "text", leaves });
const inline = (type: string, data: Json, nodes?: Json[]): Json =>
  nodes
    ? { object: "inline", type, key: "", isVoid: false, data, nodes }
    : { object: "inline", type, key: "", isVoid: true, data };
/** A block with content. */
export const block = (type: string, data: Json, nodes: Json[]): Json => ({
  object: "block",
  type,
  key: "",
  isVoid: false,
  data,
  nodes,
});
export const voidBlock = (type: string, data: Json, fragments?: Json[]): Json =>
  fragments
    ? { object: "block", type, key: "", isVoid: true, data, fragments }
    : { object: "block", type, key: "", isVoid: true, data };
export const paragraphOf = (nodes: Json[]): Json => block("paragraph", {}, nodes);

const COLORS = ["default", "red", "green", "orange", "purple"];
const MARK_SETS = [
  [],
  ["bold"],
  ["italic"],
  ["strikethrough"],
  ["code"],
  ["bold", "italic"],
  ["bold", "code"],
  ["bold", "italic", "strikethrough"],
];

/** A piece of inline content: a text leaf (marks, colour) or a void/link inline. */
const piece: fc.Arbitrary<Json> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc
      .record({
        t: words,
        marks: fc.constantFrom(...MARK_SETS),
        color: fc.option(fc.tuple(fc.constantFrom(...COLORS), fc.constantFrom(...COLORS)), {
          nil: undefined,
        }),
      })
      .map(({ t, marks, color }) => {
        const list = marks.map(mark);
        if (color && (color[0] !== "default" || color[1] !== "default") && !marks.includes("code"))
          list.push({
            object: "mark",
            type: "color",
            data: { text: color[0], background: color[1] },
          });
        return leaf(marks.includes("code") ? t.replace(/`/g, "") : t, list);
      }),
  },
  {
    weight: 1,
    arbitrary: fc
      .record({
        t: plainWords,
        url: fc.constantFrom(
          "https://x.test/a",
          "other.md",
          "other.md#part",
          ".gitbook/assets/f.pdf",
        ),
        bold: fc.boolean(),
      })
      .map(({ t, url, bold }) =>
        inline("link", { ref: refOf(url) }, [text(leaf(t, bold ? [mark("bold")] : []))]),
      ),
  },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom("1f600", "1f389", "1f44d-1f3fd", "2764-fe0f")
      .map((code) => inline("emoji", { code })),
  },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom("x^2", "a + b = c", "\\frac{1}{2}")
      .map((formula) => inline("inline-math", { formula })),
  },
  {
    weight: 1,
    arbitrary: fc
      .record({
        src: fc.constantFrom("https://x.test/i.png", ".gitbook/assets/i.png"),
        alt: fc.constantFrom("", "an icon"),
        size: fc.constantFrom("line", "original"),
      })
      .map(({ src, alt, size }) =>
        inline("inline-image", { ref: refOf(src), ...(alt ? { alt } : {}), size }),
      ),
  },
  {
    weight: 1,
    arbitrary: fc
      .record({
        label: plainWords,
        kind: fc.constantFrom("primary", "secondary"),
        icon: fc.constantFrom(undefined, "rocket"),
      })
      .map(({ label, kind, icon }) =>
        inline("button", {
          ref: { kind: "url", url: "https://x.test/go" },
          kind,
          label,
          ...(icon ? { icon } : {}),
        }),
      ),
  },
);

/** The reference the test resolver gives a target. */
export function refOf(target: string): Json {
  if (target.startsWith(".gitbook/assets/")) return { kind: "file", file: target.slice(16) };
  const [page, anchor] = target.split("#");
  if (page?.endsWith(".md"))
    return anchor ? { kind: "anchor", page, anchor } : { kind: "page", page };
  return { kind: "url", url: target };
}

/** Pieces separated by plain spaces, merged as the parser merges leaves. */
export const inlines: fc.Arbitrary<Json[]> = fc
  .array(piece, { minLength: 1, maxLength: 4 })
  .map((pieces) => {
    const out: Json[] = [];
    let leaves: Json[] = [];
    const push = (l: Json) => {
      const last = leaves[leaves.length - 1];
      if (last && JSON.stringify(last.marks) === JSON.stringify(l.marks))
        last.text = `${String(last.text)}${String(l.text)}`;
      else leaves.push({ ...l });
    };
    pieces.forEach((p, i) => {
      if (i > 0) push(leaf(" "));
      if (p.object === "leaf") push(p);
      else {
        if (leaves.length > 0) out.push(text(...leaves));
        leaves = [];
        out.push(p);
      }
    });
    if (leaves.length > 0) out.push(text(...leaves));
    return out;
  });
