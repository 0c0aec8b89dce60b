import { describe, expect, it } from "vitest";
import { findTemplate } from "../../src/services/templates/index";
import { templatePages } from "../../src/services/templates/build";
import { as, d1Cost } from "../helpers/api";
import { crRow, spaceRow } from "../helpers/change-requests-factories";
import {
  expect400,
  expectedMarkdown,
  unpadTables,
  mainFile,
  makeTemplateWorld,
  matchTemplate,
  readMarkdown,
  readPages,
} from "../helpers/templates-factories";

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
