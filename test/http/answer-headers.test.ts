import { describe, expect, it } from "vitest";
import { Hono } from "hono";
import { editAnswerHeaders, setAnswerHeaders } from "../../src/http/answer-headers";

/** An app whose one middleware sets two headers after the route, as the request context does. */
function appAnswering(answer: () => Response) {
  const app = new Hono();
  let before: Response | undefined;
  app.use("*", async (c, next) => {
    await next();
    before = c.res;
    setAnswerHeaders(c, [
      ["X-One", "1"],
      ["X-Two", "2"],
    ]);
  });
  app.get("/", () => answer());
  return { app, routeAnswer: () => before };
}

describe("setAnswerHeaders", () => {
  it("writes into the route's own answer without copying it", async () => {
    const { app, routeAnswer } = appAnswering(() => Response.json({ ok: true }, { status: 201 }));
    const res = await app.request("/");
    expect(res).toBe(routeAnswer());
    expect(res.status).toBe(201);
    expect(res.headers.get("X-One")).toBe("1");
    expect(res.headers.get("X-Two")).toBe("2");
    expect(await res.json()).toEqual({ ok: true });
  });

  it("copies an answer whose headers are immutable once, keeping its status and headers", async () => {
    const { app, routeAnswer } = appAnswering(() => Response.redirect("https://example.com/", 302));
    const res = await app.request("/");
    expect(res).not.toBe(routeAnswer());
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("https://example.com/");
    expect(res.headers.get("X-One")).toBe("1");
    expect(res.headers.get("X-Two")).toBe("2");
  });

  it("lets errors other than an immutable answer's through", async () => {
    const app = new Hono();
    app.use("*", async (c, next) => {
      await next();
      editAnswerHeaders(c, () => {
        throw new RangeError("not about headers");
      });
    });
    app.get("/", (c) => c.text("x"));
    app.onError((error, c) => c.text(error.name, 500));
    const res = await app.request("/");
    expect(await res.text()).toBe("RangeError");
  });
});
