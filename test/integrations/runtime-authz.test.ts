import { authorizationMatrix, type World } from "../helpers/authz";
import { integrationName } from "../helpers/integrations-factories";
import { publishScript, settledEvent } from "../helpers/integration-events-factories";

const OK_SCRIPT = `export default { async fetch() { return new Response("ok") } }`;

/**
 * A private integration of the world's organization, installed there, whose installation_setup
 * event has settled (its `state` is final).
 */
async function withEvent(world: World) {
  const { name } = await publishScript(world.owner.token, world.org.id, OK_SCRIPT);
  const { event } = await settledEvent(world.owner.token, name, "installation_setup");
  return { name, eventId: event.id };
}

const unknownName = () => integrationName();

authorizationMatrix("GET /integrations/{name}/events", {
  setup: withEvent,
  request: (_w, s) => ({ method: "GET", path: `/integrations/${s.name}/events` }),
  missing: () => ({ method: "GET", path: `/integrations/${unknownName()}/events` }),
  minimumRole: "admin",
  scope: "integration:read",
  success: 200,
});

authorizationMatrix("GET /integrations/{name}/events/{eventId}", {
  setup: withEvent,
  request: (_w, s) => ({ method: "GET", path: `/integrations/${s.name}/events/${s.eventId}` }),
  missing: (_w, s) => ({ method: "GET", path: `/integrations/${s.name}/events/nope` }),
  minimumRole: "admin",
  scope: "integration:read",
  success: 200,
});

authorizationMatrix("PUT /integrations/{name}/dev", {
  setup: withEvent,
  request: (_w, s) => ({
    method: "PUT",
    path: `/integrations/${s.name}/dev`,
    body: { tunnelUrl: "https://tunnel.example.com/hook/matrix" },
  }),
  missing: () => ({
    method: "PUT",
    path: `/integrations/${unknownName()}/dev`,
    body: { tunnelUrl: "https://tunnel.example.com/hook/matrix" },
  }),
  minimumRole: "admin",
  scope: "integration:publish",
  success: 204,
});

authorizationMatrix("DELETE /integrations/{name}/dev", {
  setup: withEvent,
  request: (_w, s) => ({ method: "DELETE", path: `/integrations/${s.name}/dev` }),
  missing: () => ({ method: "DELETE", path: `/integrations/${unknownName()}/dev` }),
  minimumRole: "admin",
  scope: "integration:publish",
  success: 205,
});
