import { describe, expect, it } from "vitest";
import { apiTransport } from "../../../core/saving/api-transport";
import { MemoryDraftStore } from "../../../core/saving/draft-store";
import { SaveLoop } from "../../../core/saving/save-loop";
import type { PageRef } from "../../../core/saving/transport";
import { workerFetch } from "../../helpers/api";
import { makeMember } from "../../helpers/factories";
import { makeSession, type TestSession } from "../../helpers/sessions";
import { createCr, makeCrWorld, postContent } from "../../helpers/change-requests-factories";
import { FakeClock, textDoc } from "./harness";

/** A GitBook paragraph document of one text. */
function paragraph(text: string) {
  return {
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
  };
}

/** A writer's session and a page of a change request, with the page's first documentId. */
async function world() {
  const { org, space } = await makeCrWorld();
  const writer = await makeMember(org.id, "edit");
  const cr = await createCr(writer, space.id, "Draft");
  const created = await postContent(
    writer,
    space.id,
    cr.id,
    [{ operation: "insert_page", title: "Page", document: {} }],
    false,
  );
  expect(created.status, created.text).toBe(200);
  const { id, documentId } = created.body.changes[0].page as { id: string; documentId: string };
  const page: PageRef = { spaceId: space.id, changeRequestId: cr.id, pageId: id };
  const session = await makeSession(writer.user.id);
  return { writer, page, base: documentId, session };
}

/** What the app's page does: same-origin `/v1` with the session's CSRF token. */
function browserTransport(session: TestSession, csrf: string | null = session.csrf) {
  return apiTransport({
    apiRoot: "https://quire.test/v1",
    csrfToken: () => csrf,
    // The browser adds the cookie and the Origin itself.
    fetch: (input, init) =>
      workerFetch(input, {
        ...init,
        headers: {
          ...(init.headers as Record<string, string>),
          Cookie: session.cookie,
          Origin: session.origin,
        },
      }),
  });
}

describe("the API transport (update_page with baseDocumentId, through the Worker)", () => {
  it("saves through a session, answers each new base, and retries a lost answer on its base", async () => {
    const { page, base, session } = await world();
    const transport = browserTransport(session);
    const first = await transport.save(page, base, paragraph("one"));
    expect(first, JSON.stringify(first)).toMatchObject({ kind: "saved" });
    const firstId = first.kind === "saved" ? first.documentId : "";
    expect(firstId).toMatch(/^[0-9a-f]{64}$/);
    // The answer was lost: the same save on the same base succeeds again.
    expect(await transport.save(page, base, paragraph("one"))).toEqual(first);
    const loaded = await transport.load(page);
    expect(loaded, JSON.stringify(loaded)).toMatchObject({ kind: "loaded", documentId: firstId });
    expect(loaded.kind === "loaded" && loaded.document).toMatchObject({
      nodes: paragraph("one").nodes,
    });
  });

  it("runs the save loop against the API: saved, then a stale base is a conflict with both versions", async () => {
    const { writer, page, base, session } = await world();
    const store = new MemoryDraftStore();
    const loop = new SaveLoop({
      page,
      transport: browserTransport(session),
      store,
      clock: new FakeClock(),
    });
    await loop.restore(base);
    loop.edit(paragraph("mine"));
    await loop.flush();
    expect(loop.status.state).toBe("saved");
    expect(store.keys()).toEqual([]);

    // Another tab saves on the same base meanwhile.
    const saved = await browserTransport(session).load(page);
    const current = saved.kind === "loaded" ? saved.documentId : null;
    const other = await postContent(writer, page.spaceId, page.changeRequestId, [
      {
        operation: "update_page",
        page: page.pageId,
        baseDocumentId: current,
        document: { document: paragraph("theirs") },
      },
    ]);
    expect(other.status, other.text).toBe(200);
    loop.edit(paragraph("mine, again"));
    await loop.flush();
    expect(loop.status.state).toBe("conflict");
    expect(loop.status.conflict?.mine).toEqual(paragraph("mine, again"));
    expect(loop.status.conflict?.theirs).toMatchObject({ nodes: paragraph("theirs").nodes });
    await loop.keepMine();
    expect(loop.status.state).toBe("saved");
    const after = await browserTransport(session).load(page);
    expect(after.kind === "loaded" && after.document).toMatchObject({
      nodes: paragraph("mine, again").nodes,
    });
  });

  it("maps refusals: no CSRF token 403 (failed), an ended session 401 (signedOut), no such page 400", async () => {
    const { page, base, session } = await world();
    const noCsrf = await browserTransport(session, null).save(page, base, textDoc("x"));
    expect(noCsrf).toMatchObject({ kind: "failed", status: 403 });
    expect(noCsrf.kind === "failed" && noCsrf.message).toContain("X-Quire-CSRF");
    const missing = await browserTransport(session).save(
      { ...page, pageId: "nosuchpage" },
      base,
      paragraph("x"),
    );
    expect(missing, JSON.stringify(missing)).toMatchObject({ kind: "failed", status: 400 });
    const signedOut = await browserTransport({ ...session, cookie: "quire_session=qs_ended" }).save(
      page,
      base,
      paragraph("x"),
    );
    expect(signedOut).toEqual({ kind: "signedOut" });
  });

  it("answers offline when the network fails", async () => {
    const transport = apiTransport({
      apiRoot: "https://quire.test/v1",
      fetch: () => Promise.reject(new TypeError("Failed to fetch")),
    });
    const page = { spaceId: "s", changeRequestId: "c", pageId: "p" };
    expect(await transport.save(page, null, paragraph("x"))).toEqual({
      kind: "offline",
      reason: "network",
    });
    expect(await transport.load(page)).toEqual({ kind: "offline", reason: "network" });
  });
});
