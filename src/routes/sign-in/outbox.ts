import { createRoute } from "@hono/zod-openapi";
import { createRouter } from "../../http/router";
import { publicRoute } from "../../http/route-facts";
import { pagedQuery } from "../../http/pagination";
import { declareList, textPairKey } from "../../http/lists";
import { runPlan } from "../../db/plan";
import { errorResponses, jsonResponse, listOf } from "../../api-document/common";
import { ApiError } from "../../lib/errors";
import { outboxTransport } from "../../mail";
import { outboxPagePlan } from "../../services/mail/outbox";
import { OutboxMessageSchema } from "../../api/sign-in";

/** The dev outbox: what the `outbox` mail transport kept instead of sending. */
export const outboxRoutes = createRouter();

/** The outbox pages on (createdAt, id), newest first. */
const OUTBOX = declareList(() => "dev-outbox", textPairKey);

outboxRoutes.openapi(
  createRoute({
    method: "get",
    path: "/dev/outbox",
    tags: ["sessions"],
    summary:
      'Quire (development): the messages the outbox mail transport kept, newest first (404 unless MAIL_TRANSPORT = "outbox")',
    security: [],
    middleware: [publicRoute()],
    request: { query: pagedQuery },
    responses: {
      200: jsonResponse(listOf(OutboxMessageSchema), "The kept messages"),
      ...errorResponses(400, 404),
    },
  }),
  async (c) => {
    // Only a local development deployment keeps mail; anywhere else the path does not exist
    // (the unknown path's own answer).
    if (!outboxTransport(c.env)) {
      throw new ApiError(404, `No route matches ${c.req.method} ${c.req.path}`);
    }
    const { page, limit } = c.req.valid("query");
    const cursors = OUTBOX.at(c);
    const after = await cursors.afterAccess(page);
    const { rows, count } = await runPlan(c.get("db"), outboxPagePlan(c.get("db"), limit, after));
    const body = await cursors.page({
      rows,
      limit,
      count,
      key: (r) => [r.createdAt, r.id],
      present: (r) => ({
        id: r.id,
        to: r.to,
        subject: r.subject,
        text: r.text,
        html: r.html,
        createdAt: r.createdAt,
      }),
    });
    return c.json(body, 200);
  },
);
