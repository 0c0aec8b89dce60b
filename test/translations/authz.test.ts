import { authorizationMatrix, type World } from "../helpers/authz";
import { makeContentSpace } from "../helpers/content-factories";
import { as } from "../helpers/api";

/** A source space and a translation of it, made by the owner. */
async function translationOf(w: World) {
  const space = await makeContentSpace(w.org.id, w.owner);
  const res = await as(w.owner.token).post(`/orgs/${w.org.id}/translations`, {
    source: { space: space.id, language: "en" },
    language: "de",
  });
  return { space, id: res.body.id as string };
}

/** A glossary entry of the world's organization. */
async function glossaryEntry(w: World) {
  await as(w.owner.token).put(`/orgs/${w.org.id}/translations-glossary`, {
    operations: [{ type: "insert", translations: { en: "Handbook", fr: "Manuel" } }],
  });
  const list = await as(w.owner.token).get(`/orgs/${w.org.id}/translations-glossary`);
  return { id: list.body.items[0].id as string };
}

authorizationMatrix("GET /v1/orgs/{organizationId}/translations", {
  request: (w) => ({ method: "GET", path: `/orgs/${w.org.id}/translations` }),
  missing: () => ({ method: "GET", path: `/orgs/doesnotexist/translations` }),
  minimumRole: "read",
  scope: "space:read",
  success: 200,
});

authorizationMatrix("POST /v1/orgs/{organizationId}/translations", {
  setup: (w) => makeContentSpace(w.org.id, w.owner),
  request: (w, space) => ({
    method: "POST",
    path: `/orgs/${w.org.id}/translations`,
    body: { source: { space: space.id, language: "en" }, language: "fr" },
  }),
  missing: (_w, space) => ({
    method: "POST",
    path: `/orgs/doesnotexist/translations`,
    body: { source: { space: space.id, language: "en" }, language: "fr" },
  }),
  minimumRole: "create",
  scope: "space:write",
  success: 201,
});

authorizationMatrix("GET /v1/orgs/{organizationId}/translations/{translationId}", {
  setup: translationOf,
  request: (w, t) => ({ method: "GET", path: `/orgs/${w.org.id}/translations/${t.id}` }),
  missing: (w) => ({ method: "GET", path: `/orgs/${w.org.id}/translations/doesnotexist` }),
  minimumRole: "read",
  scope: "space:read",
  success: 200,
});

authorizationMatrix("PUT /v1/orgs/{organizationId}/translations/{translationId}", {
  setup: translationOf,
  request: (w, t) => ({
    method: "PUT",
    path: `/orgs/${w.org.id}/translations/${t.id}`,
    body: { instructions: { object: "document", data: {}, nodes: [] } },
  }),
  missing: (w) => ({
    method: "PUT",
    path: `/orgs/${w.org.id}/translations/doesnotexist`,
    body: { instructions: { object: "document", data: {}, nodes: [] } },
  }),
  minimumRole: "create",
  scope: "space:write",
  success: 200,
});

authorizationMatrix("DELETE /v1/orgs/{organizationId}/translations/{translationId}", {
  setup: translationOf,
  request: (w, t) => ({ method: "DELETE", path: `/orgs/${w.org.id}/translations/${t.id}` }),
  missing: (_w, t) => ({ method: "DELETE", path: `/orgs/doesnotexist/translations/${t.id}` }),
  minimumRole: "create",
  scope: "space:write",
  success: 204,
});

authorizationMatrix("POST /v1/orgs/{organizationId}/translations/{translationId}/run", {
  setup: translationOf,
  request: (w, t) => ({ method: "POST", path: `/orgs/${w.org.id}/translations/${t.id}/run` }),
  missing: (w) => ({ method: "POST", path: `/orgs/${w.org.id}/translations/doesnotexist/run` }),
  minimumRole: "create",
  scope: "space:write",
  success: 204,
});

authorizationMatrix("GET /v1/orgs/{organizationId}/translations-glossary", {
  request: (w) => ({ method: "GET", path: `/orgs/${w.org.id}/translations-glossary` }),
  missing: () => ({ method: "GET", path: `/orgs/doesnotexist/translations-glossary` }),
  minimumRole: "read",
  scope: "organization:read",
  success: 200,
});

authorizationMatrix("PUT /v1/orgs/{organizationId}/translations-glossary", {
  request: (w) => ({
    method: "PUT",
    path: `/orgs/${w.org.id}/translations-glossary`,
    body: { operations: [{ type: "insert", translations: { en: "Quire" } }] },
  }),
  missing: () => ({
    method: "PUT",
    path: `/orgs/doesnotexist/translations-glossary`,
    body: { operations: [{ type: "insert", translations: { en: "Quire" } }] },
  }),
  minimumRole: "admin",
  scope: "organization:write",
  success: 204,
});

authorizationMatrix("GET /v1/orgs/{organizationId}/translations-glossary/{glossaryEntryId}", {
  setup: glossaryEntry,
  request: (w, e) => ({ method: "GET", path: `/orgs/${w.org.id}/translations-glossary/${e.id}` }),
  missing: (w) => ({ method: "GET", path: `/orgs/${w.org.id}/translations-glossary/doesnotexist` }),
  minimumRole: "read",
  scope: "organization:read",
  success: 200,
});
