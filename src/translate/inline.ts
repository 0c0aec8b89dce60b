import { countWords, protect, type termMatcher } from "./protect";

/**
 * Inline content ↔ the tagged text an engine translates. Marked text and links become groups
 * `<gN>…</gN>` (their text is translated, their marks and link data are kept here); inline code,
 * other inlines, URLs, variables and glossary terms become atoms `<xN/>` the engine never sees
 * the content of. A translation that loses, repeats or misnests a placeholder is refused.
 */

type Json = Record<string, unknown>;
type Group = { kind: "marks"; marks: unknown[] } | { kind: "inline"; node: Json };
type Atom = { kind: "text"; text: string; marks: unknown[] } | { kind: "node"; node: unknown };
type Item =
  | { t: "text"; text: string }
  | { t: "atom"; id: number }
  | { t: "group"; id: number; items: Item[] };

/** One text to translate and how to read its translation back. */
export interface EncodedRun {
  /** The tagged text sent to the engine. */
  text: string;
  /** Words the engine is asked to translate (placeholders excluded). */
  words: number;
  /** The inline nodes of a translation, or null when its placeholders do not match. */
  decode(translated: string): unknown[] | null;
}

const isRecord = (v: unknown): v is Json =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/** Escapes text for the engine's HTML mode. */
function escapeText(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** Reads back the entities an HTML-mode engine may write. */
function unescapeText(text: string): string {
  return text
    .replace(/&nbsp;/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#(\d+);/g, (_m, d: string) => String.fromCodePoint(Number(d)))
    .replace(/&#x([0-9a-f]+);/gi, (_m, h: string) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/&amp;/g, "&");
}

const hasCode = (marks: unknown[]) => marks.some((m) => isRecord(m) && m.type === "code");

/** Encodes a list of inline nodes (texts and inlines) for the engine. */
export function encodeInlines(
  nodes: unknown[],
  matcher: ReturnType<typeof termMatcher>,
): EncodedRun {
  const groups = new Map<number, Group>();
  const atoms = new Map<number, Atom>();
  let next = 1;
  let plain = "";
  const atom = (a: Atom) => {
    const id = next++;
    atoms.set(id, a);
    return `<x${id}/>`;
  };
  const encode = (list: unknown[]): string =>
    list
      .map((node) => {
        if (!isRecord(node)) return atom({ kind: "node", node });
        if (node.object === "text" && Array.isArray(node.leaves)) {
          return node.leaves
            .map((leaf) => {
              if (!isRecord(leaf) || typeof leaf.text !== "string") return "";
              const marks = Array.isArray(leaf.marks) ? leaf.marks : [];
              if (hasCode(marks)) return atom({ kind: "text", text: leaf.text, marks });
              const body = protect(leaf.text, matcher)
                .map((p) => {
                  if (p.kind === "fixed") return atom({ kind: "text", text: p.text, marks });
                  plain += ` ${p.text}`;
                  return escapeText(p.text);
                })
                .join("");
              if (marks.length === 0) return body;
              const id = next++;
              groups.set(id, { kind: "marks", marks });
              return `<g${id}>${body}</g${id}>`;
            })
            .join("");
        }
        if (node.object === "inline" && Array.isArray(node.nodes) && node.isVoid !== true) {
          const id = next++;
          const { nodes: children, ...rest } = node;
          groups.set(id, { kind: "inline", node: rest });
          return `<g${id}>${encode(children as unknown[])}</g${id}>`;
        }
        return atom({ kind: "node", node });
      })
      .join("");
  const text = encode(nodes);
  return {
    text,
    words: countWords(plain),
    decode: (translated) => {
      const items = parse(translated, groups, atoms);
      return items ? build(items, [], groups, atoms) : null;
    },
  };
}

/** Parses a translation into items; null when a placeholder is unknown, repeated or missing. */
function parse(text: string, groups: Map<number, Group>, atoms: Map<number, Atom>): Item[] | null {
  const root: Item[] = [];
  const stack: { id: number; items: Item[] }[] = [];
  const used = new Set<string>();
  const tag = /<(\/?)([gx])(\d+)\s*(\/?)>/g;
  let last = 0;
  const top = () => stack[stack.length - 1]?.items ?? root;
  for (const m of text.matchAll(tag)) {
    const index = m.index ?? 0;
    if (index > last) top().push({ t: "text", text: text.slice(last, index) });
    last = index + m[0].length;
    const [, closing, kind, digits, selfClosing] = m;
    const id = Number(digits);
    if (kind === "x") {
      // HTML serializers (LibreTranslate's) may write an atom as `<x2></x2>`: the end tag is noise.
      if (closing) continue;
      if (!atoms.has(id) || used.has(`x${id}`)) return null;
      used.add(`x${id}`);
      top().push({ t: "atom", id });
    } else if (closing) {
      const open = stack.pop();
      if (!open || open.id !== id) return null;
      top().push({ t: "group", id, items: open.items });
    } else {
      if (selfClosing || !groups.has(id) || used.has(`g${id}`)) return null;
      used.add(`g${id}`);
      stack.push({ id, items: [] });
    }
  }
  if (stack.length > 0) return null;
  if (last < text.length) root.push({ t: "text", text: text.slice(last) });
  if (used.size !== groups.size + atoms.size) return null;
  return root;
}

/** Rebuilds inline nodes from parsed items, leaves carrying the marks of their groups. */
function build(
  items: Item[],
  marks: unknown[],
  groups: Map<number, Group>,
  atoms: Map<number, Atom>,
): unknown[] {
  const out: unknown[] = [];
  let leaves: Json[] = [];
  const flush = () => {
    const merged: Json[] = [];
    for (const leaf of leaves) {
      const last = merged[merged.length - 1];
      if (last && JSON.stringify(last.marks) === JSON.stringify(leaf.marks)) {
        merged[merged.length - 1] = { ...last, text: `${String(last.text)}${String(leaf.text)}` };
      } else merged.push(leaf);
    }
    if (merged.length) out.push({ object: "text", leaves: merged });
    leaves = [];
  };
  const pushNodes = (nodes: unknown[]) => {
    for (const node of nodes) {
      if (isRecord(node) && node.object === "text" && Array.isArray(node.leaves)) {
        leaves.push(...(node.leaves as Json[]));
      } else {
        flush();
        out.push(node);
      }
    }
  };
  for (const item of items) {
    if (item.t === "text") {
      leaves.push({ object: "leaf", text: unescapeText(item.text), marks });
    } else if (item.t === "atom") {
      const a = atoms.get(item.id)!;
      if (a.kind === "text") leaves.push({ object: "leaf", text: a.text, marks: a.marks });
      else pushNodes([a.node]);
    } else {
      const g = groups.get(item.id)!;
      if (g.kind === "marks") pushNodes(build(item.items, g.marks, groups, atoms));
      else {
        const children = build(item.items, [], groups, atoms);
        flush();
        out.push({ ...g.node, nodes: children.length ? children : [emptyText()] });
      }
    }
  }
  flush();
  return out;
}

function emptyText() {
  return { object: "text", leaves: [{ object: "leaf", text: "", marks: [] }] };
}

/** Encodes a plain string (a title, a description, a column title): atoms only. */
export function encodePlain(
  text: string,
  matcher: ReturnType<typeof termMatcher>,
): { text: string; words: number; decode(translated: string): string | null } {
  const run = encodeInlines(
    [{ object: "text", leaves: [{ object: "leaf", text, marks: [] }] }],
    matcher,
  );
  return {
    text: run.text,
    words: run.words,
    decode: (translated) => {
      const nodes = run.decode(translated);
      if (!nodes) return null;
      return nodes
        .flatMap((n) => (isRecord(n) && Array.isArray(n.leaves) ? (n.leaves as Json[]) : []))
        .map((l) => (typeof l.text === "string" ? l.text : ""))
        .join("");
    },
  };
}
