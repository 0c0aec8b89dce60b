import { describe, expect, it } from "vitest";
import { TEMPLATES, findTemplate } from "../../src/services/templates/index";
import { templatePages } from "../../src/services/templates/build";
import { as, d1Cost } from "../helpers/api";
import { seedManyPages, seedThroughCr, spaceRow } from "../helpers/change-requests-factories";
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
} from "../helpers/templates-factories";

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
