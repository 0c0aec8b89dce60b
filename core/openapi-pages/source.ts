import { z } from "zod";

/** Official `OpenAPISpecSlug`: letters and digits joined by single hyphens, 1 to 100 characters. */
const SpecSlug = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[a-zA-Z0-9]+(?:-[a-zA-Z0-9]+)*$/, "letters and digits joined by single hyphens");

/** Official `ContentRefOpenAPI`. */
const SpecRef = z.object({ kind: z.literal("openapi"), spec: SpecSlug }).strict();

/** The spec dependency: `{ref}`, or the official `ComputedContentDependencyOpenAPI` `{ref, value}`. */
const SpecDependency = z.object({ ref: SpecRef, value: z.unknown().optional() }).strict();

const Page = z.string().min(1).max(2048);

/** The document kinds of official `ComputedContentSourceDocumentOpenAPI.props`. */
const DocumentProps = z.union(
  [
    z.object({ doc: z.literal("models") }).strict(),
    z.object({ doc: z.enum(["operations", "info", "tag"]), page: Page }).strict(),
    z
      .object({
        doc: z.literal("operation"),
        page: Page,
        method: z.enum([
          "get",
          "post",
          "put",
          "delete",
          "patch",
          "options",
          "head",
          "trace",
          "hook",
        ]),
        deprecated: z.boolean().optional(),
      })
      .strict(),
  ],
  {
    error:
      'expected a document source: {doc: "models"}, {doc: "operations" | "info" | "tag", page} or {doc: "operation", page, method}; revision-level sources ({models, grouping}) are not supported',
  },
);

/**
 * The computed source a page may carry (official `ComputedContentSourceDocumentOpenAPI`, type
 * `builtin:openapi`): the page's content is rendered at read time from the spec's latest
 * version. Revision-level sources (`ComputedContentSourceRevisionOpenAPI`, which generate a page
 * tree) are refused with a message saying so.
 */
export const ComputedSourceSchema = z
  .object({
    type: z.literal("builtin:openapi"),
    dependencies: z.object({ spec: SpecDependency }).strict(),
    props: DocumentProps,
  })
  .strict();

/** A validated computed source. */
export type ComputedSource = z.infer<typeof ComputedSourceSchema>;

/** The document kinds a computed page renders. */
export type ComputedProps = ComputedSource["props"];

/** The stored form of a source: the dependency's informative `value` dropped. */
export function storableSource(source: ComputedSource): ComputedSource {
  return {
    type: source.type,
    dependencies: { spec: { ref: source.dependencies.spec.ref } },
    props: source.props,
  };
}

/**
 * A stored computed source read back (a JSON column): the source when it parses, else null, so
 * a row written by an older version cannot break a read.
 */
export function storedComputedSource(value: unknown): ComputedSource | null {
  if (value === null || value === undefined) return null;
  const checked = ComputedSourceSchema.safeParse(value);
  return checked.success ? checked.data : null;
}
