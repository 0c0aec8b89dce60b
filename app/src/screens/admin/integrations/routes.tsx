import { Hono, type Context } from "hono";
import type { ListPage, Organization } from "../../../api/types";
import { htmlResponse } from "../../../http/responses";
import type { ScreenEnv } from "../../../http/screen-env";
import { personOr, type SignedIn } from "../../../session/session";
import { doneMessage, formAction, type Render } from "../../../http/form-action";
import { orgApiPath, param, personAndOrg } from "../actions";
import { adminPage } from "../frame";
import { ButtonForm } from "../parts";
import type { Installation, Integration } from "../types";
import { integrationPage } from "./view";

/**
 * The integrations screens: `/o/{orgId}/integrations` (the integrations installed in the
 * organization, `GET /v1/orgs/{id}/integrations`), `/o/{orgId}/integrations/{name}` (the
 * installation there, uninstall) and `/integrations/{name}` (an integration's page, install in
 * one of the person's organizations). Install and uninstall are `POST` and `DELETE` of
 * `/v1/integrations/{name}/installations`; the API requires an organization admin.
 */
export const integrationRoutes = new Hono<ScreenEnv>();

const DONE: Readonly<Record<string, string>> = {
  installed: "The integration is installed.",
  uninstalled: "The integration is uninstalled.",
};

function InstalledList(props: { org: Organization; items: Integration[] }) {
  if (props.items.length === 0) return <p>No integration is installed in this organization.</p>;
  return (
    <ul class="a-list" aria-label="Installed integrations">
      {props.items.map((i) => (
        <li class="a-row">
          <div>
            <a
              href={`/o/${encodeURIComponent(props.org.id)}/integrations/${encodeURIComponent(i.name)}`}
            >
              <strong>{i.title}</strong>
            </a>
            <p class="a-meta">{i.description}</p>
          </div>
          <a href={i.urls.app}>
            About<span class="a-visually-hidden"> {i.title}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}

integrationRoutes.get("/o/:org/integrations", async (c) => {
  const loaded = await personAndOrg(c);
  if (loaded instanceof Response) return loaded;
  const installed = await c.var.api.get<ListPage<Integration>>(`${orgApiPath(c)}/integrations`, {
    limit: 100,
  });
  return htmlResponse(
    adminPage({
      ...loaded,
      section: "integrations",
      title: "Integrations",
      done: doneMessage(c, DONE),
      children: (
        <>
          <InstalledList org={loaded.org} items={installed.items} />
          <p>
            <a href="/integrations">Browse integrations</a>
          </p>
        </>
      ),
    }),
  );
});

/** The installations of an integration the person can see, and the organizations they admin. */
async function integrationData(c: Context<ScreenEnv>, person: SignedIn) {
  const api = c.var.api;
  const name = param(c, "name");
  const [integration, installations, orgs] = await Promise.all([
    api.get<Integration>(`/integrations/${name}`),
    api.get<ListPage<Installation>>(`/integrations/${name}/installations`, { limit: 100 }),
    api.get<ListPage<Organization>>("/orgs", { limit: 100 }),
  ]);
  return { person, integration, installations: installations.items, orgs: orgs.items };
}

const renderIntegration: Render = async (c, extra, status = 200) => {
  const person = await personOr(c);
  if (person instanceof Response) return person;
  const data = await integrationData(c, person);
  return htmlResponse(integrationPage({ ...data, done: doneMessage(c, DONE), ...extra }), status);
};

integrationRoutes.get("/integrations/:name", (c) => renderIntegration(c, {}));

integrationRoutes.get("/integrations", async (c) => {
  const person = await personOr(c);
  if (person instanceof Response) return person;
  const list = await c.var.api.get<ListPage<Integration>>("/integrations", { limit: 100 });
  return htmlResponse(integrationPage({ person, list: list.items, installations: [], orgs: [] }));
});

const renderOrgIntegration: Render = async (c, extra, status = 200) => {
  const loaded = await personAndOrg(c);
  if (loaded instanceof Response) return loaded;
  const data = await integrationData(c, loaded.person);
  const here = data.installations.find((i) => i.target.organization === loaded.org.id);
  const admin = loaded.org.permissions?.admin === true;
  const base = `/o/${encodeURIComponent(loaded.org.id)}/integrations/${param(c, "name")}`;
  return htmlResponse(
    adminPage({
      ...loaded,
      section: "integrations",
      title: data.integration.title,
      done: doneMessage(c, DONE),
      ...extra,
      children: (
        <>
          <p>{data.integration.description}</p>
          {here ? (
            <dl class="a-facts">
              <dt>Status</dt>
              <dd>{here.status}</dd>
              <dt>Spaces</dt>
              <dd>{here.space_selection === "all" ? "All spaces" : `${here.spaces} selected`}</dd>
              <dt>Sites</dt>
              <dd>{here.site_selection === "all" ? "All sites" : "Selected sites"}</dd>
            </dl>
          ) : (
            <p>Not installed in {loaded.org.title}.</p>
          )}
          {admin && here ? (
            <ButtonForm
              action={`${base}/uninstall`}
              csrf={loaded.person.csrf}
              label="Uninstall"
              target={data.integration.title}
              kind="danger"
              hidden={{ installation: here.id }}
            />
          ) : null}
          {admin && !here ? (
            <ButtonForm
              action={`/integrations/${param(c, "name")}/install`}
              csrf={loaded.person.csrf}
              label="Install"
              target={data.integration.title}
              kind="primary"
              hidden={{ organization: loaded.org.id }}
            />
          ) : null}
          <p>
            <a href={data.integration.urls.app}>About this integration</a>
          </p>
        </>
      ),
    }),
    status,
  );
};

integrationRoutes.get("/o/:org/integrations/:name", (c) => renderOrgIntegration(c, {}));

formAction(integrationRoutes, "/integrations/:name/install", {
  done: "installed",
  render: renderIntegration,
  back: (c) => `/integrations/${param(c, "name")}`,
  call: (c, f) =>
    c.var.api.post(`/integrations/${param(c, "name")}/installations`, {
      body: { organization: f.text("organization") },
      csrf: f.csrf,
    }),
});

formAction(integrationRoutes, "/o/:org/integrations/:name/uninstall", {
  done: "uninstalled",
  render: renderOrgIntegration,
  back: (c) => `/o/${param(c, "org")}/integrations`,
  call: (c, f) =>
    c.var.api.delete(
      `/integrations/${param(c, "name")}/installations/${encodeURIComponent(f.text("installation"))}`,
      { csrf: f.csrf },
    ),
});
