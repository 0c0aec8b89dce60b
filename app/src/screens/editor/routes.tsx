import { Hono } from "hono";
import { toEditor } from "../../../../core/editor/to-editor";
import { htmlResponse } from "../../http/responses";
import type { ScreenEnv } from "../../http/screen-env";
import { htmlDocument } from "../../layout/shell";
import { personOr } from "../../session/session";
import { loadEditData } from "./load";
import { EditScreen } from "./view";

/**
 * The edit screen of a page inside a change request, at the page's `urls.app` there:
 * `/s/{spaceId}/~/changes/{number}/{page path}`. It reads the change request and the page
 * (load.ts) and renders the block editor (app/client/editor/) on the page's document. A page
 * with no document (a group) and anything the person cannot see answer the one not-found.
 */
export const editorRoutes = new Hono<ScreenEnv>();

const PREFIX = /^\/s\/[^/]+\/~\/changes\/[^/]+\/(.+)$/;

editorRoutes.get("/s/:space/~/changes/:number/*", async (c) => {
  const pagePath = PREFIX.exec(new URL(c.req.url).pathname)?.[1];
  if (!pagePath) return c.notFound();
  const person = await personOr(c);
  if (person instanceof Response) return person;
  const data = await loadEditData(c.var.api, c.req.param("space"), c.req.param("number"), pagePath);
  if (!data.page.document) return c.notFound();
  const editorJson = toEditor(data.page.document);
  return htmlResponse(
    htmlDocument(<EditScreen person={person} data={data} editorJson={editorJson} />),
  );
});
