import { z } from "@hono/zod-openapi";
import { queryBoolean } from "../api-document/common";
import { strictId } from "./common";
import { ChangeRequestContentParams, SpaceContentParams } from "./content";

/** Path of a space's PDF: the space content's path. */
export const SpacePdfParams = SpaceContentParams;

/** Path of a change request's PDF (by id or number): the change request content's path. */
export const ChangeRequestPdfParams = ChangeRequestContentParams;

/** The official PDF query: `page` picks a page (and its subpages), `only` drops the subpages. */
export const PdfQuery = z.object({
  page: strictId("must be a page id")
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
