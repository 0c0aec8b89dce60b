import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  DocumentTooDeepError,
  assignKeys,
  parsePage,
  renderPage,
  type ContentRef,
  type ResolveLink,
} from "../../../core/document";
import blocks from "../../fixtures/gitbook-markdown/blocks.md?raw";
import layout from "../../fixtures/gitbook-markdown/layout.md?raw";
import textFormatting from "../../fixtures/gitbook-markdown/text-formatting.md?raw";
import apiGuide from "../../fixtures/gitbook-markdown/held-out/api-guide.md?raw";
import launchChecklist from "../../fixtures/gitbook-markdown/held-out/launch-checklist.md?raw";
import teamPage from "../../fixtures/gitbook-markdown/held-out/team-page.md?raw";
import { gitbookDocument } from "./gitbook-arbitraries";
import { officialShapeErrors } from "./official-shape";

/** The test space: `*.md` paths are pages (the path is the id), `.gitbook/assets/x` files. */
const resolveLink: ResolveLink = (path) => {
  if (path.startsWith(".gitbook/assets/")) return { kind: "file", file: path.slice(16) };
  if (path.endsWith(".md")) return { kind: "page", page: path };
  return null;
};
const hrefFor = (ref: ContentRef): string | null => {
  if (ref.kind === "page") return ref.page;
  if (ref.kind === "anchor" && ref.page) return `${ref.page}#${ref.anchor}`;
  if (ref.kind === "file") return `.gitbook/assets/${ref.file}`;
  return null;
};
const TITLES: Record<string, string> = {
  "getting-started.md": "Getting started",
  "authentication.md": "Authentication",
};
const labelFor = (ref: ContentRef) => (ref.kind === "page" ? (TITLES[ref.page] ?? null) : null);

const read = (text: string) => parsePage(text, { resolveLink });
const write = (page: ReturnType<typeof read>) => renderPage(page, { hrefFor, labelFor });

const MAIN: Array<[string, string]> = [
  ["text-formatting", textFormatting],
  ["blocks", blocks],
  ["layout", layout],
];
const HELD_OUT: Array<[string, string]> = [
  ["api-guide", apiGuide],
  ["launch-checklist", launchChecklist],
  ["team-page", teamPage],
];

describe("GitBook's normalized markdown", () => {
  it.each([...MAIN, ...HELD_OUT])("%s: write(parse(text)) is the text", (_name, text) => {
    const page = read(text);
    expect(page.warnings).toEqual([]);
    expect(officialShapeErrors(page.document)).toEqual([]);
    expect(write(page)).toBe(text);
  });

  it("reads front matter, title, GitBook's heading levels and relative links", () => {
    const page = read(layout);
    expect(page.title).toBe("Layout");
    expect(page.frontMatter).toEqual({
      description: "Steppers, columns, expandables, images and buttons",
      icon: "table-columns",
      hidden: true,
      if: "visitor.claims.unsigned.beta == true",
      layout: {
        title: { visible: true },
        description: { visible: false },
        tableOfContents: { visible: true },
      },
      other: { owner: "docs-team", tags: "\n  - layout\n  - blocks" },
    });
    const formatting = read(textFormatting);
    expect(formatting.document.nodes.map((n) => n.type)).toContain("heading-1");
    expect(formatting.refs).toEqual(
      expect.arrayContaining([
        { kind: "page", page: "getting-started.md" },
        { kind: "anchor", page: "getting-started.md", anchor: "install" },
        { kind: "file", file: "report.pdf" },
      ]),
    );
  });

  it("warns about what it cannot represent, keeping the text", () => {
    const legacy = read(
      '{% swagger baseUrl="https://x.test" path="/a" method="get" summary="A" %}\n{% swagger-description %}\nAll of them\n{% endswagger-description %}\n{% endswagger %}\n\n{% file src="https://x.test/a.pdf" %}\n',
    );
    expect(legacy.warnings).toHaveLength(2);
    expect(JSON.stringify(legacy.document)).toContain("All of them");
    expect(JSON.stringify(legacy.document)).toContain("https://x.test/a.pdf");
  });

  it("parse(write(doc)) is the doc for generated documents of every kind", () => {
    fc.assert(
      fc.property(gitbookDocument, (generated) => {
        // Generated nodes may be shared objects: each place gets its own copy and key.
        const document = JSON.parse(JSON.stringify(generated)) as typeof generated;
        assignKeys(document, { overwrite: true });
        const text = renderPage({ title: "Page", document }, { hrefFor });
        const back = parsePage(text, { resolveLink });
        expect(back.warnings).toEqual([]);
        expect(back.document).toEqual(document);
        expect(officialShapeErrors(back.document)).toEqual([]);
      }),
      { numRuns: 250, seed: 36 },
    );
  });

  it("never throws on arbitrary text but for nesting past the limit", () => {
    const pieces = fc.constantFrom(
      "{% tabs %}\n",
      '{% tab title="a" %}\n',
      "{% endtab %}\n",
      "{% endtabs %}\n",
      "<details>\n",
      "<summary>s</summary>\n",
      "</details>\n",
      "$$\n",
      "$$x$$",
      "```\n",
      '{% hint style="info" %}\n',
      "{% endhint %}\n",
      '<mark style="color:red;">',
      "</mark>",
      '<a href="x" class="button primary">',
      "</a>",
      "* ",
      "> ",
      "\n",
      "text ",
      "---\n",
      "# T\n",
      '{% embed url="https://x.test" %}\n',
      "{% endembed %}\n",
    );
    const texts = fc.oneof(
      fc.string({ maxLength: 200 }),
      fc.array(pieces, { maxLength: 40 }).map((p) => p.join("")),
    );
    fc.assert(
      fc.property(texts, (text) => {
        try {
          const page = read(text);
          renderPage(page, { hrefFor });
        } catch (error) {
          expect(error).toBeInstanceOf(DocumentTooDeepError);
        }
      }),
      { numRuns: 300, seed: 7 },
    );
  });
});
