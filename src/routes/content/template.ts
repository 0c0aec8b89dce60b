import { createRoute } from "@hono/zod-openapi";
import { afterMainOf } from "../after-main";
import { createRouter } from "../../http/router";
import { errorResponses, jsonBody } from "../../api-document/common";
import { applyContentBatch } from "../../services/change-requests/writes";
import { resolveTemplateTarget } from "../../auth/template-target";
import { commitPagesToMain } from "../../services/templates/main-commit";
import { contentRefFileIds, planTemplate } from "../../services/templates/plan";
import { slotFilesPlan } from "../../services/templates/slot-files";
import { ApplyTemplateBody } from "../../api/templates";
import { SpaceContentParams } from "../../api/content";

/** Applying a built-in template to a space's main content or to one of its change requests. */
export const templateRoutes = createRouter();

templateRoutes.openapi(
  createRoute({
    method: "post",
    path: "/spaces/{spaceId}/content/template",
    tags: ["space-content"],
    summary: "Apply a content template to populate a space with initial pages",
    description:
      "Appends the template's pages after the existing top-level pages, in one new revision of " +
      "main, or of the change request given by `changeRequestId`.",
    request: { params: SpaceContentParams, body: jsonBody(ApplyTemplateBody) },
    responses: {
      201: { description: "Template applied to space." },
      ...errorResponses(400, 403, 404, 409),
    },
  }),
  async (c) => {
    const { spaceId } = c.req.valid("param");
    const body = c.req.valid("json");
    const db = c.get("db");
    const target = { spaceId, changeRequest: body.changeRequestId };
    const slots = slotFilesPlan(db, target, contentRefFileIds(body));
    const { found, changeRequest, results } = await resolveTemplateTarget(c, target, {
      with: slots.statements,
    });
    const changes = planTemplate(body, slots.finish(results), {
      field: "",
      content: changeRequest ? "this change request's content" : "this space's content",
      spaceId,
    });
    const userId = found.caller.user.id;
    if (changeRequest) {
      await applyContentBatch(
        db,
        c.env.FILES,
        found.space,
        changeRequest,
        userId,
        changes,
        {},
        c.env.COLLAB_ROOMS,
      );
    } else {
      await commitPagesToMain(db, found.space, userId, changes, afterMainOf(c));
    }
    return c.body(null, 201);
  },
);
