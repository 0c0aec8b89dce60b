import type { ListPage, Organization } from "../../../api/types";
import { AppForm, Field, Select, Submit } from "../../../layout/forms";
import type { SignedIn } from "../../../session/session";
import { adminPage } from "../frame";
import { NextPage } from "../parts";
import type { Site, Space } from "../types";
import { VISIBILITY_LABELS, VISIBILITY_OPTIONS } from "./labels";

/**
 * `/o/{orgId}/sites`: the organization's published sites (`GET /v1/orgs/{id}/sites`), each with
 * its visibility, whether it is live and where it is read, and, for members who manage sites
 * (role create and above), the form that creates one (`POST /v1/orgs/{id}/sites`) with the
 * spaces it publishes first.
 */

/** What the site list shows. */
export interface SiteListView {
  person: SignedIn;
  org: Organization;
  sites: ListPage<Site>;
  spaces: Space[];
  done?: string | null;
  error?: string | null;
}

/** The site list screen. */
export function siteListPage(view: SiteListView): string {
  const { org, sites } = view;
  const canCreate = org.permissions?.createContent === true;
  const path = `/o/${encodeURIComponent(org.id)}/sites`;
  return adminPage({
    person: view.person,
    org,
    section: "sites",
    title: "Sites",
    done: view.done ?? null,
    error: view.error ?? null,
    children: (
      <>
        {sites.items.length === 0 ? (
          <p>No site yet. A site publishes spaces for readers, at its own address.</p>
        ) : (
          <ul class="a-list" aria-label="Sites">
            {sites.items.map((site) => (
              <li class="a-row">
                <div>
                  <a href={site.urls.app}>
                    <strong>{site.title}</strong>
                  </a>
                  <p class="a-meta">
                    {VISIBILITY_LABELS[site.visibility] ?? site.visibility} ·{" "}
                    {site.siteSpaces === 1 ? "1 space" : `${site.siteSpaces} spaces`}
                  </p>
                </div>
                <div class="a-row">
                  {site.published ? (
                    <span class="a-badge">Published</span>
                  ) : (
                    <span class="a-badge a-badge-muted">Not published</span>
                  )}
                  {site.urls.published ? (
                    <a href={site.urls.published}>
                      Open in the reader<span class="a-visually-hidden"> ({site.title})</span>
                    </a>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        )}
        <NextPage path={path} next={sites.next} label="More sites" />
        {canCreate ? (
          <section class="a-section" aria-labelledby="new-site-title">
            <h2 id="new-site-title">New site</h2>
            <AppForm action={path} csrf={view.person.csrf} label="New site">
              <Field name="title" id="site-title" label="Title" required maxlength={128} />
              <Select
                id="site-visibility"
                name="visibility"
                label="Who can read it"
                options={VISIBILITY_OPTIONS}
                selected="public"
              />
              {view.spaces.length > 0 ? (
                <Select
                  id="site-space"
                  name="space"
                  label="Space to publish"
                  hint="More spaces and sections can be added on the site's page."
                  options={[
                    ["", "None for now"],
                    ...view.spaces.map((s) => [s.id, s.title] as const),
                  ]}
                />
              ) : null}
              <div>
                <Submit label="Create site" />
              </div>
            </AppForm>
          </section>
        ) : null}
      </>
    ),
  });
}
