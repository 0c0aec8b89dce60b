// The documents `npm run bench:app` edits: markdown of exactly N top-level blocks from a seeded
// PRNG (the same text every run), mixing what documentation pages hold: headings, paragraphs
// with marks and links, bulleted and numbered lists, code in several languages, hints and
// tables. The last block is always a paragraph (typing starts after it in both editors). The bare
// ProseMirror page gets the same markdown with hints as quotes (its basic schema has no hint).
import MarkdownIt from "markdown-it";
import { prng } from "./documents.mjs";
import { CODE, HINT_STYLES, list, sentence, table } from "./reader-markdown.mjs";

/** One block's markdown of `kind`, block number `n`. */
function block(kind, random, n) {
  switch (kind) {
    case "heading":
      return `${random() < 0.3 ? "###" : "##"} ${sentence(random, 3).slice(0, -1)} ${n}`;
    case "list":
      return list(random, random() < 0.4)
        .split("\n")
        .slice(0, 2)
        .join("\n");
    case "code": {
      const [language, code] = CODE[n % CODE.length](n);
      return "```" + language + "\n" + code + "\n```";
    }
    case "hint": {
      const style = HINT_STYLES[n % HINT_STYLES.length];
      return `{% hint style="${style}" %}\n${sentence(random, 14)}\n{% endhint %}`;
    }
    case "table":
      return table(random, n).split("\n").slice(0, 4).join("\n");
    default:
      // One or two sentences: a 2,000-block page stays under the API's 1 MB request body as JSON.
      return sentence(random, 6 + Math.floor(random() * 10));
  }
}

/** The kind of the next block: mostly prose, never two lists in a row (they would merge). */
function nextKind(random, previous) {
  if (previous === "list" || previous === "heading") return "paragraph";
  const roll = random();
  if (roll < 0.14) return "heading";
  if (roll < 0.68) return "paragraph";
  if (roll < 0.8) return "list";
  if (roll < 0.88) return "code";
  if (roll < 0.95) return "hint";
  return "table";
}

/** How every document opens, so even the 10-block one holds each kind once. */
const OPENING = ["heading", "paragraph", "list", "code", "hint", "table"];

/** Markdown of exactly `count` top-level blocks (deterministic for `count`), and their kinds. */
export function blocksMarkdown(count) {
  const random = prng(0xb10c + count);
  const kinds = [];
  for (let n = 0; n < count; n++) {
    if (n === count - 1) kinds.push("paragraph");
    else kinds.push(OPENING[n] ?? nextKind(random, kinds[n - 1]));
  }
  const markdown = kinds.map((kind, n) => block(kind, random, n)).join("\n\n") + "\n";
  const mix = {};
  for (const kind of kinds) mix[kind] = (mix[kind] ?? 0) + 1;
  return { markdown, mix };
}

/** The same markdown as HTML for the bare page: hints become quotes, the rest as written. */
export function bareHtml(markdown) {
  const quoted = markdown.replace(
    /\{% hint style="\w+" %\}\n([\s\S]*?)\n\{% endhint %\}/g,
    (_, body) => `> ${body}`,
  );
  return new MarkdownIt().render(quoted);
}
