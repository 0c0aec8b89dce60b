import { Hono } from "hono";
import type { Collection, OrgSearchItem, Space } from "../../api/content-types";
import type { ListPage } from "../../api/types";
import { readForm } from "../../http/forms";
import { htmlResponse, seeOther } from "../../http/responses";
import type { ScreenEnv } from "../../http/screen-env";
import { htmlDocument } from "../../layout/shell";
import { collectionPath, loadWorkspace, spacePath } from "../../layout/workspace-data";
import { personOr } from "../../session/session";
import { CollectionScreen, OrgHome, SearchResults } from "./views";

/**
 * The organization's screens (`urls.app` of an organization and of a collection): `/o/{orgId}`,
 * `/o/{orgId}/c/{collectionId}`, the search results `/o/{orgId}/search?q=`, and the two forms
 * that create a space (`POST /v1/orgs/{id}/spaces`) or a collection (`POST …/collections`).
 */
export const orgRoutes = new Hono<ScreenEnv>();

orgRoutes.get("/o/:org", async (c) => {
  const person = await personOr(c);
  if (person instanceof Response) return person;
  const data = await loadWorkspace(c.var.api, c.req.param("org"));
  return htmlResponse(htmlDocument(<OrgHome person={person} data={data} />));
});

orgRoutes.get("/o/:org/c/:collection", async (c) => {
  const person = await personOr(c);
  if (person instanceof Response) return person;
  const id = encodeURIComponent(c.req.param("collection"));
  const [data, collection, spaces] = await Promise.all([
    loadWorkspace(c.var.api, c.req.param("org")),
    c.var.api.get<Collection>(`/collections/${id}`),
    c.var.api.get<ListPage<Space>>(`/collections/${id}/spaces`, { limit: 500 }),
  ]);
  // A collection of another organization is not found under this one.
  if (collection.organization !== data.org.id) return c.notFound();
  return htmlResponse(
    htmlDocument(
      <CollectionScreen
        person={person}
        data={data}
        collection={collection}
        spaces={spaces.items}
      />,
    ),
  );
});

orgRoutes.get("/o/:org/search", async (c) => {
  const person = await personOr(c);
  if (person instanceof Response) return person;
  const query = (c.req.query("q") ?? "").trim().slice(0, 512);
  const page = c.req.query("page");
  const orgId = c.req.param("org");
  const [data, results] = await Promise.all([
    loadWorkspace(c.var.api, orgId),
    query
      ? c.var.api.get<ListPage<OrgSearchItem>>(`/orgs/${encodeURIComponent(orgId)}/search`, {
          query,
          limit: 20,
          ...(page ? { page } : {}),
        })
      : Promise.resolve({ count: 0, items: [] } as ListPage<OrgSearchItem>),
  ]);
  return htmlResponse(
    htmlDocument(
      <SearchResults
        person={person}
        data={data}
        query={query}
        items={results.items}
        next={results.next?.page}
      />,
    ),
  );
});

orgRoutes.post("/o/:org/spaces", async (c) => {
  const form = await readForm(c);
  const parent = form.text("parent");
  const space = await c.var.api.post<Space>(
    `/orgs/${encodeURIComponent(c.req.param("org"))}/spaces`,
    {
      csrf: form.csrf,
      body: { title: form.text("title").trim() || undefined, ...(parent ? { parent } : {}) },
    },
  );
  return seeOther(spacePath(space.id));
});

orgRoutes.post("/o/:org/collections", async (c) => {
  const form = await readForm(c);
  const parent = form.text("parent");
  const orgId = c.req.param("org");
  const collection = await c.var.api.post<Collection>(
    `/orgs/${encodeURIComponent(orgId)}/collections`,
    { csrf: form.csrf, body: { title: form.text("title").trim(), ...(parent ? { parent } : {}) } },
  );
  return seeOther(collectionPath(orgId, collection.id));
});
