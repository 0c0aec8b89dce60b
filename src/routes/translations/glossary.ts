import { createRoute } from "@hono/zod-openapi";
import {
  GlossaryEntryParams,
  GlossaryEntrySchema,
  ListGlossaryQuery,
  MAX_GLOSSARY_ENTRIES,
  OrgTranslationsParams,
  UpdateGlossaryBody,
  type GlossaryOperationInput,
} from "../../api/translations";
import { resolveTranslations } from "../../auth/translation";
import { notFound } from "../../lib/errors";
import { createRouter } from "../../http/router";
import { urlsOf } from "../../http/urls";
import {
  errorResponses,
  jsonBody,
  jsonResponse,
  listOf,
  noContent,
} from "../../api-document/common";
import { presentGlossaryEntry } from "../../presenters/translation";
import {
  applyGlossaryOperations,
  glossaryBatchPlan,
  glossaryEntryPlan,
  glossaryListPlan,
  type GlossaryOperation,
} from "../../services/translations/glossary";
import { declareList, textPairKey } from "../../http/lists";

/** The organization's translation glossary: list, read one entry, batch update. */
export const glossaryRoutes = createRouter();

/** Glossary entries page on (sort key, id), per order. */
const GLOSSARY = declareList(
  (orgId: string, orderBy?: string) => `glossary:${orgId}:${orderBy ?? ""}`,
  textPairKey,
);

const READ = { scope: "organization:read", minimum: "read" } as const;

glossaryRoutes.openapi(
  createRoute({
    method: "get",
    path: "/orgs/{organizationId}/translations-glossary",
    tags: ["translations"],
    summary: "List the glossary entries (by creation, or by one language's term with orderBy)",
    request: { params: OrgTranslationsParams, query: ListGlossaryQuery },
    responses: {
      200: jsonResponse(listOf(GlossaryEntrySchema), "OK"),
      ...errorResponses(400, 403, 404),
    },
  }),
  async (c) => {
    const { organizationId } = c.req.valid("param");
    const { page, limit, orderBy } = c.req.valid("query");
    const cursors = GLOSSARY.at(c, organizationId, orderBy);
    const after = await cursors.after(page);
    const list = glossaryListPlan(c.get("db"), { orgId: organizationId, limit, orderBy, after });
    const { results } = await resolveTranslations(c, organizationId, READ, {
      with: list.statements,
    });
    const { rows, count } = list.finish(results);
    const urls = urlsOf(c);
    return c.json(
      await cursors.page({
        rows,
        limit,
        count,
        key: (r) => [r.key, r.entry.id],
        present: (r) => presentGlossaryEntry(urls, r.entry),
      }),
      200,
    );
  },
);

glossaryRoutes.openapi(
  createRoute({
    method: "put",
    path: "/orgs/{organizationId}/translations-glossary",
    tags: ["translations"],
    summary: "Insert, update and delete glossary entries in one batch (organization admins)",
    request: { params: OrgTranslationsParams, body: jsonBody(UpdateGlossaryBody) },
    responses: { ...noContent, ...errorResponses(400, 403, 404) },
  }),
  async (c) => {
    const { organizationId } = c.req.valid("param");
    const operations = c.req.valid("json").operations.map(toOperation);
    const checks = glossaryBatchPlan(c.get("db"), organizationId, operations);
    const { results } = await resolveTranslations(
      c,
      organizationId,
      { scope: "organization:write", minimum: "admin" },
      { with: checks.statements },
    );
    const { known, count } = checks.finish(results);
    await applyGlossaryOperations(c.get("db"), organizationId, operations, {
      known,
      count,
      max: MAX_GLOSSARY_ENTRIES,
    });
    return c.body(null, 204);
  },
);

glossaryRoutes.openapi(
  createRoute({
    method: "get",
    path: "/orgs/{organizationId}/translations-glossary/{glossaryEntryId}",
    tags: ["translations"],
    summary: "Get one glossary entry",
    request: { params: GlossaryEntryParams },
    responses: { 200: jsonResponse(GlossaryEntrySchema, "OK"), ...errorResponses(403, 404) },
  }),
  async (c) => {
    const { organizationId, glossaryEntryId } = c.req.valid("param");
    const entry = glossaryEntryPlan(c.get("db"), organizationId, glossaryEntryId);
    const { results } = await resolveTranslations(c, organizationId, READ, {
      with: entry.statements,
    });
    const row = entry.finish(results);
    if (!row) throw notFound("Glossary entry");
    return c.json(presentGlossaryEntry(urlsOf(c), row), 200);
  },
);

/** The wire operation with its terms as a plain record. */
function toOperation(op: GlossaryOperationInput): GlossaryOperation {
  if (op.type === "delete") return op;
  const translations = Object.fromEntries(
    Object.entries(op.translations).filter((e): e is [string, string] => typeof e[1] === "string"),
  );
  return { ...op, translations };
}
