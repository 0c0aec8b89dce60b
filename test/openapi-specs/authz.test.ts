import { authorizationMatrix, type World } from "../helpers/authz";
import { makeSpec, smallSpecText, waitProcessed } from "../helpers/openapi-factories";
import { describe, expect, it, beforeAll } from "vitest";
import { as, d1Cost, type ApiResponse } from "../helpers/api";
import { makeOrg } from "../helpers/factories";
import { emptyStorage } from "../helpers/storage";

describe("authz", () => {
  const text = { source: { text: smallSpecText() } };

  /** A processed spec owned by the organization's admin. */
  async function processed(w: World) {
    await makeSpec(w.owner.token, w.org.id, "spec");
    return waitProcessed(w.owner.token, w.org.id, "spec");
  }

  authorizationMatrix("GET /v1/orgs/{organizationId}/openapi", {
    request: (w) => ({ method: "GET", path: `/orgs/${w.org.id}/openapi` }),
    missing: () => ({ method: "GET", path: `/orgs/doesnotexist/openapi` }),
    minimumRole: "read",
    scope: "openapi:read",
    success: 200,
  });

  authorizationMatrix("POST /v1/orgs/{organizationId}/openapi", {
    request: (w) => ({
      method: "POST",
      path: `/orgs/${w.org.id}/openapi`,
      body: { slug: "new", ...text },
    }),
    missing: () => ({
      method: "POST",
      path: `/orgs/doesnotexist/openapi`,
      body: { slug: "new", ...text },
    }),
    minimumRole: "create",
    scope: "openapi:write",
    success: 201,
  });

  authorizationMatrix("PUT /v1/orgs/{organizationId}/openapi/{specSlug}", {
    request: (w) => ({ method: "PUT", path: `/orgs/${w.org.id}/openapi/new`, body: text }),
    missing: () => ({ method: "PUT", path: `/orgs/doesnotexist/openapi/new`, body: text }),
    minimumRole: "create",
    scope: "openapi:write",
    // Each successful case runs in a fresh world, where the slug is new: created.
    success: 201,
  });

  authorizationMatrix("GET /v1/orgs/{organizationId}/openapi/{specSlug}", {
    setup: (w) => makeSpec(w.owner.token, w.org.id, "spec"),
    request: (w) => ({ method: "GET", path: `/orgs/${w.org.id}/openapi/spec` }),
    missing: () => ({ method: "GET", path: `/orgs/doesnotexist/openapi/spec` }),
    minimumRole: "read",
    scope: "openapi:read",
    success: 200,
  });

  authorizationMatrix("PATCH /v1/orgs/{organizationId}/openapi/{specSlug}", {
    setup: (w) => makeSpec(w.owner.token, w.org.id, "spec"),
    request: (w) => ({
      method: "PATCH",
      path: `/orgs/${w.org.id}/openapi/spec`,
      body: { visibility: "public" },
    }),
    missing: () => ({
      method: "PATCH",
      path: `/orgs/doesnotexist/openapi/spec`,
      body: { visibility: "public" },
    }),
    minimumRole: "create",
    scope: "openapi:write",
    success: 200,
  });

  authorizationMatrix("DELETE /v1/orgs/{organizationId}/openapi/{specSlug}", {
    setup: (w) => makeSpec(w.owner.token, w.org.id, "spec"),
    request: (w) => ({ method: "DELETE", path: `/orgs/${w.org.id}/openapi/spec` }),
    missing: () => ({ method: "DELETE", path: `/orgs/doesnotexist/openapi/spec` }),
    minimumRole: "create",
    scope: "openapi:write",
    success: 204,
  });

  for (const suffix of [
    "/versions",
    "/versions/latest",
    "/versions/latest/content",
    "/versions/latest/content/raw",
  ]) {
    authorizationMatrix(`GET /v1/orgs/{organizationId}/openapi/{specSlug}${suffix}`, {
      setup: processed,
      request: (w) => ({ method: "GET", path: `/orgs/${w.org.id}/openapi/spec${suffix}` }),
      missing: () => ({ method: "GET", path: `/orgs/doesnotexist/openapi/spec${suffix}` }),
      minimumRole: "read",
      scope: "openapi:read",
      success: 200,
    });
  }

  for (const suffix of ["", "/content"]) {
    authorizationMatrix(`GET /v1/orgs/{organizationId}/openapi/{specSlug}/versions/{id}${suffix}`, {
      setup: processed,
      request: (w, spec) => ({
        method: "GET",
        path: `/orgs/${w.org.id}/openapi/spec/versions/${spec.lastVersion}${suffix}`,
      }),
      missing: (_w, spec) => ({
        method: "GET",
        path: `/orgs/doesnotexist/openapi/spec/versions/${spec.lastVersion}${suffix}`,
      }),
      minimumRole: "read",
      scope: "openapi:read",
      success: 200,
    });
  }
});

describe("list-counts", () => {
  beforeAll(emptyStorage);
  /** Walks a list page by page; every page must stay within the list budget of 2 × limit + 10. */
  async function walk(token: string, path: string, limit: number, count: number) {
    const seen: string[] = [];
    let page: string | undefined;
    do {
      const res: ApiResponse = await as(token).get(path, { query: { limit, page } });
      expect(res.status, res.text).toBe(200);
      expect(res.body.count).toBe(count);
      expect(d1Cost(res).rowsRead, `${path} page ${seen.length / limit}`).toBeLessThanOrEqual(
        2 * limit + 10,
      );
      seen.push(...res.body.items.map((i: { id: string }) => i.id));
      page = res.body.next?.page;
    } while (page);
    return seen;
  }

  describe("API spec list counts", () => {
    it("counts an organization's specs from its counter: rows read follow the page", async () => {
      const { org, owner } = await makeOrg();
      const other = await makeOrg();
      await makeSpec(other.owner.token, other.org.id, "elsewhere");
      const slugs = Array.from({ length: 25 }, (_, i) => `spec-${String(i).padStart(2, "0")}`);
      for (const slug of slugs) await makeSpec(owner.token, org.id, slug);
      const ids = await walk(owner.token, `/orgs/${org.id}/openapi`, 5, 25);
      expect(new Set(ids).size).toBe(25);

      // PUT of an existing slug replaces its source: no new spec, the count stays.
      const put = await as(owner.token).put(`/orgs/${org.id}/openapi/spec-00`, {
        source: { text: smallSpecText("2.0.0") },
      });
      expect(put.status).toBe(200);
      // PUT of a new slug creates one; DELETE removes one (twice: the second changes nothing).
      await as(owner.token).put(`/orgs/${org.id}/openapi/spec-new`, {
        source: { text: smallSpecText() },
      });
      expect((await as(owner.token).delete(`/orgs/${org.id}/openapi/spec-01`)).status).toBe(204);
      expect((await as(owner.token).delete(`/orgs/${org.id}/openapi/spec-01`)).status).toBe(204);
      const after = await as(owner.token).get(`/orgs/${org.id}/openapi`, { query: { limit: 5 } });
      expect(after.body.count).toBe(25);
      const elsewhere = await as(other.owner.token).get(`/orgs/${other.org.id}/openapi`);
      expect(elsewhere.body.count).toBe(1);
    }, 120_000);

    it("answers count 0 for an organization that never had a spec", async () => {
      const { org, owner } = await makeOrg();
      const res = await as(owner.token).get(`/orgs/${org.id}/openapi`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ count: 0, items: [] });
    });

    it("counts a spec's versions from the spec row: rows read follow the page", async () => {
      const { org, owner } = await makeOrg();
      await makeSpec(owner.token, org.id, "versioned", smallSpecText("1.0.0"));
      let spec = await waitProcessed(owner.token, org.id, "versioned");
      const versions = 13;
      for (let v = 2; v <= versions; v++) {
        await as(owner.token).put(`/orgs/${org.id}/openapi/versioned`, {
          source: { text: smallSpecText(`${v}.0.0`) },
        });
        spec = await waitProcessed(owner.token, org.id, "versioned", spec.lastProcessedAt);
      }
      // Limit 2: the budget is 14 rows; a COUNT(*) of the 13 versions read 26 on the first page.
      const ids = await walk(
        owner.token,
        `/orgs/${org.id}/openapi/versioned/versions`,
        2,
        versions,
      );
      expect(new Set(ids).size).toBe(versions);
      expect(ids[0]).toBe(spec.lastVersion);

      // Re-processing the same text makes no version: the count stays.
      await as(owner.token).put(`/orgs/${org.id}/openapi/versioned`, {
        source: { text: smallSpecText(`${versions}.0.0`) },
      });
      await waitProcessed(owner.token, org.id, "versioned", spec.lastProcessedAt);
      const same = await as(owner.token).get(`/orgs/${org.id}/openapi/versioned/versions`);
      expect(same.body.count).toBe(versions);
    }, 120_000);
  });
});
