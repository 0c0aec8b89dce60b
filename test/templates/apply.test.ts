import { describe, expect, it, beforeAll } from "vitest";
import { TEMPLATES, findTemplate } from "../../src/services/templates/index";
import { templatePages } from "../../src/services/templates/build";
import { as, d1Cost } from "../helpers/api";
import {
  seedManyPages,
  seedThroughCr,
  spaceRow,
  crRow,
  postMerge,
} from "../helpers/change-requests-factories";
import {
  applyTemplate,
  expectedMarkdown,
  unpadTables,
  flatten,
  mainFile,
  makeTemplateWorld,
  matchTemplate,
  readMarkdown,
  readPages,
  changeRequestFile,
  expect400,
  openCr,
} from "../helpers/templates-factories";
import { makeSpace } from "../helpers/spaces-factories";
import { emptyStorage } from "../helpers/storage";

describe("apply-main", () => {
  describe("POST /v1/spaces/{spaceId}/content/template (main)", () => {
    for (const template of TEMPLATES) {
      it(`applies ${template.id} to main with every slot filled: pages, markdown, files`, async () => {
        const { space, editor } = await makeTemplateWorld();
        const files = new Map<string, string>();
        for (const slot of template.slots) files.set(slot.name, await mainFile(space.id));
        const contentRefs = Object.fromEntries(
          [...files].map(([name, file]) => [name, { kind: "file", file }]),
        );
        const before = await spaceRow(space.id);
        const res = await applyTemplate(editor, space.id, {
          id: template.id,
          params: { contentRefs },
        });
        expect(res.status, res.text).toBe(201);
        expect(res.text).toBe("");

        const after = await spaceRow(space.id);
        expect(after.mainSeq).toBe(before.mainSeq + 1);
        expect(after.revisionId).not.toBe(before.revisionId);
        const revision = await as(editor.token).get(`/spaces/${space.id}/content`);
        expect(revision.body).toMatchObject({ id: after.revisionId, type: "edits" });
        expect(revision.body.parents).toEqual([before.revisionId]);

        const roots = await readPages(editor, space.id);
        const ids = matchTemplate(template, roots);
        const shown: string[] = [];
        for (const page of templatePages(template)) {
          const markdown = await readMarkdown(editor, space.id, ids.get(page.ref)!);
          expect(unpadTables(markdown), page.ref).toBe(
            unpadTables(expectedMarkdown(page.markdown, ids, files)),
          );
          shown.push(markdown);
        }
        for (const file of files.values()) {
          expect(
            shown.some((md) => md.includes(`<img src="/files/${file}"`)),
            file,
          ).toBe(true);
        }
      });
    }

    it("leaves out the images of slots that are not filled", async () => {
      const { space, editor } = await makeTemplateWorld();
      const template = findTemplate("product-docs")!;
      const res = await applyTemplate(editor, space.id, { id: "product-docs" });
      expect(res.status, res.text).toBe(201);
      const ids = matchTemplate(template, await readPages(editor, space.id));
      const welcome = await readMarkdown(editor, space.id, ids.get("welcome")!);
      expect(welcome.startsWith("Welcome to the documentation")).toBe(true);
      expect(welcome).not.toContain("![");
      const quickstart = await readMarkdown(editor, space.id, ids.get("quickstart")!);
      expect(quickstart).not.toContain("slot:");
      expect(quickstart).toContain("When it starts, the main screen looks like this:\n\n{% hint");
    });

    it("fills some slots and leaves the others out", async () => {
      const { space, editor } = await makeTemplateWorld();
      const logo = await mainFile(space.id);
      const res = await applyTemplate(editor, space.id, {
        id: "product-docs",
        params: { contentRefs: { logo: { kind: "file", file: logo, space: space.id } } },
      });
      expect(res.status, res.text).toBe(201);
      const ids = matchTemplate(findTemplate("product-docs")!, await readPages(editor, space.id));
      expect(await readMarkdown(editor, space.id, ids.get("welcome")!)).toMatch(
        new RegExp(`^<figure><img src="/files/${logo}" alt="Product logo">`),
      );
      expect(await readMarkdown(editor, space.id, ids.get("quickstart")!)).not.toContain("![");
    });

    it("appends after the existing pages and suffixes top-level slugs that are taken", async () => {
      const { space, owner, editor } = await makeTemplateWorld();
      await seedThroughCr(owner, space.id, [
        { operation: "insert_page", title: "Home", document: { markdown: "Home.\n" } },
        { operation: "insert_page", title: "FAQ", document: { markdown: "Old FAQ.\n" } },
      ]);
      const first = await applyTemplate(editor, space.id, { id: "runbooks" });
      expect(first.status, first.text).toBe(201);
      const again = await applyTemplate(editor, space.id, { id: "product-docs" });
      expect(again.status, again.text).toBe(201);
      const roots = await readPages(editor, space.id);
      expect(roots.map((p) => p.title)).toEqual([
        "Home",
        "FAQ",
        ...findTemplate("runbooks")!.pages.map((p) => p.title),
        ...findTemplate("product-docs")!.pages.map((p) => p.title),
      ]);
      const faqs = roots.filter((p) => p.title === "FAQ").map((p) => p.slug);
      expect(faqs).toEqual(["faq", "faq-2"]);
      const third = await applyTemplate(editor, space.id, { id: "runbooks" });
      expect(third.status, third.text).toBe(201);
      const slugs = (await readPages(editor, space.id)).filter((p) => p.title === "On-call");
      expect(slugs.map((p) => p.slug)).toEqual(["on-call", "on-call-2"]);
      const nested = flatten(await readPages(editor, space.id)).filter(
        (p) => p.title === "Example service",
      );
      expect(nested.map((p) => p.path)).toEqual([
        "runbooks/example-service",
        "runbooks-2/example-service",
      ]);
    });

    it("indexes the new pages for search", async () => {
      const { space, editor } = await makeTemplateWorld();
      const res = await applyTemplate(editor, space.id, { id: "runbooks" });
      expect(res.status, res.text).toBe(201);
      const found = await as(editor.token).get(`/spaces/${space.id}/search`, {
        query: { query: "postmortems are blameless" },
      });
      expect(found.status, found.text).toBe(200);
      expect(found.body.items.map((i: { title: string }) => i.title)).toContain(
        "Postmortem template",
      );
    });

    it("answers 409 on a locked space and writes nothing", async () => {
      const { space, owner, editor } = await makeTemplateWorld();
      const lock = await as(owner.token).patch(`/spaces/${space.id}`, { editMode: "locked" });
      expect(lock.status, lock.text).toBe(200);
      const res = await applyTemplate(editor, space.id, { id: "changelog" });
      expect(res.status, res.text).toBe(409);
      expect(await readPages(editor, space.id)).toEqual([]);
    });

    it("costs a bounded number of D1 round trips, whatever the size of the space", async () => {
      const parents = templatePages(findTemplate("changelog")!).filter((p) => p.children).length;
      const costs: number[] = [];
      for (const size of [0, 150]) {
        const { space, editor } = await makeTemplateWorld();
        if (size) await seedManyPages(await spaceRow(space.id), size);
        const logo = await mainFile(space.id);
        const res = await applyTemplate(editor, space.id, {
          id: "changelog",
          params: { contentRefs: { highlight: { kind: "file", file: logo } } },
        });
        expect(res.status, res.text).toBe(201);
        costs.push(d1Cost(res).roundTrips);
      }
      // Access and slot files (1), the pages around the insertion point (1), the commit (1), and
      // today one read of the (empty) children of each new page that has children (compat notes).
      expect(costs[0]).toBeLessThanOrEqual(3 + parents);
      expect(costs[1]).toBe(costs[0]);
    });
  });
});

describe("apply-cr", () => {
  beforeAll(emptyStorage);
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
});

describe("create-cr", () => {
  beforeAll(emptyStorage);
  const create = (token: string, spaceId: string, body: unknown) =>
    as(token).post(`/spaces/${spaceId}/change-requests`, body);

  describe("POST /v1/spaces/{spaceId}/change-requests with a template", () => {
    it("creates the change request with the template's pages in it, main untouched", async () => {
      const { space, editor } = await makeTemplateWorld();
      const diagram = await mainFile(space.id);
      const template = findTemplate("api-reference")!;
      const res = await create(editor.token, space.id, {
        subject: "API docs",
        template: {
          id: "api-reference",
          params: { contentRefs: { diagram: { kind: "file", file: diagram } } },
        },
      });
      expect(res.status, res.text).toBe(201);
      expect(res.body).toMatchObject({
        object: "change-request",
        subject: "API docs",
        status: "draft",
        outdated: false,
      });
      expect(res.body.revision).not.toBe(res.body.revisionInitial);
      expect(res.headers.get("Location")).toBe(
        `https://quire.test/v1/spaces/${space.id}/change-requests/${res.body.id}`,
      );
      const row = await crRow(res.body.id);
      expect(row.revisionId).toBe(res.body.revision);
      expect(row.seq).toBe(1);

      const ids = matchTemplate(template, await readPages(editor, space.id, res.body.id));
      const files = new Map([["diagram", diagram]]);
      for (const page of templatePages(template)) {
        const markdown = await readMarkdown(editor, space.id, ids.get(page.ref)!, res.body.id);
        expect(unpadTables(markdown), page.ref).toBe(
          unpadTables(expectedMarkdown(page.markdown, ids, files)),
        );
      }
      expect(await readPages(editor, space.id)).toEqual([]);

      const read = await as(editor.token).get(`/spaces/${space.id}/change-requests/${res.body.id}`);
      expect(read.body.revision).toBe(res.body.revision);
    });

    it("without a template creates an empty change request, as before", async () => {
      const { space, editor } = await makeTemplateWorld();
      const res = await create(editor.token, space.id, { subject: "Plain", other: 1 });
      expect(res.status, res.text).toBe(201);
      expect(res.body.revision).toBe(res.body.revisionInitial);
      expect(await readPages(editor, space.id, res.body.id)).toEqual([]);
    });

    it("refuses a bad template with a 400 naming body.template.*, creating nothing", async () => {
      const { space, editor } = await makeTemplateWorld();
      const before = await spaceRow(space.id);
      const cases: [unknown, string][] = [
        [{ id: "nope" }, "body.template.id"],
        [{}, "body.template.id"],
        [
          { id: "product-docs", params: { contentRefs: { banner: { kind: "file", file: "f" } } } },
          "body.template.params.contentRefs.banner",
        ],
        [
          { id: "product-docs", params: { contentRefs: { logo: { kind: "file", file: "f" } } } },
          "body.template.params.contentRefs.logo",
        ],
        [{ id: "runbooks", unknown: 1 }, "body.template"],
      ];
      for (const [template, field] of cases) {
        expect400(await create(editor.token, space.id, { subject: "x", template }), field);
      }
      const after = await spaceRow(space.id);
      expect(after.changeRequestsCount).toBe(before.changeRequestsCount);
      expect(after.nextChangeRequestNumber).toBe(before.nextChangeRequestNumber);
    });

    it("answers 409 on a locked space and creates nothing", async () => {
      const { space, owner, editor } = await makeTemplateWorld();
      const lock = await as(owner.token).patch(`/spaces/${space.id}`, { editMode: "locked" });
      expect(lock.status, lock.text).toBe(200);
      const before = await spaceRow(space.id);
      const res = await create(editor.token, space.id, { template: { id: "changelog" } });
      expect(res.status, res.text).toBe(409);
      expect((await spaceRow(space.id)).changeRequestsCount).toBe(before.changeRequestsCount);
    });

    it("costs one more round trip than applying the template to an existing change request", async () => {
      const { space, editor } = await makeTemplateWorld();
      const res = await create(editor.token, space.id, { template: { id: "runbooks" } });
      expect(res.status, res.text).toBe(201);
      const parents = templatePages(findTemplate("runbooks")!).filter((p) => p.children).length;
      expect(d1Cost(res).roundTrips).toBeLessThanOrEqual(4 + parents);
    });
  });
});
