// A content space of N pages whose bodies are real Documents of many block types, seeded in SQL
// (fast) but built by the Worker's own code: the markdown of each page goes through
// src/content's `parseMarkdown` and `storeable` (bundled by esbuild, run in Node), so the rows
// are exactly what a merge of that markdown would store. Pages sit in groups of 100.
import { build } from "esbuild";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { newId } from "../../scripts/lib/identity.mjs";
import { ROOT } from "./config.mjs";
import { positionKey } from "./documents.mjs";
import { insertRows, pageRow, spaceRows } from "./seed.mjs";

const PAGES_PER_GROUP = 100;

/** The Worker's markdown parser and document store, bundled for Node (the bench's seeders). */
export async function contentCore() {
  const work = await mkdtemp(join(os.tmpdir(), "quire-rich-space-"));
  try {
    const entry = join(work, "entry.ts");
    await writeFile(
      entry,
      `export { parseMarkdown } from ${JSON.stringify(join(ROOT, "core/document/index.ts"))};
export { storeable } from ${JSON.stringify(join(ROOT, "src/content/documents.ts"))};`,
    );
    const outfile = join(work, "core.mjs");
    await build({
      entryPoints: [entry],
      bundle: true,
      format: "esm",
      platform: "node",
      outfile,
      logLevel: "error",
    });
    return await import(pathToFileURL(outfile).href);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/**
 * Page `n`'s markdown: headings, marks, inline code, a URL link, a link to another page,
 * bullet, ordered and task lists, a code block, a hint, a quote, a table, an image with a
 * caption and a divider (about 120 words to translate).
 */
function richMarkdown(n, linkToPage) {
  return `Intro of page ${n} with **bold words**, *italic text*, \`inline code\` and a [link](https://docs.example.com/p${n}).

## Section ${n} setup

* Install the worker for team ${n % 7}
* Configure the bucket and the token
* [ ] Review the change request

1. Open the editor
2. Publish the site

\`\`\`js
const untouched = "code ${n}";
\`\`\`

{% hint style="info" %}
Hint for page ${n}: check the merge rules before publishing.
{% endhint %}

> A quote about deploying workers, number ${n}.

| Name | Value |
| - | - |
| Database rows | ${n * 3} |
| Search index | ready |

![Alt text of image ${n}](https://cdn.example.com/img${n}.png "Caption of image ${n}")

***

${linkToPage ? `See [the previous page](bench-page:${linkToPage}) for the reference.` : "This is the first page."}
`;
}

/**
 * Seeds one space of `size` document pages in `groups of 100` (group pages first) on its main
 * line, with rich Documents. Returns the space ids, the page ids in order and the seed time.
 */
export async function seedRichSpace(db, { org, admin }, size) {
  const started = performance.now();
  const core = await contentCore();
  const created = Date.now() - 86_400_000;
  const at = new Date(created).toISOString();
  const s = spaceRows(org, admin, `Translated ${size} pages`, 0, created);
  const line = s.space.mainLineId;
  const row = (pageId, kind, parentId, position, title, slug, hash = null) =>
    pageRow(line, pageId, kind, parentId, position, title, slug, hash, at);
  const pages = [];
  const documents = new Map();
  const groupIds = [];
  for (let g = 0; g < Math.ceil(size / PAGES_PER_GROUP); g++) {
    groupIds.push(newId());
    pages.push(row(groupIds[g], "group", null, positionKey(g), `Group ${g + 1}`, `group-${g + 1}`));
  }
  const pageIds = Array.from({ length: size }, () => newId());
  for (let n = 0; n < size; n++) {
    const previous = n > 0 ? pageIds[n - 1] : null;
    const { document } = core.parseMarkdown(richMarkdown(n, previous), {
      resolveHref: (href) =>
        href.startsWith("bench-page:") ? { kind: "page", page: href.slice(11) } : null,
    });
    const stored = await core.storeable(document);
    documents.set(stored.hash, stored.body);
    const group = groupIds[Math.floor(n / PAGES_PER_GROUP)];
    const title = `Page ${n + 1} guide`;
    pages.push(
      row(
        pageIds[n],
        "document",
        group,
        positionKey(n % PAGES_PER_GROUP),
        title,
        `page-${n + 1}`,
        stored.hash,
      ),
    );
  }
  await insertRows(db, "spaces", [s.row]);
  await insertRows(db, "revisions", [s.revision]);
  await insertRows(db, "page_versions", pages);
  await insertRows(
    db,
    "documents",
    [...documents].map(([hash, body]) => ({ hash, body })),
  );
  const bytes = [...documents.values()].reduce((n, b) => n + b.length, 0);
  return {
    spaceId: s.space.id,
    pageIds,
    groups: groupIds.length,
    documentBytes: bytes,
    seedSeconds: (performance.now() - started) / 1000,
  };
}
