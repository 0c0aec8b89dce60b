import { describe, expect, it } from "vitest";
import { as } from "../helpers/api";
import { createCr, makeCrWorld, postContent } from "../helpers/change-requests-factories";
import { makeCommentWorld } from "../helpers/comments-factories";

/** A JSON Document nested `depth` blockquotes deep. */
function deepDocument(depth: number) {
  let node: Record<string, unknown> = {
    object: "block",
    type: "paragraph",
    nodes: [{ object: "text", leaves: [{ object: "leaf", text: "x", marks: [] }] }],
  };
  for (let i = 0; i < depth; i++) node = { object: "block", type: "blockquote", nodes: [node] };
  return { object: "document", data: {}, nodes: [node] };
}

/** A paragraph with one inline link to `url`, as a JSON Document. */
function linkDocument(url: string) {
  return {
    object: "document",
    data: {},
    nodes: [
      {
        object: "block",
        type: "paragraph",
        nodes: [
          {
            object: "inline",
            type: "link",
            data: { ref: { kind: "url", url } },
            nodes: [{ object: "text", leaves: [{ object: "leaf", text: "click", marks: [] }] }],
          },
        ],
      },
    ],
  };
}

describe("markdown and Document limits through the routes", () => {
  it("answers a 400 naming the limit for a comment of 10,000 nested block quotes", async () => {
    const w = await makeCommentWorld();
    const res = await as(w.owner.token).post(`/spaces/${w.space.id}/comments`, {
      body: { markdown: `${"> ".repeat(10_000)}x` },
    });
    expect(res.status, res.text).toBe(400);
    expect(res.body.error.message).toBe("body.body.markdown: document too deeply nested (max 40)");
  });

  it("answers a 400 for deep inline nesting in a comment, never a 500", async () => {
    const w = await makeCommentWorld();
    const res = await as(w.owner.token).post(`/spaces/${w.space.id}/comments`, {
      body: { markdown: `${"*a **a ".repeat(5_000)}b${" a** a*".repeat(5_000)}` },
    });
    expect(res.status, res.text).toBe(400);
    expect(res.body.error.message).toMatch(/document too deeply nested \(max 40\)/);
  });

  it("answers a 400 for a page import nested too deep, as markdown and as JSON", async () => {
    const { owner, space } = await makeCrWorld();
    const cr = await createCr(owner, space.id);
    const lists = Array.from({ length: 60 }, (_, i) => `${"  ".repeat(i)}* item\n`).join("");
    const markdown = await postContent(owner, space.id, cr.id, [
      { operation: "insert_page", title: "Deep", document: { markdown: lists } },
    ]);
    expect(markdown.status, markdown.text).toBe(400);
    expect(markdown.body.error.message).toMatch(/document too deeply nested \(max 40\)/);
    for (const depth of [60, 10_000]) {
      const json = await postContent(owner, space.id, cr.id, [
        { operation: "insert_page", title: "Deep", document: { document: deepDocument(depth) } },
      ]);
      expect(json.status, json.text).toBe(400);
      expect(json.body.error.message).toMatch(/too deeply nested|nested deeper than/);
    }
  });

  it("accepts a page nested 40 levels deep", async () => {
    const { owner, space } = await makeCrWorld();
    const cr = await createCr(owner, space.id);
    const res = await postContent(owner, space.id, cr.id, [
      { operation: "insert_page", title: "Deep", document: { markdown: `${"> ".repeat(40)}x` } },
    ]);
    expect(res.status, res.text).toBe(200);
  });

  it("refuses deep agent instructions with a 400", async () => {
    const w = await makeCommentWorld();
    const res = await as(w.owner.token).put(`/orgs/${w.org.id}/agent-instructions`, {
      instructions: deepDocument(60),
    });
    expect(res.status, res.text).toBe(400);
    expect(res.body.error.message).toMatch(/document too deeply nested \(max 50\)/);
  });
});

describe("unsafe link targets through the routes", () => {
  const unsafe = [
    "javascript:alert(1)",
    " JavaScript:alert(1)",
    "\tjava\nscript:x",
    "vbscript:x",
    "data:text/html,x",
  ];

  it("drops javascript:, vbscript: and data: links from markdown and keeps their text", async () => {
    const w = await makeCommentWorld();
    for (const url of unsafe) {
      const res = await as(w.owner.token).post(`/spaces/${w.space.id}/comments`, {
        body: { markdown: `[click](<${url.replace(/[\t\n]/g, "")}>) and [ok](https://ok.test)` },
      });
      expect(res.status, res.text).toBe(200);
      expect(res.body.body.markdown).toBe("click and [ok](https://ok.test)");
    }
  });

  it("drops them from JSON Documents too, in the stored Document and its markdown", async () => {
    const w = await makeCommentWorld();
    for (const url of unsafe) {
      const res = await as(w.owner.token).post(`/spaces/${w.space.id}/comments`, {
        body: { document: linkDocument(url) },
      });
      expect(res.status, res.text).toBe(200);
      expect(res.body.body.markdown).toBe("click");
      const doc = await as(w.owner.token).get(`/spaces/${w.space.id}/comments/${res.body.id}`, {
        query: { format: "document" },
      });
      expect(JSON.stringify(doc.body.body.document)).not.toMatch(/script:|data:/i);
      expect(JSON.stringify(doc.body.body.document)).toContain('"click"');
    }
  });
});
