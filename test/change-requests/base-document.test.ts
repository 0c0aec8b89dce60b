import { describe, expect, it } from "vitest";
import { as } from "../helpers/api";
import { authorizationMatrix } from "../helpers/authz";
import { makeMember } from "../helpers/factories";
import { grantSpace, makeSpace } from "../helpers/spaces-factories";
import { createCr, makeCrWorld, postContent } from "../helpers/change-requests-factories";

/** A paragraph document of one text. */
function doc(text: string) {
  return {
    document: {
      object: "document",
      data: {},
      nodes: [
        {
          object: "block",
          type: "paragraph",
          data: {},
          nodes: [{ object: "text", leaves: [{ object: "leaf", text, marks: [] }] }],
        },
      ],
    },
  };
}

/** The `documentId` a page's tree read names (bodies=false), or undefined. */
async function documentIdOf(token: string, spaceId: string, crId: string, pageId: string) {
  const res = await as(token).get(`/spaces/${spaceId}/change-requests/${crId}/content`, {
    query: { bodies: false },
  });
  expect(res.status, res.text).toBe(200);
  const page = (res.body.pages as { id: string; documentId?: string }[]).find(
    (p) => p.id === pageId,
  );
  return page?.documentId;
}

describe("update_page's baseDocumentId (Quire extension: a save names what it was based on)", () => {
  it("saves on the base the page has, answers the new documentId, and refuses a stale base with 409", async () => {
    const { org, space } = await makeCrWorld();
    const writer = await makeMember(org.id, "edit");
    const cr = await createCr(writer, space.id, "Draft");
    const created = await postContent(
      writer,
      space.id,
      cr.id,
      [{ operation: "insert_page", ref: "p", title: "Page", document: {} }],
      false,
    );
    expect(created.status, created.text).toBe(200);
    const pageId: string = created.body.changes[0].page.id;
    // An empty page has a document too (the empty one): the base the next save names.
    const emptyId: string = created.body.changes[0].page.documentId;
    expect(await documentIdOf(writer.token, space.id, cr.id, pageId)).toBe(emptyId);
    const first = await postContent(
      writer,
      space.id,
      cr.id,
      [{ operation: "update_page", page: pageId, baseDocumentId: emptyId, document: doc("one") }],
      false,
    );
    expect(first.status, first.text).toBe(200);
    const firstId: string = first.body.changes[0].page.documentId;
    expect(firstId).toMatch(/^[0-9a-f]{64}$/);
    expect(await documentIdOf(writer.token, space.id, cr.id, pageId)).toBe(firstId);

    const second = await postContent(
      writer,
      space.id,
      cr.id,
      [{ operation: "update_page", page: pageId, baseDocumentId: firstId, document: doc("two") }],
      false,
    );
    expect(second.status, second.text).toBe(200);
    const secondId: string = second.body.changes[0].page.documentId;
    expect(secondId).not.toBe(firstId);

    // Another tab still based on `one`: refused, naming the field, and nothing changes.
    const stale = await postContent(writer, space.id, cr.id, [
      { operation: "update_page", page: pageId, baseDocumentId: firstId, document: doc("three") },
    ]);
    expect(stale.status, stale.text).toBe(409);
    expect(stale.body.error.message).toContain("body.changes[0].baseDocumentId");
    expect(stale.body.error.message).toContain(secondId);
    expect(await documentIdOf(writer.token, space.id, cr.id, pageId)).toBe(secondId);

    // A retried save whose answer was lost (its base is the one before it): not a conflict.
    const retried = await postContent(writer, space.id, cr.id, [
      { operation: "update_page", page: pageId, baseDocumentId: firstId, document: doc("two") },
    ]);
    expect(retried.status, retried.text).toBe(200);

    // Without the extension, the official last-writer-wins behaviour is unchanged.
    const blind = await postContent(writer, space.id, cr.id, [
      { operation: "update_page", page: pageId, document: doc("four") },
    ]);
    expect(blind.status, blind.text).toBe(200);
  });

  it("is refused without a document (400 naming the field)", async () => {
    const { org, space } = await makeCrWorld();
    const writer = await makeMember(org.id, "edit");
    const cr = await createCr(writer, space.id);
    const created = await postContent(
      writer,
      space.id,
      cr.id,
      [{ operation: "insert_page", title: "Page", document: {} }],
      false,
    );
    const pageId: string = created.body.changes[0].page.id;
    const res = await postContent(writer, space.id, cr.id, [
      { operation: "update_page", page: pageId, baseDocumentId: null, title: "Renamed" },
    ]);
    expect(res.status, res.text).toBe(400);
    expect(res.body.error.message).toContain("body.changes[0].baseDocumentId");
  });
});

authorizationMatrix("update_page with baseDocumentId (content batch)", {
  setup: async (world) => {
    const space = await makeSpace(world.org.id, world.owner);
    await grantSpace(space.id, { user: world.guest.user.id }, "read");
    const cr = await createCr(world.owner, space.id);
    const created = await postContent(
      world.owner,
      space.id,
      cr.id,
      [{ operation: "insert_page", title: "P", document: doc("x") }],
      false,
    );
    // Saving the same document on its own base leaves it as it was: every case may send it.
    const { id, documentId } = created.body.changes[0].page as { id: string; documentId: string };
    return { space, cr, pageId: id, base: documentId };
  },
  request: (_w, s) => ({
    method: "POST",
    path: `/spaces/${s.space.id}/change-requests/${s.cr.id}/content`,
    body: {
      changes: [
        { operation: "update_page", page: s.pageId, baseDocumentId: s.base, document: doc("x") },
      ],
    },
  }),
  missing: (_w, s) => ({
    method: "POST",
    path: `/spaces/neverexisted/change-requests/${s.cr.id}/content`,
    body: {
      changes: [
        { operation: "update_page", page: s.pageId, baseDocumentId: s.base, document: doc("x") },
      ],
    },
  }),
  minimumRole: "edit",
  scope: "space:write",
  success: 200,
});
