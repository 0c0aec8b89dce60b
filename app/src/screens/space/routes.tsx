import { Hono } from "hono";
import type { Context } from "hono";
import { htmlResponse } from "../../http/responses";
import type { ScreenEnv } from "../../http/screen-env";
import { notFoundResponse } from "../../layout/message";
import { htmlDocument } from "../../layout/shell";
import { personOr } from "../../session/session";
import { toEditor } from "../../../../core/editor/to-editor";
import type { JsonDocument } from "../../../../core/document/types";
import { liveEditable, loadSpaceScreen, NoSuchPage } from "./load";
import { SpaceScreen } from "./view";

/**
 * The space and page screens (`urls.app` of a space and of a page): `/s/{spaceId}` shows the
 * space's page tree and its first page, `/s/{spaceId}/{page path}` one page; with `?edit=live`,
 * in a space whose edit mode is live, the page is edited in place through its live room on main
 * (the block editor of the change request's edit screen, `EditorMount`). The change
 * request and revision addresses under `/s/{spaceId}/~/` are other screens' (screens/changes,
 * screens/revisions; not-built.tsx answers the rest).
 */
export const spaceRoutes = new Hono<ScreenEnv>();

/**
 * The page path of a request under `/s/{spaceId}/`, decoded: null for none (the space's first
 * page), undefined when it does not decode.
 */
function pagePathOf(c: Context<ScreenEnv>, spaceId: string): string | null | undefined {
  const pathname = new URL(c.req.url).pathname;
  const prefix = `/s/${encodeURIComponent(spaceId)}/`;
  const rest = pathname.startsWith(prefix) ? pathname.slice(prefix.length) : "";
  try {
    const path = rest
      .split("/")
      .filter((s) => s !== "")
      .map(decodeURIComponent)
      .join("/");
    return path === "" ? null : path;
  } catch {
    return undefined;
  }
}

/** The screen of `spaceId` at `pagePath` (null: its first page). */
async function screen(c: Context<ScreenEnv>, pagePath: string | null): Promise<Response> {
  const person = await personOr(c);
  if (person instanceof Response) return person;
  try {
    const data = await loadSpaceScreen(c.var.api, c.req.param("space") ?? "", pagePath);
    const editing = c.req.query("edit") === "live" && liveEditable(data) && data.page;
    const editorJson = editing ? toEditor(editing.document as unknown as JsonDocument) : undefined;
    return htmlResponse(
      htmlDocument(<SpaceScreen person={person} data={data} editorJson={editorJson} />),
    );
  } catch (error) {
    if (error instanceof NoSuchPage) return notFoundResponse(person);
    throw error;
  }
}

spaceRoutes.get("/s/:space", (c) => screen(c, null));

spaceRoutes.get("/s/:space/*", (c) => {
  const path = pagePathOf(c, c.req.param("space"));
  return path === undefined ? notFoundResponse() : screen(c, path);
});
