import { z } from "@hono/zod-openapi";
import { pagedQuery } from "../http/pagination";
import { permissionsOf } from "../api-document/common";
import { pathString } from "./common";
import { OrgParams } from "./organizations";

/** Largest spec text accepted in a body (GitBook's own spec is 1.7 MB). */
export const MAX_SPEC_TEXT_BYTES = 10 * 1024 * 1024;

/**
 * Largest request body of the spec writes: the text JSON-escaped (a quote, backslash, newline or
 * tab doubles: at most twice its size for every text a spec can hold) and the envelope.
 */
export const MAX_SPEC_BODY_BYTES = 2 * MAX_SPEC_TEXT_BYTES + 1024 * 1024;

/** Official OpenAPISpecSlug. */
const SpecSlug = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[a-zA-Z0-9]+(?:-[a-zA-Z0-9]+)*$/, "letters and digits, in words separated by -");

/** Path of an organization's specs. */
export const OrgSpecsParams = OrgParams;

/** Path of one spec (the slug is checked by the handler's lookup, as the official parameter). */
export const SpecParams = OrgSpecsParams.extend({ specSlug: pathString("specSlug") });

/** Path of the PUT of a spec: the slug it creates must follow the official grammar. */
export const PutSpecParams = OrgSpecsParams.extend({
  specSlug: SpecSlug.openapi({ param: { name: "specSlug", in: "path" } }),
});

/** Path of one version of a spec. */
export const SpecVersionParams = SpecParams.extend({ versionId: pathString("versionId") });

/** Query of the spec and version lists. */
export const SpecListQuery = pagedQuery;

/** Official OpenAPISpecSource: a URL to fetch (and re-fetch), or the text itself. */
const SpecSource = z.union([
  z.object({ url: z.url({ protocol: /^https?$/ }).max(2048) }).strict(),
  z
    .object({
      text: z.string().min(1).openapi({ description: "At most 10 MiB (UTF-8); larger: 413." }),
    })
    .strict(),
]);

/** Body of createOpenAPISpec. */
export const CreateSpecBody = z.object({ slug: SpecSlug, source: SpecSource }).strict();

/** Body of createOrUpdateOpenAPISpecBySlug. */
export const PutSpecBody = z.object({ source: SpecSource }).strict();

/** Body of updateOpenAPISpecBySlug. */
export const PatchSpecBody = z.object({ visibility: z.enum(["private", "public"]) }).strict();

/** Official OpenAPIErrorObject (line and column are Quire's, for syntax errors). */
const SpecErrorSchema = z.object({
  message: z.string(),
  code: z.string().optional(),
  line: z.number().int().optional(),
  column: z.number().int().optional(),
});

/** Official OpenAPISpec. */
export const SpecSchema = z
  .object({
    object: z.literal("openapi-spec"),
    id: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
    slug: z.string(),
    sourceURL: z.string().optional(),
    processingState: z.enum(["pending", "progress", "complete"]),
    visibility: z.enum(["private", "public"]),
    lastVersion: z.string().optional(),
    lastProcessedAt: z.string().optional(),
    lastProcessErrorCode: z.enum(["FETCH_TIMEOUT", "FETCH_ERROR", "PARSE_ERROR"]).optional(),
    lastProcessedErrors: z.array(SpecErrorSchema).optional(),
    lastProcessedErrorCount: z.number().int(),
    permissions: permissionsOf("view", "edit"),
    urls: z.object({ location: z.string(), app: z.string(), published: z.string().optional() }),
  })
  .openapi("OpenAPISpec");

/** Official OpenAPISpecVersion. */
export const SpecVersionSchema = z
  .object({
    object: z.literal("openapi-spec-version"),
    id: z.string(),
    createdAt: z.string(),
    url: z.string(),
    urls: z.object({ location: z.string() }),
  })
  .openapi("OpenAPISpecVersion");

/** Official OpenAPISpecContent: the processed document and where it is served. */
export const SpecContentSchema = z
  .object({
    filesystem: z.record(z.string(), z.unknown()),
    urls: z.object({ source: z.string(), public: z.string().nullable() }),
  })
  .openapi("OpenAPISpecContent");

/** Official OpenAPISpecRawContent. */
export const SpecRawContentSchema = z
  .object({ text: z.string(), format: z.enum(["json", "yaml"]) })
  .openapi("OpenAPISpecRawContent");

/** Path of a published spec: no token, public specs only. */
export const PublishedSpecParams = z.object({
  organizationId: pathString("organizationId"),
  specSlug: pathString("specSlug"),
});

/** A spec's wire type. */
export type Spec = z.infer<typeof SpecSchema>;
/** A spec version's wire type. */
export type SpecVersion = z.infer<typeof SpecVersionSchema>;
/** A spec content's wire type. */
export type SpecContent = z.infer<typeof SpecContentSchema>;
