import { createRoute } from "@hono/zod-openapi";
import { requireRole, requireScope, resolveOrg } from "../../auth/organization";
import { ApiError } from "../../lib/errors";
import { createRouter } from "../../http/router";
import { errorResponses, jsonBody, noContent } from "../../api-document/common";
import { storeConversation } from "../../services/conversations/ingest";
import { enqueueProcessing } from "../../services/conversations/jobs";
import { OrgParams } from "../../api/organizations";
import { IngestConversationBody, MAX_CONVERSATION_CHARS } from "../../api/conversations";

/** Conversation ingestion: store (idempotent by the client's id) and queue the processing. */
export const ingestRoutes = createRouter();

ingestRoutes.openapi(
  createRoute({
    method: "post",
    path: "/orgs/{organizationId}/conversations",
    tags: ["conversations"],
    summary: "Ingest a conversation (the same id again updates it); processed in the background",
    request: { params: OrgParams, body: jsonBody(IngestConversationBody) },
    responses: { ...noContent, ...errorResponses(400, 403, 404, 413) },
  }),
  async (c) => {
    const { organizationId } = c.req.valid("param");
    const body = c.req.valid("json");
    const access = await resolveOrg(c, organizationId);
    requireScope(access.caller, "organization:write");
    requireRole(access.role, "admin", "ingest conversations");
    const chars = body.parts.reduce((n, p) => n + p.body.length, 0);
    if (chars > MAX_CONVERSATION_CHARS) {
      throw new ApiError(
        413,
        `body.parts: the conversation holds ${chars} characters, more than ${MAX_CONVERSATION_CHARS}`,
      );
    }
    // The source is the credential that sent it: one API token (or integration) per channel.
    const source = `api:${access.caller.token.id}`;
    const revision = await storeConversation(c.get("db"), {
      organizationId,
      source,
      id: body.id,
      subject: body.subject,
      url: body.metadata?.url,
      attributes: body.metadata?.attributes,
      createdAt: body.metadata?.createdAt,
      parts: body.parts,
    });
    await enqueueProcessing(c.env, { organizationId, conversationId: body.id, revision });
    return c.body(null, 204);
  },
);
