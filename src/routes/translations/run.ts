import { createRoute } from "@hono/zod-openapi";
import { TranslationParams } from "../../api/translations";
import { resolveTranslation } from "../../auth/translation";
import { enqueue } from "../../jobs/enqueue";
import { conflict } from "../../lib/errors";
import { createRouter } from "../../http/router";
import { errorResponses, noContent } from "../../api-document/common";
import { hasEngine, NO_ENGINE_MESSAGE } from "../../services/translations/engines/index";
import { translationRunJob } from "../../services/translations/jobs";
import { claimRun, releaseRun } from "../../services/translations/translations";

/** Starts a translation run in the background (one at a time per translation). */
export const translationRunRoutes = createRouter();

translationRunRoutes.openapi(
  createRoute({
    method: "post",
    path: "/orgs/{organizationId}/translations/{translationId}/run",
    tags: ["translations"],
    summary:
      "Run a translation in the background (204); 409 while a run is queued or running, or when no engine is configured",
    request: { params: TranslationParams },
    responses: { ...noContent, ...errorResponses(403, 404, 409) },
  }),
  async (c) => {
    const { organizationId, translationId } = c.req.valid("param");
    await resolveTranslation(c, organizationId, translationId, {
      scope: "space:write",
      minimum: "edit",
    });
    if (!hasEngine(c.env)) throw conflict(NO_ENGINE_MESSAGE);
    const claimed = await claimRun(c.get("db"), organizationId, translationId);
    if (!claimed?.runId)
      throw conflict("This translation is already running; wait for it to finish");
    try {
      await enqueue(c.env, translationRunJob, {
        translationId,
        runId: claimed.runId,
        step: "start",
      });
    } catch (error) {
      await releaseRun(
        c.get("db"),
        translationId,
        claimed.runId,
        "The run could not be queued; run it again",
      );
      throw error;
    }
    return c.body(null, 204);
  },
);
