// The pages of the reader bench's site: varied, realistic documentation pages written as markdown
// from a seeded PRNG (the same text every run). Sizes vary the way real docs do: most pages have a
// few sections, a few are long references. Each page mixes headings, paragraphs with marks and
// links, bullet and ordered lists, code blocks in several languages, a table and hints.
import { prng } from "./documents.mjs";

const WORDS = (
  "api page space revision merge branch draft review editor block table code image link " +
  "section guide reference install configure deploy worker database bucket token scope role " +
  "member team collection site publish search index cursor batch change request comment reply " +
  "request response header cache binding variable secret environment region latency limit"
).split(" ");

/** The hint styles the generated pages use (bench/lib/app-documents.mjs too). */
export const HINT_STYLES = ["info", "warning", "success", "danger"];

/** Code samples in a few languages, with the page number folded in so no two pages are equal. */
export const CODE = [
  (n) => [
    "ts",
    `import { Client } from "@acme/sdk";\n\nconst client = new Client({ token: process.env.TOKEN });\n` +
      `const page = await client.pages.get("page-${n}");\nconsole.log(page.title);`,
  ],
  (n) => [
    "python",
    `import requests\n\nresponse = requests.get("https://api.example.com/v1/pages/${n}")\n` +
      `response.raise_for_status()\nfor item in response.json()["items"]:\n    print(item["id"])`,
  ],
  (n) => [
    "bash",
    `curl -s https://api.example.com/v1/pages/${n} \\\n  -H "Authorization: Bearer $TOKEN" | jq .title`,
  ],
  (n) => [
    "json",
    `{\n  "id": "page-${n}",\n  "title": "Page ${n}",\n  "tags": ["guide", "reference"],\n  "published": true\n}`,
  ],
  (n) => [
    "go",
    `package main\n\nimport "fmt"\n\nfunc main() {\n\tfor i := 0; i < ${(n % 9) + 1}; i++ {\n\t\tfmt.Println("page", i)\n\t}\n}`,
  ],
];

/** A sentence of `count` words, capitalised, with an occasional mark or link. */
export function sentence(random, count) {
  const words = [];
  for (let i = 0; i < count; i++) words.push(WORDS[Math.floor(random() * WORDS.length)]);
  const at = Math.floor(random() * words.length);
  const style = random();
  if (style < 0.15) words[at] = `**${words[at]}**`;
  else if (style < 0.25) words[at] = `*${words[at]}*`;
  else if (style < 0.35) words[at] = `\`${words[at]}\``;
  else if (style < 0.42) words[at] = `[${words[at]}](https://docs.example.com/${words[at]})`;
  const text = words.join(" ");
  return text[0].toUpperCase() + text.slice(1) + ".";
}

const paragraph = (random) =>
  Array.from({ length: 2 + Math.floor(random() * 4) }, () =>
    sentence(random, 8 + Math.floor(random() * 12)),
  ).join(" ");

/** A bulleted or numbered list of 2–6 items. */
export function list(random, ordered) {
  const items = 2 + Math.floor(random() * 5);
  return Array.from(
    { length: items },
    (_, i) => `${ordered ? `${i + 1}.` : "*"} ${sentence(random, 4 + Math.floor(random() * 8))}`,
  ).join("\n");
}

/** A three-column table of 2–7 rows. */
export function table(random, n) {
  const rows = 2 + Math.floor(random() * 6);
  const body = Array.from(
    { length: rows },
    (_, i) =>
      `| ${WORDS[(n + i) % WORDS.length]} | ${Math.floor(random() * 1000)} | ${sentence(random, 4)} |`,
  );
  return ["| Name | Value | Notes |", "| - | - | - |", ...body].join("\n");
}

/** One section: a heading, prose, and some of list, code, hint and table. */
function section(random, n, index) {
  const parts = [`## ${sentence(random, 3).slice(0, -1)} ${index + 1}`, paragraph(random)];
  if (random() < 0.6) parts.push(list(random, random() < 0.4));
  if (random() < 0.5) {
    const [language, code] = CODE[Math.floor(random() * CODE.length)](n);
    parts.push("```" + language + "\n" + code + "\n```");
  }
  if (random() < 0.3) {
    const style = HINT_STYLES[Math.floor(random() * HINT_STYLES.length)];
    parts.push(`{% hint style="${style}" %}\n${sentence(random, 14)}\n{% endhint %}`);
  }
  if (random() < 0.25) parts.push(table(random, n));
  if (random() < 0.4) parts.push(`### ${sentence(random, 3).slice(0, -1)}`, paragraph(random));
  return parts.join("\n\n");
}

/**
 * How many sections page `n` has: 1–4 for most pages, 5–12 for one in five, 25–40 for one in
 * fifty (the long references every documentation site has).
 */
function sectionCount(random) {
  const kind = random();
  if (kind < 0.02) return 25 + Math.floor(random() * 16);
  if (kind < 0.22) return 5 + Math.floor(random() * 8);
  return 1 + Math.floor(random() * 4);
}

/** The closing line of every page: found in a page's HTML only when its document was rendered. */
export const CLOSING_TEXT = /for the earlier steps\.|This is the first page\./;

/**
 * Page `n`'s markdown. Every page carries a hint and a table at least (so every page renders the
 * block types a reader meets); pages after the first link to the previous page with
 * `bench-page:<id>` (resolved to a page link by the parser's `resolveHref`).
 */
export function readerPageMarkdown(n, previousPageId) {
  const random = prng(0x5eed + n * 7919);
  const sections = Array.from({ length: sectionCount(random) }, (_, i) => section(random, n, i));
  const intro = paragraph(random);
  const closing = previousPageId
    ? `See [the previous page](bench-page:${previousPageId}) for the earlier steps.`
    : "This is the first page.";
  return [
    intro,
    `{% hint style="info" %}\n${sentence(random, 12)}\n{% endhint %}`,
    ...sections,
    table(random, n),
    closing,
    "",
  ].join("\n\n");
}
