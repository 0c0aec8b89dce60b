import { describe, expect, it } from "vitest";
import { as, call } from "../helpers/api";
import { makeOrg } from "../helpers/factories";
import { makeCollection } from "../helpers/collections-factories";
import { createCr, postContent } from "../helpers/change-requests-factories";
import { makeContentSpace } from "../helpers/content-factories";
import { makeCommentWorld } from "../helpers/comments-factories";
import { smallSpecText } from "../helpers/openapi-factories";

describe("400 messages name the field and what it expects", () => {
  it("reports a wrong type inside a union as the field's type, never as an unknown key", async () => {
    const w = await makeCommentWorld();
    const post = (body: unknown) => as(w.owner.token).post(`/spaces/${w.space.id}/comments`, body);
    // `{markdown: 5}` fits no branch; the empty-object branch alone used to answer for it.
    const wrong = await post({ body: { markdown: 5 } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.message).toBe(
      "body.body.markdown: Invalid input: expected string, received number",
    );
    const document = await post({ body: { document: "text" } });
    expect(document.body.error.message).toBe(
      "body.body.document: Invalid input: expected record, received string",
    );
    // A key no branch knows is still said to be unknown, at the object that has it.
    const stray = await post({ body: { html: "<p>x</p>" } });
    expect(stray.status).toBe(400);
    expect(stray.body.error.message).toBe('body.body: Unrecognized key: "html"');
    expect((await post({ body: {} })).status).toBe(200);
  });

  it("does the same for a page's document in a content batch", async () => {
    const { org, owner } = await makeOrg();
    const space = await makeContentSpace(org.id, owner);
    const cr = await createCr(owner, space.id);
    const insert = (document: unknown) =>
      postContent(owner, space.id, cr.id, [{ operation: "insert_page", title: "X", document }]);
    const wrong = await insert({ markdown: 5 });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.message).toBe(
      "body.changes[0].document.markdown: Invalid input: expected string, received number",
    );
    const stray = await insert({ html: "<p>x</p>" });
    expect(stray.body.error.message).toBe('body.changes[0].document: Unrecognized key: "html"');
  });

  it("names a wrong type ahead of an unknown key, and the union branch the input meant", async () => {
    const { org, owner } = await makeOrg();
    const post = (body: unknown) => as(owner.token).post(`/orgs/${org.id}/openapi`, body);
    const text = await post({ slug: "a", source: { text: 5 } });
    expect(text.status).toBe(400);
    expect(text.body.error.message).toBe(
      "body.source.text: Invalid input: expected string, received number",
    );
    const url = await post({ slug: "a", source: { url: 5 } });
    expect(url.body.error.message).toMatch(/^body\.source\.url: .*received number/);
    const both = await post({ slug: 5, extra: true, source: { text: smallSpecText() } });
    expect(both.body.error.message).toBe(
      "body.slug: Invalid input: expected string, received number",
    );
    const extra = await post({ slug: "a", extra: true, source: { text: smallSpecText() } });
    expect(extra.body.error.message).toBe('body: Unrecognized key: "extra"');
  });
});

describe("a union of plain values", () => {
  it("lists every value it accepts", async () => {
    const { org, owner } = await makeOrg();
    const col = await makeCollection(org.id);
    const res = await as(owner.token).patch(`/collections/${col.id}`, { defaultLevel: "owner" });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(
      'body.defaultLevel: Invalid input: expected "read" | "comment" | "edit" | "review" | "create" | "admin" | null | "inherit"',
    );
  });
});

describe("415: a body that is not JSON", () => {
  it("says what was sent and to send Content-Type: application/json", async () => {
    const { org, owner } = await makeOrg();
    const body = JSON.stringify({ slug: "a", source: { text: smallSpecText() } });
    for (const [type, said] of [
      ["text/plain; charset=utf-8", '"text/plain"'],
      ["application/x-www-form-urlencoded", '"application/x-www-form-urlencoded"'],
    ] as const) {
      const res = await call("POST", `/orgs/${org.id}/openapi`, {
        token: owner.token,
        rawBody: body,
        headers: { "Content-Type": type },
      });
      expect(res.status, type).toBe(415);
      expect(res.body.error.code).toBe(415);
      expect(res.body.error.message).toContain(said);
      expect(res.body.error.message).toContain("Content-Type: application/json");
    }
  });
});
