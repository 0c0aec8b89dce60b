import { describe, expect, it } from "vitest";
import { TEMPLATES, findTemplate } from "../../src/services/templates/index";
import { templatePages } from "../../src/services/templates/build";
import { as } from "../helpers/api";
import { makeSpace } from "../helpers/spaces-factories";
import { crRow, postMerge, seedThroughCr, spaceRow } from "../helpers/change-requests-factories";
import {
  applyTemplate,
  changeRequestFile,
  expect400,
  expectedMarkdown,
  unpadTables,
  mainFile,
  makeTemplateWorld,
  matchTemplate,
  openCr,
  readMarkdown,
  readPages,
} from "../helpers/templates-factories";

describe("POST /v1/spaces/{spaceId}/content/template (change request)", () => {
  for (const template of TEMPLATES) {
    it(`applies ${template.id} inside a change request only, then merges to main`, async () => {
      const { space, editor } = await makeTemplateWorld();
      const cr = await openCr(editor, space.id);
      const files = new Map<string, string>();
      for (const slot of template.slots) {
        files.set(slot.name, await changeRequestFile(editor, space.id, cr.id));
      }
      const contentRefs = Object.fromEntries(
        [...files].map(([name, file]) => [name, { kind: "file", file }]),
      );
      const mainBefore = await spaceRow(space.id);
      const crBefore = await crRow(cr.id);
      const res = await applyTemplate(editor, space.id, {
        id: template.id,
        params: { contentRefs },
        changeRequestId: cr.id,
      });
      expect(res.status, res.text).toBe(201);

      const crAfter = await crRow(cr.id);
      expect(crAfter.seq).toBe(crBefore.seq + 1);
      expect(crAfter.revisionId).not.toBe(crBefore.revisionId);
      expect((await spaceRow(space.id)).mainSeq).toBe(mainBefore.mainSeq);
      expect(await readPages(editor, space.id)).toEqual([]);

      const ids = matchTemplate(template, await readPages(editor, space.id, cr.id));
      for (const page of templatePages(template)) {
        const markdown = await readMarkdown(editor, space.id, ids.get(page.ref)!, cr.id);
        expect(unpadTables(markdown), page.ref).toBe(
          unpadTables(expectedMarkdown(page.markdown, ids, files)),
        );
      }

      const merged = await postMerge(editor, space.id, cr.id);
      expect(merged.status, merged.text).toBe(200);
      const mainIds = matchTemplate(template, await readPages(editor, space.id));
      expect([...mainIds.values()]).toEqual([...ids.values()]);
    });
  }

  it("addresses the change request by its number, and appends after its own pages", async () => {
    const { space, owner, editor } = await makeTemplateWorld();
    await seedThroughCr(owner, space.id, [
      { operation: "insert_page", title: "Changelog", document: { markdown: "Old.\n" } },
    ]);
    const cr = await openCr(editor, space.id);
    const res = await applyTemplate(editor, space.id, {
      id: "changelog",
      changeRequestId: String(cr.number),
    });
    expect(res.status, res.text).toBe(201);
    const roots = await readPages(editor, space.id, cr.id);
    expect(roots.map((p) => p.slug)).toEqual([
      "changelog",
      "changelog-2",
      "release-process",
      "deprecations",
    ]);
    expect(roots[1]!.pages.map((p) => p.path)).toEqual([
      "changelog-2/unreleased",
      "changelog-2/1-0-0",
    ]);
    expect((await readPages(editor, space.id)).map((p) => p.title)).toEqual(["Changelog"]);
  });

  it("fills slots of a change request with files of main", async () => {
    const { space, editor } = await makeTemplateWorld();
    const logo = await mainFile(space.id);
    const cr = await openCr(editor, space.id);
    const ok = await applyTemplate(editor, space.id, {
      id: "product-docs",
      params: { contentRefs: { logo: { kind: "file", file: logo } } },
      changeRequestId: cr.id,
    });
    expect(ok.status, ok.text).toBe(201);
    const ids = matchTemplate(
      findTemplate("product-docs")!,
      await readPages(editor, space.id, cr.id),
    );
    expect(await readMarkdown(editor, space.id, ids.get("welcome")!, cr.id)).toContain(
      `<img src="/files/${logo}"`,
    );
  });

  it("refuses a file that exists only in another change request", async () => {
    const { space, editor } = await makeTemplateWorld();
    const other = await openCr(editor, space.id);
    const file = await changeRequestFile(editor, space.id, other.id);
    const cr = await openCr(editor, space.id);
    const res = await applyTemplate(editor, space.id, {
      id: "api-reference",
      params: { contentRefs: { diagram: { kind: "file", file } } },
      changeRequestId: cr.id,
    });
    expect400(res, "body.params.contentRefs.diagram");
    expect(res.body.error.message).toContain("this change request's content");
    const onMain = await applyTemplate(editor, space.id, {
      id: "api-reference",
      params: { contentRefs: { diagram: { kind: "file", file } } },
    });
    expect400(onMain, "body.params.contentRefs.diagram");
    expect(onMain.body.error.message).toContain("this space's content");
  });

  it("answers 409 for a merged or archived change request, as the content batch does", async () => {
    const { space, editor } = await makeTemplateWorld();
    const archived = await openCr(editor, space.id);
    const patch = await as(editor.token).patch(
      `/spaces/${space.id}/change-requests/${archived.id}`,
      { status: "archived" },
    );
    expect(patch.status, patch.text).toBe(200);
    const merged = await openCr(editor, space.id);
    expect((await postMerge(editor, space.id, merged.id)).status).toBe(200);
    for (const cr of [archived, merged]) {
      const res = await applyTemplate(editor, space.id, {
        id: "runbooks",
        changeRequestId: cr.id,
      });
      expect(res.status, res.text).toBe(409);
      const batch = await as(editor.token).post(
        `/spaces/${space.id}/change-requests/${cr.id}/content`,
        { changes: [{ operation: "insert_page", title: "P", document: {} }] },
      );
      expect(batch.status).toBe(409);
      expect(res.body).toEqual(batch.body);
    }
  });

  it("answers 404 for a change request of another space or one that does not exist", async () => {
    const { org, space, owner, editor } = await makeTemplateWorld();
    const elsewhere = await openCr(owner, (await makeSpace(org.id, owner)).id);
    for (const id of [elsewhere.id, "nope", "999"]) {
      const res = await applyTemplate(editor, space.id, { id: "runbooks", changeRequestId: id });
      expect(res.status, res.text).toBe(404);
      expect(res.body.error.message).toBe("Change request not found");
    }
  });
});
