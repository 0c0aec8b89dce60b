import { z } from "@hono/zod-openapi";
import { entityId, propertyCount, strictId } from "./common";

/** Most content references one application may fill (templates have a handful of slots). */
const MAX_CONTENT_REFS = 20;

/** Official EntityId: letters, digits, `_` and `-` (it is written into markdown as `/files/<id>`). */
const EntityId = strictId();

/**
 * Official ContentRefFile: the only reference kind that fills a template's slots; `space`, when
 * given, must be the target space (files of other spaces are not supported).
 */
const ContentRefFileSchema = z
  .object({
    kind: z.literal("file"),
    file: EntityId,
    space: EntityId.optional(),
  })
  .strict();

/** Official SpaceTemplateParams: `contentRefs` maps a slot name to the file that fills it. */
const SpaceTemplateParamsSchema = z
  .object({
    contentRefs: propertyCount(
      z.record(z.string().min(1).max(64), ContentRefFileSchema),
      { max: MAX_CONTENT_REFS },
      `at most ${MAX_CONTENT_REFS} content references`,
    )
      .optional()
      .openapi({ description: "Files filling the template's named slots (slot name -> file)" }),
  })
  .strict();

/** Official ApplySpaceTemplate: the template's id and its parameters. */
export const ApplySpaceTemplateSchema = z
  .object({
    id: entityId.openapi({ description: "The ID of the template to use for the space" }),
    params: SpaceTemplateParamsSchema.optional(),
  })
  .strict();

/** The ApplySpaceTemplate TypeScript type. */
export type ApplySpaceTemplate = z.infer<typeof ApplySpaceTemplateSchema>;

/** Body of `POST /spaces/{spaceId}/content/template`: a template, optionally into a change request. */
export const ApplyTemplateBody = ApplySpaceTemplateSchema.extend({
  changeRequestId: entityId.optional().openapi({
    description:
      "The ID (or number) of the change request to apply the template to; main content when absent.",
  }),
}).strict();
