import { describe, expect, it } from "vitest";
import { spaceRow } from "../helpers/change-requests-factories";
import { makeSpace } from "../helpers/spaces-factories";
import {
  applyTemplate,
  expect400,
  mainFile,
  makeTemplateWorld,
  readPages,
} from "../helpers/templates-factories";

describe("POST /v1/spaces/{spaceId}/content/template: bad input", () => {
  it("names an unknown template id and lists the templates", async () => {
    const { space, editor } = await makeTemplateWorld();
    const res = await applyTemplate(editor, space.id, { id: "wiki" });
    expect400(res, "body.id");
    expect(res.body.error.message).toBe(
      'body.id: no template "wiki"; the templates are product-docs, api-reference, changelog, runbooks',
    );
  });

  it("names a content ref that is not a slot of the template", async () => {
    const { space, editor } = await makeTemplateWorld();
    const file = await mainFile(space.id);
    const res = await applyTemplate(editor, space.id, {
      id: "product-docs",
      params: { contentRefs: { cover: { kind: "file", file } } },
    });
    expect400(res, "body.params.contentRefs.cover");
    expect(res.body.error.message).toContain("its slots are logo, screenshot");
    const none = await applyTemplate(editor, space.id, {
      id: "runbooks",
      params: { contentRefs: { logo: { kind: "file", file } } },
    });
    expect400(none, "body.params.contentRefs.logo");
    expect(none.body.error.message).toContain("it has no slots");
  });

  it("names a content ref whose file is not in the space's content", async () => {
    const { org, owner, space, editor } = await makeTemplateWorld();
    const other = await makeSpace(org.id, owner);
    const elsewhere = await mainFile(other.id);
    for (const file of ["nofile", elsewhere]) {
      const res = await applyTemplate(editor, space.id, {
        id: "product-docs",
        params: { contentRefs: { logo: { kind: "file", file } } },
      });
      expect400(res, "body.params.contentRefs.logo");
      expect(res.body.error.message).toBe(
        `body.params.contentRefs.logo: no file "${file}" in this space's content`,
      );
    }
    const foreign = await applyTemplate(editor, space.id, {
      id: "product-docs",
      params: { contentRefs: { logo: { kind: "file", file: elsewhere, space: other.id } } },
    });
    expect400(foreign, "body.params.contentRefs.logo.space");
  });

  it("names the first bad ref when several are given, and writes nothing", async () => {
    const { space, editor } = await makeTemplateWorld();
    const logo = await mainFile(space.id);
    const before = await spaceRow(space.id);
    const res = await applyTemplate(editor, space.id, {
      id: "product-docs",
      params: {
        contentRefs: {
          logo: { kind: "file", file: logo },
          screenshot: { kind: "file", file: "missing" },
        },
      },
    });
    expect400(res, "body.params.contentRefs.screenshot");
    expect((await spaceRow(space.id)).mainSeq).toBe(before.mainSeq);
    expect(await readPages(editor, space.id)).toEqual([]);
  });

  it("validates the body's shape: kinds, ids, unknown fields, sizes", async () => {
    const { space, editor } = await makeTemplateWorld();
    const cases: [unknown, string][] = [
      [{}, "body.id"],
      [{ id: "" }, "body.id"],
      [{ id: 42 }, "body.id"],
      [{ id: "runbooks", extra: true }, "body"],
      [{ id: "runbooks", params: { other: 1 } }, "body.params"],
      [
        {
          id: "product-docs",
          params: { contentRefs: { logo: { kind: "url", url: "https://x" } } },
        },
        "body.params.contentRefs.logo.kind",
      ],
      [
        { id: "product-docs", params: { contentRefs: { logo: { kind: "file" } } } },
        "body.params.contentRefs.logo.file",
      ],
      [
        { id: "product-docs", params: { contentRefs: { logo: { kind: "file", file: "a/b" } } } },
        "body.params.contentRefs.logo.file",
      ],
      [{ id: "runbooks", changeRequestId: "" }, "body.changeRequestId"],
    ];
    for (const [body, field] of cases) {
      expect400(await applyTemplate(editor, space.id, body), field);
    }
    const many = Object.fromEntries(
      Array.from({ length: 21 }, (_, i) => [`s${i}`, { kind: "file", file: `f${i}` }]),
    );
    const res = await applyTemplate(editor, space.id, {
      id: "product-docs",
      params: { contentRefs: many },
    });
    expect400(res, "body.params.contentRefs");
    expect(res.body.error.message).toContain("at most 20");
  });
});
