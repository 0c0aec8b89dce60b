import type { Urls } from "./urls";

/**
 * The public HTTP endpoint of an integration (official `urls.publicEndpoint`): requests there
 * become `fetch` events of its script. One definition, for the presenters and the runtime.
 */
export function integrationEndpoint(urls: Urls, name: string): string {
  return urls.api(`/integrations/${encodeURIComponent(name)}/integration`);
}

/** The public HTTP endpoint of one installation of an integration. */
export function installationEndpoint(urls: Urls, name: string, installationId: string): string {
  return urls.api(
    `/integrations/${encodeURIComponent(name)}/installations/${encodeURIComponent(installationId)}/endpoint`,
  );
}
