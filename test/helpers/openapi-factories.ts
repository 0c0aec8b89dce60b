import { env } from "cloudflare:test";
import { expect } from "vitest";
import { as } from "./api";
import { eventually } from "./jobs";

/** A small valid OpenAPI 3.0 document as JSON text; `version` changes its content hash. */
export function smallSpecText(version = "1.0.0"): string {
  return JSON.stringify({
    openapi: "3.0.3",
    info: { title: "Tiny", version },
    paths: {
      "/things": { get: { summary: "List things", responses: { "200": { description: "OK" } } } },
    },
  });
}

/** GitBook's own OpenAPI document (~1.7 MB), read by vitest.config.ts into a binding. */
export function gitbookSpecText(): string {
  return (env as unknown as { GITBOOK_OPENAPI_SPEC: string }).GITBOOK_OPENAPI_SPEC;
}

/** A spec created through the API with a text source (processing queued). */
export async function makeSpec(token: string, orgId: string, slug: string, text = smallSpecText()) {
  const res = await as(token).post(`/orgs/${orgId}/openapi`, { slug, source: { text } });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

/**
 * Waits until a spec's processing is complete after `since` (its previous `lastProcessedAt`),
 * and returns the spec as the API shows it.
 */
export async function waitProcessed(
  token: string,
  orgId: string,
  slug: string,
  since?: string,
  timeout = 20_000,
) {
  return eventually(
    async () => {
      const res = await as(token).get(`/orgs/${orgId}/openapi/${slug}`);
      expect(res.status).toBe(200);
      expect(res.body.processingState).toBe("complete");
      expect(res.body.lastProcessedAt).toBeDefined();
      if (since) expect(res.body.lastProcessedAt > since).toBe(true);
      return res.body;
    },
    { timeout },
  );
}
