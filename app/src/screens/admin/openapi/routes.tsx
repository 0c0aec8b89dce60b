import { Hono, type Context } from "hono";
import type { ListPage } from "../../../api/types";
import { htmlResponse } from "../../../http/responses";
import type { ScreenEnv } from "../../../http/screen-env";
import { when } from "../../../layout/format";
import { AppForm, Field, Submit } from "../../../layout/forms";
import { doneMessage, formAction, type Render } from "../../../http/form-action";
import { orgApiPath, param, personAndOrg } from "../actions";
import { adminPage } from "../frame";
import { ButtonForm } from "../parts";
import type { Spec, SpecVersion } from "../types";

/**
 * The API specifications of an organization: `/o/{orgId}/openapi` (list, add one by URL or by
 * its text) and `/o/{orgId}/openapi/{slug}` (processing state and errors, versions, visibility,
 * update, delete), over `/v1/orgs/{id}/openapi`.
 */
export const openapiRoutes = new Hono<ScreenEnv>();

const LIST = "/o/:org/openapi";
const ONE = `${LIST}/:slug`;

const DONE: Readonly<Record<string, string>> = {
  added: "The specification is added; it is processed in the background.",
  updated: "A new version is being processed.",
  visibility: "The visibility is changed.",
  deleted: "The specification is deleted.",
};

/** The `source` of a spec form: its URL, else its pasted text. */
function sourceOf(url: string, text: string): { url: string } | { text: string } {
  return url.trim() ? { url: url.trim() } : { text };
}

function SourceFields() {
  return (
    <>
      <Field
        name="url"
        id="spec-url"
        label="Address (URL)"
        type="url"
        maxlength={2048}
        hint="Fetched now and when you ask for an update."
      />
      <div class="a-field">
        <label for="spec-text">Or its text (JSON or YAML)</label>
        <textarea id="spec-text" name="text" rows={6}></textarea>
      </div>
    </>
  );
}

const renderList: Render = async (c, extra, status = 200) => {
  const loaded = await personAndOrg(c);
  if (loaded instanceof Response) return loaded;
  const specs = await c.var.api.get<ListPage<Spec>>(`${orgApiPath(c)}/openapi`, { limit: 100 });
  const base = `/o/${encodeURIComponent(loaded.org.id)}/openapi`;
  return htmlResponse(
    adminPage({
      ...loaded,
      section: "openapi",
      title: "API specifications",
      done: doneMessage(c, DONE),
      ...extra,
      children: (
        <>
          {specs.items.length === 0 ? (
            <p>No API specification yet.</p>
          ) : (
            <ul class="a-list" aria-label="API specifications">
              {specs.items.map((s) => (
                <li class="a-row">
                  <a href={`${base}/${encodeURIComponent(s.slug)}`}>
                    <strong>{s.slug}</strong>
                  </a>
                  <span class="a-meta">
                    {s.processingState}
                    {s.lastProcessErrorCode ? ` · ${s.lastProcessErrorCode}` : ""} · {s.visibility}
                  </span>
                </li>
              ))}
            </ul>
          )}
          {loaded.org.permissions?.createOpenAPISpec ? (
            <section class="a-section" aria-labelledby="new-spec-title">
              <h2 id="new-spec-title">Add a specification</h2>
              <AppForm action={base} csrf={loaded.person.csrf} label="Add a specification">
                <Field
                  name="slug"
                  id="spec-slug"
                  label="Slug"
                  required
                  maxlength={100}
                  pattern="[a-zA-Z0-9]+(-[a-zA-Z0-9]+)*"
                  hint="Letters and digits in words separated by -, e.g. petstore-api."
                />
                <SourceFields />
                <div>
                  <Submit label="Add specification" />
                </div>
              </AppForm>
            </section>
          ) : null}
        </>
      ),
    }),
    status,
  );
};

const specApi = (c: Context<ScreenEnv>) => `${orgApiPath(c)}/openapi/${param(c, "slug")}`;

const renderSpec: Render = async (c, extra, status = 200) => {
  const loaded = await personAndOrg(c);
  if (loaded instanceof Response) return loaded;
  const [spec, versions] = await Promise.all([
    c.var.api.get<Spec>(specApi(c)),
    c.var.api.get<ListPage<SpecVersion>>(`${specApi(c)}/versions`, { limit: 20 }),
  ]);
  const base = `/o/${encodeURIComponent(loaded.org.id)}/openapi/${encodeURIComponent(spec.slug)}`;
  const csrf = loaded.person.csrf;
  return htmlResponse(
    adminPage({
      ...loaded,
      section: "openapi",
      title: spec.slug,
      done: doneMessage(c, DONE),
      ...extra,
      children: (
        <>
          <p>
            <a href={`/o/${encodeURIComponent(loaded.org.id)}/openapi`}>All specifications</a>
          </p>
          <dl class="a-facts">
            <dt>Processing</dt>
            <dd>
              {spec.processingState}
              {spec.processingState !== "complete" ? " (reload to follow)" : ""}
            </dd>
            <dt>Last processed</dt>
            <dd>{when(spec.lastProcessedAt, "not yet")}</dd>
            <dt>Source</dt>
            <dd>{spec.sourceURL ? <code>{spec.sourceURL}</code> : "Uploaded text"}</dd>
            <dt>Visibility</dt>
            <dd>
              {spec.visibility}
              {spec.urls.published ? (
                <>
                  {" "}
                  · <a href={spec.urls.published}>public address</a>
                </>
              ) : null}
            </dd>
          </dl>
          {spec.lastProcessErrorCode || spec.lastProcessedErrorCount > 0 ? (
            <section class="a-section" aria-labelledby="errors-title">
              <h2 id="errors-title">
                Problems ({spec.lastProcessedErrorCount}) {spec.lastProcessErrorCode ?? ""}
              </h2>
              <ul>
                {(spec.lastProcessedErrors ?? []).map((e) => (
                  <li>
                    {e.line ? `Line ${e.line}: ` : ""}
                    {e.message}
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          <section class="a-section" aria-labelledby="versions-title">
            <h2 id="versions-title">Versions</h2>
            {versions.items.length === 0 ? (
              <p>No version yet.</p>
            ) : (
              <ul class="a-list" aria-label="Versions">
                {versions.items.map((v) => (
                  <li>
                    {when(v.createdAt)} · <code>{v.id}</code>
                  </li>
                ))}
              </ul>
            )}
          </section>
          {spec.permissions.edit ? (
            <>
              <section class="a-section" aria-labelledby="update-title">
                <h2 id="update-title">New version</h2>
                <AppForm action={`${base}/update`} csrf={csrf} label="New version">
                  <SourceFields />
                  <div>
                    <Submit label="Update" kind="secondary" />
                  </div>
                </AppForm>
              </section>
              <section class="a-section" aria-labelledby="visibility-title">
                <h2 id="visibility-title">Visibility and deletion</h2>
                <div class="a-row">
                  <ButtonForm
                    action={`${base}/visibility`}
                    csrf={csrf}
                    label={spec.visibility === "public" ? "Make private" : "Make public"}
                    hidden={{ visibility: spec.visibility === "public" ? "private" : "public" }}
                  />
                  <ButtonForm
                    action={`${base}/delete`}
                    csrf={csrf}
                    label="Delete"
                    target={spec.slug}
                    kind="danger"
                  />
                </div>
              </section>
            </>
          ) : null}
        </>
      ),
    }),
    status,
  );
};

openapiRoutes.get(LIST, (c) => renderList(c, {}));
openapiRoutes.get(ONE, (c) => renderSpec(c, {}));

const listPath = (c: Context<ScreenEnv>) => `/o/${param(c, "org")}/openapi`;
const specPath = (c: Context<ScreenEnv>) => `${listPath(c)}/${param(c, "slug")}`;

formAction<Spec>(openapiRoutes, LIST, {
  done: "added",
  render: renderList,
  back: (c, spec) => `${listPath(c)}/${encodeURIComponent(spec.slug)}`,
  call: (c, f) =>
    c.var.api.post<Spec>(`${orgApiPath(c)}/openapi`, {
      body: { slug: f.text("slug").trim(), source: sourceOf(f.text("url"), f.text("text")) },
      csrf: f.csrf,
    }),
});

formAction(openapiRoutes, `${ONE}/update`, {
  done: "updated",
  render: renderSpec,
  back: specPath,
  call: (c, f) =>
    c.var.api.put(specApi(c), {
      body: { source: sourceOf(f.text("url"), f.text("text")) },
      csrf: f.csrf,
    }),
});

formAction(openapiRoutes, `${ONE}/visibility`, {
  done: "visibility",
  render: renderSpec,
  back: specPath,
  call: (c, f) =>
    c.var.api.patch(specApi(c), { body: { visibility: f.text("visibility") }, csrf: f.csrf }),
});

formAction(openapiRoutes, `${ONE}/delete`, {
  done: "deleted",
  render: renderSpec,
  back: listPath,
  call: (c, f) => c.var.api.delete(specApi(c), { csrf: f.csrf }),
});
