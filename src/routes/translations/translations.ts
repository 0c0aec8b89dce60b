import { createRoute } from "@hono/zod-openapi";
import {
  CreateTranslationBody,
  ListTranslationsQuery,
  OrgTranslationsParams,
  TranslationParams,
  TranslationSchema,
  UpdateTranslationBody,
} from "../../api/translations";
import { resolveSpace } from "../../auth/space";
import {
  resolveTranslation,
  resolveTranslations,
  translationPermissions,
} from "../../auth/translation";
import { ApiError, badRequest, notFound } from "../../lib/errors";
import { createRouter } from "../../http/router";
import { urlsOf } from "../../http/urls";
import {
  errorResponses,
  jsonBody,
  jsonResponse,
  listOf,
  noContent,
} from "../../api-document/common";
import { presentTranslation } from "../../presenters/translation";
import { runProgressPlan } from "../../services/translations/progress";
import {
  createTranslation,
  deleteTranslation,
  translationListPlan,
  updateInstructions,
} from "../../services/translations/translations";
import { declareList, textPairKey } from "../../http/lists";

/** An organization's translations: list, create, read, update instructions, delete. */
export const translationRoutes = createRouter();

/** Translations page on (createdAt, id), newest first. */
const TRANSLATIONS = declareList((orgId: string) => `translations:${orgId}`, textPairKey);

const READ = { scope: "space:read", minimum: "read" } as const;
const WRITE = { scope: "space:write", minimum: "edit" } as const;

translationRoutes.openapi(
  createRoute({
    method: "get",
    path: "/orgs/{organizationId}/translations",
    tags: ["translations"],
    summary: "List the translations of an organization (newest first)",
    request: { params: OrgTranslationsParams, query: ListTranslationsQuery },
    responses: {
      200: jsonResponse(listOf(TranslationSchema), "OK"),
      ...errorResponses(400, 403, 404),
    },
  }),
  async (c) => {
    const { organizationId } = c.req.valid("param");
    const { page, limit } = c.req.valid("query");
    const cursors = TRANSLATIONS.at(c, organizationId);
    const after = await cursors.after(page);
    const list = translationListPlan(c.get("db"), { orgId: organizationId, limit, after });
    const { results, role } = await resolveTranslations(c, organizationId, READ, {
      with: list.statements,
    });
    const { rows, count } = list.finish(results);
    const urls = urlsOf(c);
    const permissions = translationPermissions(role);
    return c.json(
      await cursors.page({
        rows,
        limit,
        count,
        key: (r) => [r.createdAt, r.id],
        present: (r) => presentTranslation(urls, r, permissions),
      }),
      200,
    );
  },
);

translationRoutes.openapi(
  createRoute({
    method: "post",
    path: "/orgs/{organizationId}/translations",
    tags: ["translations"],
    summary: "Create a translation of a space into a language (run it to translate)",
    request: { params: OrgTranslationsParams, body: jsonBody(CreateTranslationBody) },
    responses: {
      201: jsonResponse(TranslationSchema, "Created"),
      ...errorResponses(400, 403, 404),
    },
  }),
  async (c) => {
    const { organizationId } = c.req.valid("param");
    const body = c.req.valid("json");
    const access = await resolveTranslations(c, organizationId, WRITE);
    const space = await resolveSpace(c, body.source.space).catch((error: unknown) => {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    });
    if (!space || space.space.organizationId !== organizationId) {
      throw badRequest("body.source.space: no such space in this organization");
    }
    if (body.language === body.source.language) {
      throw badRequest("body.language: must differ from body.source.language");
    }
    const row = await createTranslation(c.get("db"), {
      organizationId,
      sourceSpaceId: space.space.id,
      sourceLanguage: body.source.language,
      language: body.language,
      instructions: body.instructions ?? null,
      createdBy: access.caller.user.id,
    });
    return c.json(presentTranslation(urlsOf(c), row, translationPermissions(access.role)), 201);
  },
);

translationRoutes.openapi(
  createRoute({
    method: "get",
    path: "/orgs/{organizationId}/translations/{translationId}",
    tags: ["translations"],
    summary: "Get a translation, its status and stats (and its progress while running)",
    request: { params: TranslationParams },
    responses: { 200: jsonResponse(TranslationSchema, "OK"), ...errorResponses(403, 404) },
  }),
  async (c) => {
    const { organizationId, translationId } = c.req.valid("param");
    const progress = runProgressPlan(c.get("db"), translationId);
    const { translation, role, results } = await resolveTranslation(
      c,
      organizationId,
      translationId,
      READ,
      { with: progress.statements },
    );
    const permissions = translationPermissions(role);
    const counts = progress.finish(results);
    return c.json(presentTranslation(urlsOf(c), translation, permissions, counts), 200);
  },
);

translationRoutes.openapi(
  createRoute({
    method: "put",
    path: "/orgs/{organizationId}/translations/{translationId}",
    tags: ["translations"],
    summary: "Replace a translation's instructions (the next run retranslates every page)",
    request: { params: TranslationParams, body: jsonBody(UpdateTranslationBody) },
    responses: { 200: jsonResponse(TranslationSchema, "OK"), ...errorResponses(400, 403, 404) },
  }),
  async (c) => {
    const { organizationId, translationId } = c.req.valid("param");
    const { instructions } = c.req.valid("json");
    const { role } = await resolveTranslation(c, organizationId, translationId, WRITE);
    const row = await updateInstructions(c.get("db"), organizationId, translationId, instructions);
    if (!row) throw notFound("Translation");
    return c.json(presentTranslation(urlsOf(c), row, translationPermissions(role)), 200);
  },
);

translationRoutes.openapi(
  createRoute({
    method: "delete",
    path: "/orgs/{organizationId}/translations/{translationId}",
    tags: ["translations"],
    summary: "Delete a translation (its result space stays); 204 also when absent",
    request: { params: TranslationParams },
    responses: { ...noContent, ...errorResponses(403, 404) },
  }),
  async (c) => {
    const { organizationId, translationId } = c.req.valid("param");
    await resolveTranslations(c, organizationId, WRITE);
    await deleteTranslation(c.get("db"), organizationId, translationId);
    return c.body(null, 204);
  },
);
