import { createExecutionContext, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import app from "../../../app/src/index";
import { APP_ORIGIN } from "../../helpers/app-fetch";
import { makeSession } from "../../helpers/sessions";
import { roomWorld } from "../../collab/client";

/**
 * The app's `/v1` proxy (app/src/api/proxy.ts) passes a live room's WebSocket upgrade to the
 * API unchanged — the browser's cookie and origin, the `Upgrade` header — and hands the API's
 * socket back to the browser: the editor's room connection on the app's own origin.
 */

/** The app's entry with its `API` binding on the API Worker's own entry (SELF). */
async function throughApp(path: string, headers: Record<string, string>): Promise<Response> {
  const api = { fetch: (input: RequestInfo | URL, init?: RequestInit) => SELF.fetch(input, init) };
  return app.fetch(
    new Request(`${APP_ORIGIN}${path}`, { headers }),
    { API: api as unknown as Fetcher },
    createExecutionContext(),
  );
}

describe("the app's /v1 proxy and the live room", () => {
  it("passes the upgrade through with the session cookie and answers the room's socket", async () => {
    const w = await roomWorld("Proxied");
    const session = await makeSession(w.writer.user.id);
    const path = new URL(w.url).pathname;
    const res = await throughApp(path, {
      Upgrade: "websocket",
      Cookie: session.cookie,
      Origin: APP_ORIGIN,
    });
    expect(res.status).toBe(101);
    expect(res.webSocket).toBeTruthy();
    res.webSocket!.accept();
    res.webSocket!.close(1000, "done");
    // Without the upgrade the API's 426; from another origin the session's upgrade is refused.
    const plain = await throughApp(path, { Cookie: session.cookie, Origin: APP_ORIGIN });
    expect(plain.status).toBe(426);
    const foreign = await throughApp(path, {
      Upgrade: "websocket",
      Cookie: session.cookie,
      Origin: "https://evil.example",
    });
    expect(foreign.status).toBe(403);
  });
});
