import { beforeAll, describe, expect, it } from "vitest";
import { fromEditor } from "../../core/editor/from-editor";
import type { PmNode } from "../../core/editor/pm-json";
import { commitChanges, makeContentSpace, proposeChanges } from "../helpers/content-factories";
import { makeMember, makeOrg } from "../helpers/factories";
import { makeSession, type TestSession } from "../helpers/sessions";
import { appFetch, asPerson } from "../helpers/app-fetch";
import { as } from "../helpers/api";

/**
 * The edit screen of a page in a change request (app/src/screens/editor) through the app's
 * entry: the editor's mount, its module and stylesheet, the page's ProseMirror JSON as data
 * that the codec reads back to the stored document; the same not-found for a person of another
 * organization as for nothing; the API calls it makes.
 */

const EDITOR_DOC = /<script type="application\/json" id="editor-doc">([\s\S]*?)<\/script>/;

describe("the edit screen", () => {
  let session: TestSession;
  let outsider: TestSession;
  let reader: TestSession;
  let spaceId: string;
  let number: number;
  let token: string;
  const secretTitle = "Secret Launch Plan";

  beforeAll(async () => {
    const { org, owner } = await makeOrg({ title: "Acme Docs" });
    session = await makeSession(owner.user.id);
    token = owner.token;
    const space = await makeContentSpace(org.id, owner, "Handbook");
    spaceId = space.id;
    await commitChanges(space.id, owner.user.id, [
      { operation: "insert_page", title: "Other page", document: { markdown: "Other." } },
    ]);
    const cr = await proposeChanges(space.id, owner.user.id, [
      {
        operation: "insert_page",
        title: secretTitle,
        document: { markdown: "# Hello </script>\n\n* [x] done\n\n```js\nlet a = 1 < 2;\n```\n" },
      },
    ]);
    number = cr.number;
    reader = await makeSession((await makeMember(org.id, "read")).user.id);
    const other = await makeOrg();
    outsider = await makeSession(other.owner.user.id);
  });

  const editPath = () => `/s/${spaceId}/~/changes/${number}/secret-launch-plan`;

  it("renders the editor on the page's document, read back unchanged by the codec", async () => {
    const { res, text, paths } = await appFetch(editPath(), asPerson(session));
    expect(res.status, text).toBe(200);
    expect(text).toContain("data-editor");
    expect(text).toContain('src="/_app/js/editor.js"');
    expect(text).toContain('href="/_app/css/editor.css"');
    expect(text).toContain("Editing needs JavaScript");
    expect(text).toContain(`<h1>${secretTitle}</h1>`);
    const json = EDITOR_DOC.exec(text)?.[1] ?? "";
    expect(json).not.toContain("</script>");
    const stored = await as(token).get(
      `/spaces/${spaceId}/change-requests/${number}/content/path/secret-launch-plan`,
    );
    expect(stored.status).toBe(200);
    expect(fromEditor(JSON.parse(json) as PmNode)).toEqual(stored.body.document);
    // The person, then the change request, the page and the space in one parallel wave.
    expect(paths).toEqual([
      "GET /v1/user",
      `GET /v1/spaces/${spaceId}/change-requests/${number}`,
      `GET /v1/spaces/${spaceId}/change-requests/${number}/content/path/secret-launch-plan`,
      `GET /v1/spaces/${spaceId}`,
    ]);
    // The live room's presence names the person; a writer may edit.
    expect(text).toContain(`data-person-id="${session.userId}"`);
    expect(text).toContain('data-can-edit="true"');
    expect(text).toContain("Editing in change request");
  });

  it("tells the editor that a reader may read along but not edit", async () => {
    const { res, text } = await appFetch(editPath(), asPerson(reader));
    expect(res.status, text).toBe(200);
    expect(text).toContain('data-can-edit="false"');
    expect(text).toContain("Reading in change request");
    expect(text).not.toContain("Editing in change request");
  });

  it("answers another organization's person the same not-found as for nothing", async () => {
    const theirs = await appFetch(editPath(), asPerson(outsider));
    const nothing = await appFetch(
      `/s/space_nothing/~/changes/1/secret-launch-plan`,
      asPerson(outsider),
    );
    expect(theirs.res.status).toBe(404);
    expect(nothing.res.status).toBe(404);
    expect(theirs.text).toBe(nothing.text);
    expect(theirs.text).not.toContain(secretTitle);
  });

  it("answers not-found for a page or a change request that is not there", async () => {
    const page = await appFetch(
      `/s/${spaceId}/~/changes/${number}/no-such-page`,
      asPerson(session),
    );
    expect(page.res.status).toBe(404);
    const cr = await appFetch(`/s/${spaceId}/~/changes/999/secret-launch-plan`, asPerson(session));
    expect(cr.res.status).toBe(404);
  });

  it("sends a person who is not signed in to the sign-in, and back", async () => {
    const { res } = await appFetch(editPath());
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe(`/sign-in?next=${encodeURIComponent(editPath())}`);
  });
});
