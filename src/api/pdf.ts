import { z } from "@hono/zod-openapi";
import { queryBoolean } from "../openapi/common";

/** Official EntityId in a path: letters, digits, `_` and `-`. */
const pathId = (name: string) =>
  z
    .string()
    .min(1)
    .max(64)
    .regex(/^[a-zA-Z0-9_-]+$/, "must be an id")
    .openapi({ param: { name, in: "path" } });

/** Path of a space's PDF. */
export const SpacePdfParams = z.object({ spaceId: pathId("spaceId") });

/** Path of a change request's PDF (by id or number). */
export const ChangeRequestPdfParams = SpacePdfParams.extend({
  changeRequestId: pathId("changeRequestId"),
});

/** The official PDF query: `page` picks a page (and its subpages), `only` drops the subpages. */
export const PdfQuery = z.object({
  page: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[a-zA-Z0-9_-]+$/, "must be a page id")
    .optional()
    .openapi({ description: "ID of a specific page to generate a PDF for." }),
  only: queryBoolean.optional().openapi({
    description:
      "Generate a PDF only for the provided page (without its subpages); ignored without page.",
  }),
});

/** The official answer: a temporary URL (valid for 1 hour) that serves the PDF. */
export const PdfUrlSchema = z.object({
  url: z
    .url()
    .max(2048)
    .openapi({ description: "Temporary URL to print the content. The URL will work for 1h." }),
});
