import { authorizationMatrix, type World } from "../helpers/authz";
import { as } from "../helpers/api";
import { makeSpace } from "../helpers/spaces-factories";
import { makeSite } from "../helpers/sites-factories";
import { integrationName, publish, publishAndInstall } from "../helpers/integrations-factories";

/** A private integration of the world's organization, installed there on a space and a site. */
async function installed(world: World) {
  const { name, installation } = await publishAndInstall(world.owner.token, world.org.id);
  const space = await makeSpace(world.org.id, world.owner, { defaultLevel: "inherit" });
  const site = await makeSite(world.org.id, world.owner);
  const base = `/integrations/${name}/installations/${installation.id}`;
  await as(world.owner.token).post(`${base}/spaces`, { space: space.id });
  await as(world.owner.token).post(`${base}/sites`, { siteId: site.id });
  return { name, base, spaceId: space.id, siteId: site.id, installationId: installation.id };
}

/** A private integration of the world's organization, not installed. */
async function published(world: World) {
  const name = integrationName();
  await publish(world.owner.token, name, world.org.id);
  return { name };
}

const unknownName = () => integrationName();

authorizationMatrix("GET /integrations/{name} (private)", {
  setup: published,
  request: (_w, s) => ({ method: "GET", path: `/integrations/${s.name}` }),
  missing: () => ({ method: "GET", path: `/integrations/${unknownName()}` }),
  minimumRole: "guest",
  scope: "integration:read",
  success: 200,
});

authorizationMatrix("POST /integrations/{name} (publish)", {
  setup: async () => ({ name: integrationName() }),
  request: (w, s) => ({
    method: "POST",
    path: `/integrations/${s.name}`,
    body: {
      title: "Matrix",
      description: "",
      scopes: [],
      script: `export default { async fetch() { return new Response("ok") } }`,
      organization: w.org.id,
    },
  }),
  missing: (_w, s) => ({
    method: "POST",
    path: `/integrations/${s.name}`,
    body: {
      title: "Matrix",
      description: "",
      scopes: [],
      script: `export default { async fetch() { return new Response("ok") } }`,
      organization: "no-such-organization",
    },
  }),
  minimumRole: "admin",
  scope: "integration:publish",
  success: 200,
});

authorizationMatrix("POST /integrations/{name}/installations", {
  setup: published,
  request: (w, s) => ({
    method: "POST",
    path: `/integrations/${s.name}/installations`,
    body: { organization: w.org.id },
  }),
  missing: (w) => ({
    method: "POST",
    path: `/integrations/${unknownName()}/installations`,
    body: { organization: w.org.id },
  }),
  minimumRole: "admin",
  scope: "integration:installations:write",
  success: 201,
});

const installationMissing = () => ({
  method: "GET",
  path: `/integrations/${unknownName()}/installations/nope`,
});

authorizationMatrix("GET /integrations/{name}/installations/{id}", {
  setup: installed,
  request: (_w, s) => ({ method: "GET", path: s.base }),
  missing: installationMissing,
  minimumRole: "admin",
  scope: "integration:installations:read",
  success: 200,
});

authorizationMatrix("PATCH /integrations/{name}/installations/{id}", {
  setup: installed,
  request: (_w, s) => ({ method: "PATCH", path: s.base, body: { configuration: { a: 1 } } }),
  missing: () => ({
    method: "PATCH",
    path: `/integrations/${unknownName()}/installations/nope`,
    body: { configuration: { a: 1 } },
  }),
  minimumRole: "admin",
  scope: "integration:installations:write",
  success: 200,
  repeatable: true,
});

authorizationMatrix("DELETE /integrations/{name}/installations/{id}", {
  setup: installed,
  request: (_w, s) => ({ method: "DELETE", path: s.base }),
  missing: () => ({ method: "DELETE", path: `/integrations/${unknownName()}/installations/x` }),
  minimumRole: "admin",
  scope: "integration:installations:write",
  success: 204,
});

authorizationMatrix("POST /integrations/{name}/installations/{id}/tokens", {
  setup: installed,
  request: (_w, s) => ({ method: "POST", path: `${s.base}/tokens` }),
  missing: () => ({
    method: "POST",
    path: `/integrations/${unknownName()}/installations/x/tokens`,
  }),
  minimumRole: "admin",
  scope: "integration:installations:write",
  success: 200,
  repeatable: true,
});

for (const kind of ["spaces", "sites"] as const) {
  const idOf = (s: { spaceId: string; siteId: string }) =>
    kind === "spaces" ? s.spaceId : s.siteId;
  authorizationMatrix(`GET /integrations/{name}/installations/{id}/${kind}`, {
    setup: installed,
    request: (_w, s) => ({ method: "GET", path: `${s.base}/${kind}` }),
    missing: () => ({
      method: "GET",
      path: `/integrations/${unknownName()}/installations/x/${kind}`,
    }),
    minimumRole: "admin",
    scope: "integration:installations:read",
    success: 200,
  });
  authorizationMatrix(`POST /integrations/{name}/installations/{id}/${kind}`, {
    setup: async (w) => {
      const s = await installed(w);
      const space = await makeSpace(w.org.id, w.owner);
      const site = await makeSite(w.org.id, w.owner);
      return { ...s, spaceId: space.id, siteId: site.id };
    },
    request: (_w, s) => ({
      method: "POST",
      path: `${s.base}/${kind}`,
      body: kind === "spaces" ? { space: s.spaceId } : { siteId: s.siteId },
    }),
    missing: (_w, s) => ({
      method: "POST",
      path: `/integrations/${unknownName()}/installations/x/${kind}`,
      body: kind === "spaces" ? { space: s.spaceId } : { siteId: s.siteId },
    }),
    minimumRole: "admin",
    scope: "integration:installations:write",
    success: 201,
  });
  authorizationMatrix(`GET /integrations/{name}/installations/{id}/${kind}/{targetId}`, {
    setup: installed,
    request: (_w, s) => ({ method: "GET", path: `${s.base}/${kind}/${idOf(s)}` }),
    missing: (_w, s) => ({
      method: "GET",
      path: `/integrations/${unknownName()}/installations/x/${kind}/${idOf(s)}`,
    }),
    minimumRole: "admin",
    scope: "integration:installations:read",
    success: 200,
  });
  authorizationMatrix(`PATCH /integrations/{name}/installations/{id}/${kind}/{targetId}`, {
    setup: installed,
    request: (_w, s) => ({
      method: "PATCH",
      path: `${s.base}/${kind}/${idOf(s)}`,
      body: { externalIds: ["x"] },
    }),
    missing: (_w, s) => ({
      method: "PATCH",
      path: `/integrations/${unknownName()}/installations/x/${kind}/${idOf(s)}`,
      body: { externalIds: ["x"] },
    }),
    minimumRole: "admin",
    scope: "integration:installations:write",
    success: 200,
    repeatable: true,
  });
  authorizationMatrix(`DELETE /integrations/{name}/installations/{id}/${kind}/{targetId}`, {
    setup: installed,
    request: (_w, s) => ({ method: "DELETE", path: `${s.base}/${kind}/${idOf(s)}` }),
    missing: (_w, s) => ({
      method: "DELETE",
      path: `/integrations/${unknownName()}/installations/x/${kind}/${idOf(s)}`,
    }),
    minimumRole: "admin",
    scope: "integration:installations:write",
    success: 204,
  });
}

authorizationMatrix("GET /orgs/{id}/integrations", {
  request: (w) => ({ method: "GET", path: `/orgs/${w.org.id}/integrations` }),
  missing: () => ({ method: "GET", path: `/orgs/nope/integrations` }),
  minimumRole: "read",
  scope: "integration:read",
  success: 200,
});

authorizationMatrix("GET /spaces/{id}/integrations", {
  setup: installed,
  request: (_w, s) => ({ method: "GET", path: `/spaces/${s.spaceId}/integrations` }),
  missing: () => ({ method: "GET", path: `/spaces/nope/integrations` }),
  minimumRole: "read",
  hiddenBelow: true,
  scope: "space:read",
  success: 200,
});

authorizationMatrix("GET /orgs/{id}/sites/{siteId}/integrations", {
  setup: installed,
  request: (w, s) => ({ method: "GET", path: `/orgs/${w.org.id}/sites/${s.siteId}/integrations` }),
  missing: () => ({ method: "GET", path: `/orgs/nope/sites/nope/integrations` }),
  minimumRole: "read",
  scope: "site:read",
  success: 200,
});
