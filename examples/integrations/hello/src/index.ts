import { createIntegration } from "@gitbook/runtime";

/**
 * An example GitBook-runtime integration, unchanged from what runs on GitBook: it reads the API
 * through `context.api` (the installation's own token) and answers its public endpoint.
 */
export default createIntegration({
  events: {
    installation_setup: async (event, context) => {
      const orgId = context.environment.installation?.target.organization;
      if (!orgId) throw new Error("installation_setup without an organization");
      const { data: org } = await context.api.orgs.getOrganizationById(orgId);
      console.log(`hello, ${org.title}! (installation ${event.installationId})`);
    },
    space_installation_setup: async (event, context) => {
      const { data: space } = await context.api.spaces.getSpaceById(event.spaceId);
      console.log(`hello, space ${space.title}!`);
    },
    space_content_updated: async (event) => {
      console.info(`space ${event.spaceId} has a new revision ${event.revisionId}`);
    },
  },
  fetch: async (request, context) => {
    const url = new URL(request.url);
    console.log(`fetch ${request.method} ${url.pathname}`);
    return Response.json({
      hello: "world",
      integration: context.environment.integration.name,
      installation: context.environment.installation?.id ?? null,
      path: url.pathname,
    });
  },
});
