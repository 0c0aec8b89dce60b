import { describe, expect, it } from "vitest";
import {
  documentRefs,
  documentSections,
  documentText,
  headingAnchor,
  parseMarkdown,
} from "../../../core/document";
import { FOREIGN_DOCUMENTS } from "./foreign-documents";
import { REALISTIC_PAGE } from "./fixtures";

const doc = (md: string) => parseMarkdown(md).document;

describe("documentSections", () => {
  it("splits at top-level headings, with unique anchors", () => {
    const sections = documentSections(
      doc("Intro **text**.\n\n# Start\n\nOne\n\n* a\n* b\n\n## Start\n\n### Déjà vu!\n\n> q"),
    );
    expect(sections).toEqual([
      { heading: null, anchor: null, text: "Intro text." },
      { heading: "Start", anchor: "start", text: "One\na\nb" },
      { heading: "Start", anchor: "start-1", text: "" },
      { heading: "Déjà vu!", anchor: "deja-vu", text: "q" },
    ]);
  });

  it("omits an empty intro and reads hints, code, tables and images", () => {
    const sections = documentSections(
      doc(
        '# A\n\n{% hint style="info" %}\nhint text\n{% endhint %}\n\n```\nx = 1\n```\n\n| h1 | h2 |\n| - | - |\n| c1 | c2 |\n\n![alt](/files/f "cap")',
      ),
    );
    expect(sections).toEqual([
      { heading: "A", anchor: "a", text: "hint text\nx = 1\nh1 | h2\nc1 | c2\ncap" },
    ]);
  });

  it("uses a heading's declared id as its anchor", () => {
    const sections = documentSections({
      nodes: [
        {
          object: "block",
          type: "heading-2",
          data: { id: "custom-id" },
          nodes: [{ object: "text", leaves: [{ object: "leaf", text: "Title", marks: [] }] }],
        },
      ],
    });
    expect(sections).toEqual([{ heading: "Title", anchor: "custom-id", text: "" }]);
  });
});

describe("documentText", () => {
  it("extracts all text, one block per line", () => {
    expect(documentText(doc("# T\n\nHello [*world*](/pages/p).\n\n1. one\n2. two"))).toBe(
      "T\nHello world.\none\ntwo",
    );
  });

  it("reads unknown blocks' fragments and nodes, never throwing", () => {
    const [, containers] = FOREIGN_DOCUMENTS[1] as [string, Record<string, unknown>];
    expect(documentText(containers)).toBe("Title\nBody\nfirst tab\nsecond tab");
    for (const [, document] of FOREIGN_DOCUMENTS)
      expect(() => documentText(document)).not.toThrow();
    expect(documentText({ nodes: "nope" })).toBe("");
  });

  it("handles the realistic page", () => {
    const text = documentText(doc(REALISTIC_PAGE));
    expect(text).toContain("Tokens are secrets: never commit them.");
    expect(text).toContain("`timeout` | 30 | Seconds before giving up".replace(/`/g, ""));
  });
});

describe("headingAnchor", () => {
  it("slugifies text", () => {
    expect(headingAnchor("Hello, World!")).toBe("hello-world");
    expect(headingAnchor("Ça va — très bien")).toBe("ca-va-tres-bien");
    expect(headingAnchor("中文 标题")).toBe("中文-标题");
    expect(headingAnchor("!!!")).toBe("section");
    // GitBook's anchors (issue 33: #anchor links of a GitBook site broke on these forms).
    expect(headingAnchor("What's new?")).toBe("whats-new");
    expect(headingAnchor("Don’t panic")).toBe("dont-panic");
    expect(headingAnchor("API & SDK")).toBe("api-and-sdk");
    expect(headingAnchor("Q&A")).toBe("q-and-a");
    expect(headingAnchor("'quoted'")).toBe("quoted");
    // Seen in GitBook's own docs' links: dots kept, a leading digit prefixed.
    expect(headingAnchor("llms-full.txt and .md support for LLMs")).toBe(
      "llms-full.txt-and-.md-support-for-llms",
    );
    expect(headingAnchor("1. Create a custom backend")).toBe("id-1.-create-a-custom-backend");
    expect(headingAnchor("Set syntax…")).toBe("set-syntax...");
    expect(headingAnchor("2FA (optional)")).toBe("id-2fa-optional");
    expect(headingAnchor("...")).toBe("section");
  });
});

describe("documentRefs", () => {
  it("lists links, images and file blocks of any document", () => {
    expect(
      documentRefs(
        doc("[a](/pages/p) ![i](https://x.test/i.png)\n\n| h |\n| - |\n| [c](/files/f) |"),
      ),
    ).toEqual([
      { kind: "page", page: "p" },
      { kind: "url", url: "https://x.test/i.png" },
      { kind: "file", file: "f" },
    ]);
    const [, unknown] = FOREIGN_DOCUMENTS[0] as [string, Record<string, unknown>];
    expect(documentRefs(unknown)).toEqual([
      { kind: "file", file: "f9" },
      { kind: "page", page: "p9" },
    ]);
  });
});
