import { expect } from "vitest";
import { as } from "./api";
import { eventually } from "./jobs";

/**
 * Publishes a spec document as text through `PUT /orgs/{org}/openapi/{slug}` (as the official
 * CLI does) and waits until its processing produced a new latest version; returns its id.
 */
export async function publishSpec(
  token: string,
  orgId: string,
  slug: string,
  document: Record<string, unknown>,
): Promise<string> {
  const before = await as(token).get(`/orgs/${orgId}/openapi/${slug}/versions/latest`);
  const previous = before.status === 200 ? before.body.id : null;
  const res = await as(token).put(`/orgs/${orgId}/openapi/${slug}`, {
    source: { text: JSON.stringify(document) },
  });
  expect([200, 201], res.text).toContain(res.status);
  return eventually(
    async () => {
      const latest = await as(token).get(`/orgs/${orgId}/openapi/${slug}/versions/latest`);
      expect(latest.status, latest.text).toBe(200);
      expect(latest.body.id).not.toBe(previous);
      return latest.body.id as string;
    },
    { timeout: 20_000 },
  );
}
