import type { Spec, SpecContent, SpecVersion } from "../api/openapi-specs";
import type { OpenAPISpecRow, OpenAPISpecVersionRow } from "../db/schema";
import type { Urls } from "../http/urls";

/** API path of a spec (under /v1). */
function specPath(row: OpenAPISpecRow): string {
  return `/orgs/${row.organizationId}/openapi/${encodeURIComponent(row.slug)}`;
}

/** The token-free URL of a public spec's raw content (under /v1/public, see the routes). */
function publishedSpecUrl(urls: Urls, row: OpenAPISpecRow): string {
  return urls.api(`/public/openapi/${row.organizationId}/${encodeURIComponent(row.slug)}`);
}

/**
 * A spec as every endpoint shows it: processing state and errors as the last run left them,
 * `lastVersion` the live version, `urls.published` only when public; `permissions` from
 * `specPermissions` (src/auth/openapi-spec.ts).
 */
export function presentSpec(
  urls: Urls,
  row: OpenAPISpecRow,
  permissions: Spec["permissions"],
): Spec {
  return {
    object: "openapi-spec",
    id: row.id,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    slug: row.slug,
    ...(row.sourceUrl ? { sourceURL: row.sourceUrl } : {}),
    processingState: row.processingState,
    visibility: row.visibility,
    ...(row.lastVersionId ? { lastVersion: row.lastVersionId } : {}),
    ...(row.lastProcessedAt ? { lastProcessedAt: row.lastProcessedAt } : {}),
    ...(row.lastProcessErrorCode ? { lastProcessErrorCode: row.lastProcessErrorCode } : {}),
    ...(row.lastProcessedErrors ? { lastProcessedErrors: row.lastProcessedErrors } : {}),
    lastProcessedErrorCount: row.lastProcessedErrorCount,
    permissions,
    urls: {
      location: urls.api(specPath(row)),
      app: urls.app(`/o/${row.organizationId}/openapi/${encodeURIComponent(row.slug)}`),
      ...(row.visibility === "public" ? { published: publishedSpecUrl(urls, row) } : {}),
    },
  };
}

/** A spec version: `url` is where its content is served (the source URL for URL specs). */
export function presentSpecVersion(
  urls: Urls,
  spec: OpenAPISpecRow,
  version: OpenAPISpecVersionRow,
): SpecVersion {
  const location = urls.api(`${specPath(spec)}/versions/${version.id}`);
  return {
    object: "openapi-spec-version",
    id: version.id,
    createdAt: version.createdAt,
    url: spec.sourceUrl ?? `${location}/content`,
    urls: { location },
  };
}

/** A version's content: the processed document by file name, and its source and public URLs. */
export function presentSpecContent(
  urls: Urls,
  spec: OpenAPISpecRow,
  version: OpenAPISpecVersionRow,
  document: Record<string, unknown>,
): SpecContent {
  const location = urls.api(`${specPath(spec)}/versions/${version.id}`);
  return {
    filesystem: {
      [version.rawContentType === "application/json" ? "openapi.json" : "openapi.yaml"]: document,
    },
    urls: {
      source: spec.sourceUrl ?? `${location}/content`,
      public: spec.visibility === "public" ? publishedSpecUrl(urls, spec) : null,
    },
  };
}
