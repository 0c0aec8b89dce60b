import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../env";
import { countingD1, emptyStats } from "../db/counting";
import { createDb } from "../db/client";
import { BOOKMARK_HEADER, sessionAsDatabase, sessionConstraint } from "../db/session";
import { newId } from "../lib/ids";
import { setAnswerHeaders } from "../http/answer-headers";
import type { Platform } from "../platform/compose";
import type { RouteTable } from "../http/route-facts";

/** The parts of the platform every request sees (as context variables). */
type RequestParts = Pick<
  Platform,
  "mainRevisionHooks" | "verifiedTokens" | "largeBodyGate" | "rateLimitWindows" | "keptAnswers"
>;

/**
 * Per-request setup: a request id (echoed in X-Request-Id and in 500 bodies and logs), the
 * D1 handle (counted when DB_STATS is on) and drizzle over it, and the parts of the platform the
 * app was built with, and the facts its route declared (`routes`, looked up once here). With
 * DB_STATS on, the counts go out in X-Quire-D1.
 */
export const requestContext =
  (parts: RequestParts, routes: RouteTable): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    c.set("route", routes.factsOf(c));
    const requestId = c.req.header("cf-ray") ?? newId(16);
    const stats = emptyStats();
    // Every request on one D1 session: reads may come from a replica, at least as fresh as the
    // client's bookmark; the answer carries the session's bookmark for the next request.
    c.set("requestId", requestId);
    const session = c.env.DB.withSession(
      sessionConstraint(c.req.method, c.req.header(BOOKMARK_HEADER)),
    );
    // Counted only when the counts go out (DB_STATS: the bench and the tests); otherwise drizzle
    // talks to the session itself.
    const counted = c.env.DB_STATS === "1";
    const d1 = counted ? countingD1(sessionAsDatabase(session), stats) : sessionAsDatabase(session);
    c.set("d1Stats", stats);
    c.set("d1", d1);
    c.set("db", createDb(d1));
    c.set("caller", { digest: null });
    c.set("mainRevisionHooks", parts.mainRevisionHooks);
    c.set("verifiedTokens", parts.verifiedTokens);
    c.set("largeBodyGate", parts.largeBodyGate);
    c.set("rateLimitWindows", parts.rateLimitWindows);
    c.set("keptAnswers", parts.keptAnswers);
    if (!c.env.SIGNING_SECRET) {
      // Deployment mistake, not a client error: say so in the log, keep the body generic.
      console.error(
        `[${requestId}] SIGNING_SECRET is not set: run \`wrangler secret put SIGNING_SECRET\``,
      );
      throw new Error("SIGNING_SECRET is not configured");
    }
    await next();
    const headers: [string, string][] = [["X-Request-Id", requestId]];
    const bookmark = session.getBookmark();
    if (bookmark) headers.push([BOOKMARK_HEADER, bookmark]);
    if (counted) {
      const { roundTrips, rowsRead, rowsWritten, unmetered } = stats;
      const counts = `rt=${roundTrips};read=${rowsRead};written=${rowsWritten};unmetered=${unmetered}`;
      headers.push(["X-Quire-D1", counts]);
    }
    setAnswerHeaders(c, headers);
  };
