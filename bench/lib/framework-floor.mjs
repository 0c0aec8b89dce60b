// The framework's own floor, for bench/costs.mjs: the app's kind of Hono app (OpenAPIHono with
// a zod-validated route among 140 others, four middleware steps writing headers after the
// route, a JSON answer) with nothing of Quire's in it. Bundled by esbuild at run time.
import { OpenAPIHono, createRoute, z } from "@hono/zod-openapi";

const app = new OpenAPIHono();
for (let i = 0; i < 4; i++) {
  app.use("/v1/*", async (c, next) => {
    await next();
    c.res.headers.set(`X-Step-${i}`, String(i));
  });
}
for (let i = 0; i < 140; i++) app.get(`/v1/area${i % 14}/:id/thing${i}`, (c) => c.json({ i }));
const space = createRoute({
  method: "get",
  path: "/v1/spaces/{spaceId}",
  request: {
    params: z.object({ spaceId: z.string().min(1).max(64) }),
    query: z.object({ shareKey: z.string().optional() }),
  },
  responses: { 200: { description: "OK" } },
});
app.openapi(space, (c) => c.json({ id: c.req.valid("param").spaceId, title: "A space" }, 200));

export default app;
