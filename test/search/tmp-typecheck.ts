import { toListPage } from "../../src/lib/pagination";
import { searchOrganization } from "../../src/services/search";
import { listOf } from "../../src/openapi/common";
import { SearchSpaceResultSchema } from "../../src/routes/organizations/schema";
import type { z } from "@hono/zod-openapi";
import type { Database } from "../../src/db/client";

export async function check(db: Database) {
  const { rows, count } = await searchOrganization(db, {
    organizationId: "o", userId: "u", role: "read", query: "q", limit: 1, after: undefined,
    appUrl: (p) => p,
  });
  const body = await toListPage({ secret: "s", scope: "x", rows, limit: 1, count, key: (r) => [r.score, r.id], present: (r) => r });
  const out: z.infer<ReturnType<typeof listOf<typeof SearchSpaceResultSchema>>> = body;
  return out;
}
