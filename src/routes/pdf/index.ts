import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../env";
import { pdfRoutes } from "./pdf";

/** Mounts the PDF exports under /v1 (the PDFs themselves are served by GET /v1/downloads). */
export function mountPdf(app: OpenAPIHono<AppEnv>) {
  app.route("/v1", pdfRoutes);
}
