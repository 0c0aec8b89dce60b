import { as, type ApiResponse } from "./api";
import { unique } from "./factories";

/** The smallest script the runtime accepts: a default export with a `fetch` handler. */
export const VALID_SCRIPT = `export default { async fetch(req) { return new Response("ok") } }`;

/** A 1×1 transparent PNG, base64. */
export const PNG_BASE64 =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=";

/** A fresh valid integration name. */
export function integrationName(): string {
  return unique("int-").toLowerCase();
}

/** Publishes an integration through the API (200 expected unless the test checks otherwise). */
export async function publish(
  token: string,
  name: string,
  organization: string,
  overrides: Record<string, unknown> = {},
): Promise<ApiResponse> {
  return as(token).post(`/integrations/${name}`, {
    title: "Test integration",
    description: "Does tests",
    script: VALID_SCRIPT,
    scopes: ["space:content:read"],
    organization,
    ...overrides,
  });
}

/** Publishes an integration and installs it in `organization`; returns both answers' bodies. */
export async function publishAndInstall(
  token: string,
  organization: string,
  overrides: Record<string, unknown> = {},
) {
  const name = integrationName();
  const published = await publish(token, name, organization, overrides);
  if (published.status !== 200) throw new Error(`publish: ${published.text}`);
  const installed = await as(token).post(`/integrations/${name}/installations`, { organization });
  if (installed.status !== 201) throw new Error(`install: ${installed.text}`);
  return { name, integration: published.body, installation: installed.body };
}
