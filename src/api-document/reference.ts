import { html, raw } from "hono/html";

type Doc = {
  info: { title: string; version: string; description?: string };
  paths: Record<string, Record<string, Operation>>;
};
type Operation = {
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: { name: string; in: string; required?: boolean; description?: string }[];
  requestBody?: unknown;
  responses?: Record<string, { description?: string }>;
};

const METHODS = ["get", "post", "put", "patch", "delete"];

/**
 * A self-contained HTML reference rendered from the served OpenAPI document: it works offline
 * and on a fresh deployment, with no script from a CDN.
 */
export function renderReference(doc: Doc) {
  const byTag = new Map<string, { method: string; path: string; op: Operation }[]>();
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const tag = op.tags?.[0] ?? "other";
      const list = byTag.get(tag) ?? [];
      list.push({ method, path, op });
      byTag.set(tag, list);
    }
  }
  const tags = [...byTag.keys()].sort();
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <title>${doc.info.title} API reference</title>
        <style>
          body {
            font:
              15px/1.5 system-ui,
              sans-serif;
            margin: 0 auto;
            max-width: 1000px;
            padding: 2rem;
            color: #1c1c1c;
          }
          h2 {
            border-bottom: 1px solid #ddd;
            padding-bottom: 0.3rem;
            margin-top: 2.5rem;
          }
          .op {
            margin: 1rem 0;
            padding: 0.6rem 1rem;
            border: 1px solid #e5e5e5;
            border-radius: 6px;
          }
          .m {
            display: inline-block;
            min-width: 4rem;
            font-weight: 700;
            text-transform: uppercase;
          }
          .get {
            color: #0a7;
          }
          .post {
            color: #06c;
          }
          .put,
          .patch {
            color: #b70;
          }
          .delete {
            color: #c22;
          }
          code {
            font-family: ui-monospace, monospace;
          }
          table {
            border-collapse: collapse;
            margin-top: 0.4rem;
          }
          td {
            padding: 0.1rem 0.8rem 0.1rem 0;
            vertical-align: top;
          }
          nav a {
            margin-right: 0.8rem;
          }
        </style>
      </head>
      <body>
        <h1>${doc.info.title} <small>v${doc.info.version}</small></h1>
        <p>${doc.info.description ?? ""}</p>
        <p>
          Machine-readable document: <a href="/v1/openapi.json"><code>/v1/openapi.json</code></a>
        </p>
        <nav>${tags.map((t) => html`<a href="#${t}">${t}</a>`)}</nav>
        ${tags.map(
          (tag) =>
            html`<h2 id="${tag}">${tag}</h2>
              ${(byTag.get(tag) ?? []).map(
                ({ method, path, op }) =>
                  html`<div class="op">
                    <span class="m ${method}">${method}</span> <code>${path}</code>
                    <div>${op.summary ?? ""}</div>
                    ${op.parameters?.length
                      ? html`<table>
                          ${op.parameters.map(
                            (p) =>
                              html`<tr>
                                <td><code>${p.name}</code></td>
                                <td>${p.in}${p.required ? raw(" &middot; required") : ""}</td>
                                <td>${p.description ?? ""}</td>
                              </tr>`,
                          )}
                        </table>`
                      : ""}
                    <div>Responses: ${Object.keys(op.responses ?? {}).join(", ")}</div>
                  </div>`,
              )}`,
        )}
      </body>
    </html>`;
}
