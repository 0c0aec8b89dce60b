import { describe, expect, it } from "vitest";
import {
  assetName,
  layoutRepository,
  parseGitbookConfig,
  parseSummary,
  planRepository,
  relativeLink,
  renderGitbookConfig,
  renderSummary,
  resolveRepoLink,
  pageMetaOf,
  frontMatterOf,
  type LayoutPage,
} from "../../../core/gitsync";
import { parsePage, renderPage } from "../../../core/document";

const SUMMARY = `# Table of contents

* [Welcome](README.md)
* [Guide](guide/README.md)
  * [Install](guide/install.md)
  * [Deep](guide/deep/README.md)
    * [Leaf](guide/deep/leaf.md)
* [GitBook](https://www.gitbook.com)

## API [beta]

* [Auth](api-beta/auth.md)
`;

describe("SUMMARY.md", () => {
  it("reads groups, nesting, titles and link entries, and writes them back identically", () => {
    const { entries, warnings } = parseSummary(SUMMARY);
    expect(warnings).toEqual([]);
    expect(entries.map((e) => [e.kind, e.title])).toEqual([
      ["page", "Welcome"],
      ["page", "Guide"],
      ["link", "GitBook"],
      ["group", "API [beta]"],
    ]);
    const guide = entries[1]!;
    expect(guide.kind === "page" && guide.children.map((c) => c.title)).toEqual([
      "Install",
      "Deep",
    ]);
    expect(renderSummary(entries)).toBe(SUMMARY);
  });

  it("reports what it cannot read instead of dropping it silently", () => {
    const { entries, warnings } = parseSummary(
      "* Just text\n* [Empty]()\nplain line\n* [A](a.md)\n",
    );
    expect(entries).toHaveLength(1);
    expect(warnings).toHaveLength(3);
    expect(warnings[0]).toMatch(/line 1: an entry without a link/);
  });
});

describe(".gitbook.yaml", () => {
  it("reads root, structure and redirects and writes them back", () => {
    const text = renderGitbookConfig({
      root: "docs",
      readme: "intro.md",
      summary: "toc.md",
      redirects: { "old/page": "guide/new.md" },
    });
    const { config, warnings } = parseGitbookConfig(text);
    expect(warnings).toEqual([]);
    expect(config).toEqual({
      root: "docs",
      readme: "intro.md",
      summary: "toc.md",
      redirects: { "old/page": "guide/new.md" },
    });
    expect(renderGitbookConfig(config)).toBe(text);
  });

  it("warns on a root outside the repository and on broken YAML", () => {
    expect(parseGitbookConfig("root: ../../etc").warnings[0]).toMatch(/root is not a path/);
    expect(parseGitbookConfig("root: [").warnings[0]).toMatch(/not valid YAML/);
  });
});

describe("paths and links", () => {
  it("links pages and assets relatively, both ways", () => {
    expect(relativeLink("guide/deep/leaf.md", "guide/install.md")).toBe("../install.md");
    expect(relativeLink("README.md", ".gitbook/assets/a b.png")).toBe(".gitbook/assets/a%20b.png");
    expect(resolveRepoLink("guide/deep/leaf.md", "../install.md#step-2")).toEqual({
      path: "guide/install.md",
      anchor: "step-2",
    });
    expect(resolveRepoLink("a.md", "../../escape.md")).toBeNull();
    expect(resolveRepoLink("a.md", "https://x.test/a.md")).toBeNull();
    const taken = new Set<string>();
    expect([
      assetName("a.png", taken),
      assetName("A.png", taken),
      assetName("../x", taken),
    ]).toEqual(["a.png", "A (2).png", "__x"]);
  });

  it("keeps the front matter GitBook writes, `if` and `layout` included, and custom anchors", () => {
    const text = [
      "---",
      'description: "Short: text"',
      "hidden: true",
      'if: visitor.claims.plan == "pro"',
      "layout:",
      "  width: wide",
      "  cover:",
      "    visible: false",
      "    size: hero",
      "  title:",
      "    visible: true",
      "  outline:",
      "    visible: false",
      "---",
      "",
      "# T",
      "",
      '## Setup <a href="#install" id="install"></a>',
      "",
      "Text.",
      "",
    ].join("\n");
    const page = parsePage(text);
    const { meta, unkept } = pageMetaOf(page.frontMatter);
    expect(unkept).toEqual([]);
    expect(meta).toEqual({
      description: "Short: text",
      hidden: true,
      condition: 'visitor.claims.plan == "pro"',
      layout: { width: "wide", cover: false, coverSize: "hero", title: true, outline: false },
    });
    expect(page.document.nodes[0]).toMatchObject({ type: "heading-1", meta: { id: "install" } });
    const again = { title: page.title, frontMatter: frontMatterOf(meta), document: page.document };
    expect(renderPage(again)).toBe(text);
    // `{#id}` reads as the same anchor (written back in GitBook's form); unknown keys are named.
    const braced = parsePage(
      "---\ncoverY: 0\nlayout:\n  odd: 1\n---\n\n# T\n\n## Setup {#install}\n",
    );
    expect(braced.document.nodes[0]).toMatchObject({ meta: { id: "install" } });
    expect(pageMetaOf(braced.frontMatter).unkept).toEqual(["coverY", "layout.odd"]);
  });
});

describe("a repository's pages", () => {
  const tree: LayoutPage[] = [
    { id: "p1", kind: "document", title: "Welcome", slug: "welcome", children: [] },
    {
      id: "p2",
      kind: "document",
      title: "Guide",
      slug: "guide",
      children: [{ id: "p3", kind: "document", title: "Install", slug: "install", children: [] }],
    },
    {
      id: "p4",
      kind: "link",
      title: "GitBook",
      slug: "gitbook",
      href: "https://www.gitbook.com",
      children: [],
    },
    {
      id: "g1",
      kind: "group",
      title: "API",
      slug: "api",
      children: [{ id: "p5", kind: "document", title: "Auth", slug: "auth", children: [] }],
    },
  ];

  it("lays a space out and plans it back to the same tree", () => {
    const layout = layoutRepository(tree, [{ id: "f1", name: "logo.png" }]);
    expect([...layout.pagePaths.values()]).toEqual([
      "README.md",
      "guide/README.md",
      "guide/install.md",
      "api/auth.md",
    ]);
    expect(layout.filePaths.get("f1")).toBe(".gitbook/assets/logo.png");
    const markdown = new Map([...layout.pagePaths.values()].map((p) => [p, `Body of ${p}\n`]));
    markdown.set("SUMMARY.md", renderSummary(layout.summary));
    const plan = planRepository({ markdown });
    expect(plan.warnings).toEqual([]);
    const shape = (pages: typeof plan.pages): unknown[] =>
      pages.map((p) => [p.kind, p.title, p.slug, p.kind === "link" ? [] : shape(p.children)]);
    expect(shape(plan.pages)).toEqual([
      ["document", "Welcome", "welcome", []],
      ["document", "Guide", "guide", [["document", "Install", "install", []]]],
      ["link", "GitBook", "gitbook", []],
      ["group", "API", "api", [["document", "Auth", "auth", []]]],
    ]);
  });

  it("reports a loop, a missing file and an unlisted file", () => {
    const markdown = new Map([
      ["SUMMARY.md", "* [A](a.md)\n  * [Again](a.md)\n    * [B](b.md)\n* [Gone](gone.md)\n"],
      ["a.md", "# A"],
      ["b.md", "# B"],
      ["extra.md", "# Extra"],
    ]);
    const plan = planRepository({ markdown });
    expect(plan.warnings).toEqual([
      expect.stringMatching(
        /"Again" \(a\.md\): the file is already in the table of contents \(a loop\)/,
      ),
      expect.stringMatching(/"Gone" \(gone\.md\): no such markdown file/),
      "extra.md: not in SUMMARY.md; not imported",
    ]);
    const a = plan.pages[0]!;
    expect(a.kind === "document" && a.children.map((c) => c.title)).toEqual(["B"]);
  });

  it("makes the tree from the folders when there is no SUMMARY.md", () => {
    const markdown = new Map([
      ["README.md", "# Home"],
      ["setup/README.md", "# Setup"],
      ["setup/linux.md", "Linux body"],
      ["notes/Release_Notes.md", "# Releases"],
    ]);
    const plan = planRepository({ markdown });
    const shape = (pages: typeof plan.pages): unknown[] =>
      pages.map((p) => [p.kind, p.title, p.slug, p.kind === "link" ? [] : shape(p.children)]);
    expect(shape(plan.pages)).toEqual([
      ["document", "Home", "home", []],
      ["group", "Notes", "notes", [["document", "Releases", "release-notes", []]]],
      ["document", "Setup", "setup", [["document", "Linux", "linux", []]]],
    ]);
  });
});
