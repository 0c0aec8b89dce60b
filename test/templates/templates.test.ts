import { describe, expect, it, beforeAll } from "vitest";
import { ChangeBatchSchema } from "../../src/content/change-schema";
import { parseMarkdown, renderMarkdown } from "../../core/document";
import { slugify } from "../../src/content/tree";
import { TEMPLATES, findTemplate, templateIds } from "../../src/services/templates/index";
import {
  fillSlots,
  SLOT_IMAGE,
  templateChanges,
  templatePages,
} from "../../src/services/templates/build";
import {
  expectedMarkdown,
  unpadTables,
  applyTemplate,
  expect400,
  mainFile,
  makeTemplateWorld,
  readPages,
} from "../helpers/templates-factories";
import { spaceRow, createCr } from "../helpers/change-requests-factories";
import { makeSpace, grantSpace } from "../helpers/spaces-factories";
import { authorizationMatrix } from "../helpers/authz";
import { makeMember, makeOrg, makeToken } from "../helpers/factories";
import { assertContract } from "../helpers/contract";
import { call } from "../helpers/api";
import { emptyStorage } from "../helpers/storage";

describe("registry", () => {
  const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

  describe("the built-in templates", () => {
    it("are at least three, with unique ids, and are found by id", () => {
      expect(TEMPLATES.length).toBeGreaterThanOrEqual(3);
      expect(new Set(templateIds()).size).toBe(TEMPLATES.length);
      expect(templateIds()).toEqual(["product-docs", "api-reference", "changelog", "runbooks"]);
      for (const t of TEMPLATES) expect(findTemplate(t.id)).toBe(t);
      expect(findTemplate("nope")).toBeUndefined();
    });

    for (const template of TEMPLATES) {
      describe(template.id, () => {
        const pages = templatePages(template);

        it("has a title, a description and several real pages", () => {
          expect(template.title.length).toBeGreaterThan(3);
          expect(template.description.length).toBeGreaterThan(40);
          expect(pages.length).toBeGreaterThanOrEqual(5);
          for (const page of pages) {
            expect(page.markdown.length, page.ref).toBeGreaterThan(150);
            expect(page.markdown, page.ref).toMatch(/\n$/);
            expect(page.markdown, page.ref).not.toMatch(/lorem ipsum/i);
          }
        });

        it("has unique refs, valid slugs, and top-level slugs derived from titles", () => {
          expect(new Set(pages.map((p) => p.ref)).size).toBe(pages.length);
          for (const page of pages) expect(page.slug, page.ref).toMatch(SLUG);
          for (const page of template.pages) expect(slugify(page.title)).toBe(page.slug);
          const siblings = [template.pages, ...pages.map((p) => p.children ?? [])];
          for (const list of siblings) {
            expect(new Set(list.map((p) => p.slug)).size).toBe(list.length);
          }
        });

        it("links only to its own pages and uses exactly its declared slots", () => {
          const refs = new Set(pages.map((p) => p.ref));
          const slots = new Set(template.slots.map((s) => s.name));
          const used = new Set<string>();
          for (const page of pages) {
            for (const [, target] of page.markdown.matchAll(/\]\(([^)\s]+)\)/g)) {
              if (target!.startsWith("slot:")) continue;
              const internal = !/^https?:\/\//.test(target!);
              if (internal) expect(refs.has(target!), `${page.ref} -> ${target}`).toBe(true);
            }
            for (const line of page.markdown.split("\n")) {
              if (!line.includes("slot:")) continue;
              const match = SLOT_IMAGE.exec(line);
              expect(match, `${page.ref}: a slot image is alone on its line`).not.toBeNull();
              expect(slots.has(match![2]!), `${page.ref}: slot ${match![2]}`).toBe(true);
              used.add(match![2]!);
            }
          }
          expect([...used].sort()).toEqual([...slots].sort());
        });

        it("writes canonical markdown: every page round-trips unchanged", () => {
          const ids = new Map(pages.map((p) => [p.ref, `P${p.ref}`]));
          const files = new Map(template.slots.map((s) => [s.name, `F${s.name}`]));
          for (const page of pages) {
            const parsed = parseMarkdown(fillSlots(page.markdown, files), {
              resolveHref: (href) =>
                ids.has(href) ? { kind: "page", page: ids.get(href)! } : null,
            });
            // Tables are padded to their rendered cells (GitBook's form): compared unpadded.
            expect(unpadTables(renderMarkdown(parsed.document)), page.ref).toBe(
              unpadTables(expectedMarkdown(page.markdown, ids, files)),
            );
          }
        });

        it("becomes one valid content batch of insert_page changes, parents first", () => {
          const changes = templateChanges(template, new Map());
          expect(ChangeBatchSchema.safeParse({ changes }).success).toBe(true);
          expect(changes.map((c) => c.operation === "insert_page" && c.ref)).toEqual(
            pages.map((p) => p.ref),
          );
          for (const change of changes) {
            if (change.operation !== "insert_page") throw new Error("insert_page only");
            expect(change.slug === undefined).toBe(change.into === undefined);
          }
        });
      });
    }
  });

  describe("fillSlots", () => {
    const md = "![Logo](slot:logo)\n\nIntro.\n\n![Shot](slot:shot)\n\nMore.\n\n![End](slot:end)\n";

    it("points filled slots at their files", () => {
      const files = new Map([
        ["logo", "f1"],
        ["shot", "f2"],
        ["end", "f3"],
      ]);
      expect(fillSlots(md, files)).toBe(
        "![Logo](/files/f1)\n\nIntro.\n\n![Shot](/files/f2)\n\nMore.\n\n![End](/files/f3)\n",
      );
    });

    it("leaves out unfilled slots with their blank line, wherever they are", () => {
      expect(fillSlots(md, new Map())).toBe("Intro.\n\nMore.\n");
      expect(fillSlots(md, new Map([["shot", "f2"]]))).toBe(
        "Intro.\n\n![Shot](/files/f2)\n\nMore.\n",
      );
      expect(fillSlots("![Only](slot:only)\n", new Map())).toBe("");
    });

    it("leaves slot-like text that is not alone on its line untouched", () => {
      const inline = "See ![x](slot:logo) here.\n";
      expect(fillSlots(inline, new Map())).toBe(inline);
    });
  });
});

describe("errors", () => {
  beforeAll(emptyStorage);
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
});

describe("authz", () => {
  beforeAll(emptyStorage);
  // Guests are granted `read` on the space, so they see it and are refused with 403 like the
  // organization's read and comment members.
  authorizationMatrix("POST /v1/spaces/{spaceId}/content/template (main)", {
    setup: async (world) => {
      const space = await makeSpace(world.org.id, world.owner);
      await grantSpace(space.id, { user: world.guest.user.id }, "read");
      return { space };
    },
    request: (_w, s) => ({
      method: "POST",
      path: `/spaces/${s.space.id}/content/template`,
      body: { id: "changelog" },
    }),
    missing: () => ({
      method: "POST",
      path: `/spaces/neverexisted/content/template`,
      body: { id: "changelog" },
    }),
    minimumRole: "edit",
    scope: "space:write",
    success: 201,
    repeatable: true,
  });

  authorizationMatrix("POST /v1/spaces/{spaceId}/content/template (change request)", {
    setup: async (world) => {
      const space = await makeSpace(world.org.id, world.owner);
      await grantSpace(space.id, { user: world.guest.user.id }, "read");
      return { space, cr: await createCr(world.owner, space.id) };
    },
    request: (_w, s) => ({
      method: "POST",
      path: `/spaces/${s.space.id}/content/template`,
      body: { id: "runbooks", changeRequestId: s.cr.id },
    }),
    missing: (_w, s) => ({
      method: "POST",
      path: `/spaces/neverexisted/content/template`,
      body: { id: "runbooks", changeRequestId: s.cr.id },
    }),
    minimumRole: "edit",
    scope: "space:write",
    success: 201,
    repeatable: true,
  });

  authorizationMatrix("POST /v1/spaces/{spaceId}/change-requests (with a template)", {
    setup: async (world) => {
      const space = await makeSpace(world.org.id, world.owner);
      await grantSpace(space.id, { user: world.guest.user.id }, "read");
      return { space };
    },
    request: (_w, s) => ({
      method: "POST",
      path: `/spaces/${s.space.id}/change-requests`,
      body: { subject: "T", template: { id: "product-docs" } },
    }),
    missing: () => ({
      method: "POST",
      path: `/spaces/neverexisted/change-requests`,
      body: { subject: "T", template: { id: "product-docs" } },
    }),
    minimumRole: "edit",
    scope: "space:write",
    success: 201,
    repeatable: true,
  });

  describe("template authorization beyond the matrix", () => {
    it("checks access before the template: an outsider's bad template is still a 404", async () => {
      const { org, owner } = await makeOrg();
      const space = await makeSpace(org.id, owner);
      const outsider = (await makeOrg()).owner;
      const res = await applyTemplate(outsider, space.id, { id: "nope" });
      expect(res.status).toBe(404);
      expect(res.body.error.message).toBe("Space not found");
    });

    it("follows grants on the space: a read member granted edit may apply, a reader may not", async () => {
      const { org, owner } = await makeOrg();
      const space = await makeSpace(org.id, owner);
      const reader = await makeMember(org.id, "read");
      const refused = await applyTemplate(reader, space.id, { id: "changelog" });
      expect(refused.status).toBe(403);
      await grantSpace(space.id, { user: reader.user.id }, "edit");
      const allowed = await applyTemplate(reader, space.id, { id: "changelog" });
      expect(allowed.status, allowed.text).toBe(201);
      expect((await readPages(reader, space.id)).length).toBe(3);
    });

    it("refuses a token scoped to space:read only", async () => {
      const { org, owner } = await makeOrg();
      const space = await makeSpace(org.id, owner);
      const token = await makeToken(owner.user.id, { scopes: ["space:read"] });
      const res = await applyTemplate({ ...owner, token }, space.id, { id: "changelog" });
      expect(res.status).toBe(403);
    });
  });
});

describe("contract", () => {
  beforeAll(emptyStorage);
  type Schema = {
    $ref?: string;
    properties?: Record<string, Schema>;
    required?: string[];
    additionalProperties?: Schema | boolean;
    allOf?: Schema[];
  };

  /** Follows `$ref`s of the served document. */
  function deref(doc: { components: { schemas: Record<string, Schema> } }, s: Schema): Schema {
    return s.$ref ? deref(doc, doc.components.schemas[s.$ref.split("/").pop()!]!) : s;
  }

  describe("the template operations' contract", () => {
    it("documents POST /v1/spaces/{spaceId}/content/template with the official body and 201", async () => {
      const res = await call("GET", "/openapi.json");
      const op = res.body.paths["/v1/spaces/{spaceId}/content/template"]?.post;
      expect(op, "the operation is served and documented").toBeDefined();
      expect(Object.keys(op.responses)).toContain("201");
      expect(op.responses["201"].content).toBeUndefined();
      const body = deref(res.body, op.requestBody.content["application/json"].schema);
      expect(Object.keys(body.properties!).sort()).toEqual(["changeRequestId", "id", "params"]);
      expect(body.required).toEqual(["id"]);
      const params = deref(res.body, body.properties!.params!);
      const refs = deref(res.body, params.properties!.contentRefs!);
      const ref = deref(res.body, refs.additionalProperties as Schema);
      expect(Object.keys(ref.properties!).sort()).toEqual(["file", "kind", "space"]);
      expect(ref.required!.sort()).toEqual(["file", "kind"]);
    });

    it("documents the change-request body's template as ApplySpaceTemplate", async () => {
      const res = await call("GET", "/openapi.json");
      const op = res.body.paths["/v1/spaces/{spaceId}/change-requests"].post;
      const body = deref(res.body, op.requestBody.content["application/json"].schema);
      const template = deref(res.body, body.properties!.template!);
      expect(Object.keys(template.properties!).sort()).toEqual(["id", "params"]);
      expect(template.required).toEqual(["id"]);
    });

    it("answers 201 with no body, which the official document lists without content", async () => {
      const { space, editor } = await makeTemplateWorld();
      const res = await applyTemplate(editor, space.id, { id: "runbooks" });
      expect(res.status).toBe(201);
      expect(res.text).toBe("");
      expect(res.headers.get("Content-Type")).toBeNull();
    });

    it("errors have the one error shape the contract checks", async () => {
      const { space, editor } = await makeTemplateWorld();
      const res = await applyTemplate(editor, space.id, { id: "nope" });
      expect(res.status).toBe(400);
      expect(assertContract("POST", `/v1/spaces/${space.id}/content/template`, 400, res.body)).toBe(
        "official",
      );
    });
  });
});
