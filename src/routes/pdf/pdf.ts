import { createRoute, type z } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "../../env";
import { requireRole, requireScope } from "../../auth/organization";
import { resolveChangeRequest } from "../../auth/change-request";
import { changeRequestPointer } from "../../content/pointers";
import { pdfDownloadPath } from "../../services/pdf/render";
import {
  changeRequestRevisionPlan,
  specStateOf,
  specStateQuery,
  type PdfTarget,
} from "../../services/pdf/target";
import { createRouter } from "../../http/router";
import { apiUrl } from "../../http/urls";
import { errorResponses, jsonResponse } from "../../api-document/common";
import { mainTarget, type ContentTarget } from "../../auth/content-target";
import { conditionFilter } from "../../services/sites/conditions";
import { ChangeRequestPdfParams, PdfQuery, PdfUrlSchema, SpacePdfParams } from "../../api/pdf";

/** PDF exports of a space's main content and of a change request (spec §4.4, official). */
export const pdfRoutes = createRouter();

/**
 * A change request's PDF target in one round trip, as the content reads resolve it
 * (`changeRequestTarget`), keeping the change request's number and subject for the title page.
 */
async function changeRequestPdfTarget(
  c: Context<AppEnv>,
  spaceId: string,
  changeRequestId: string,
): Promise<PdfTarget> {
  const reads = changeRequestRevisionPlan(c.get("db"), spaceId, changeRequestId);
  const found = await resolveChangeRequest(c, spaceId, changeRequestId, {
    with: reads.statements,
  });
  requireScope(found.caller, "space:read");
  requireRole(found.role, "read", "read this space's content");
  const { revision, specState } = reads.finish(found.results);
  const cr = found.changeRequest;
  return {
    pointer: changeRequestPointer(found.space, cr),
    revision,
    specState,
    spaceTitle: found.space.title,
    changeRequest: { number: cr.number, subject: cr.subject },
  };
}

/** A site visitor's adaptive view of a PDF: undefined when every page and block shows. */
function visitorView(t: ContentTarget): PdfTarget["visitor"] {
  const shows = t.visitor ? conditionFilter(t.visitor.adaptive, t.visitor.claims) : undefined;
  return shows ? { shows, key: JSON.stringify(t.visitor?.claims ?? {}) } : undefined;
}

/** Renders (or reuses) the target's PDF and answers its signed URL. */
async function answer(c: Context<AppEnv>, target: PdfTarget, query: z.infer<typeof PdfQuery>) {
  const selection = { pageId: query.page, only: query.only ?? false };
  const path = await pdfDownloadPath(c.get("db"), c.env, target, selection);
  return { url: apiUrl(c, path) };
}

pdfRoutes.openapi(
  createRoute({
    method: "get",
    path: "/spaces/{spaceId}/pdf",
    tags: ["space-content"],
    summary: "Get a temporary URL to download a space or page as PDF",
    request: { params: SpacePdfParams, query: PdfQuery },
    responses: {
      200: jsonResponse(PdfUrlSchema, "URL of the PDF"),
      ...errorResponses(400, 403, 404),
    },
  }),
  async (c) => {
    const { spaceId } = c.req.valid("param");
    const t = await mainTarget(c, spaceId, { specs: specStateQuery(c.get("db"), spaceId) });
    const target = {
      pointer: t.pointer,
      revision: t.revision,
      spaceTitle: t.space.title,
      specState: specStateOf(t.more.specs),
      visitor: visitorView(t),
    };
    return c.json(await answer(c, target, c.req.valid("query")), 200);
  },
);

pdfRoutes.openapi(
  createRoute({
    method: "get",
    path: "/spaces/{spaceId}/change-requests/{changeRequestId}/pdf",
    tags: ["change-requests"],
    summary: "Get a temporary URL to download a change request's content as PDF",
    request: { params: ChangeRequestPdfParams, query: PdfQuery },
    responses: {
      200: jsonResponse(PdfUrlSchema, "URL of the PDF"),
      ...errorResponses(400, 403, 404),
    },
  }),
  async (c) => {
    const { spaceId, changeRequestId } = c.req.valid("param");
    const target = await changeRequestPdfTarget(c, spaceId, changeRequestId);
    return c.json(await answer(c, target, c.req.valid("query")), 200);
  },
);
