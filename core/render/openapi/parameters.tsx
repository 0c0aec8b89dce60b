import type { JSX } from "hono/jsx/jsx-runtime";
import { raw } from "hono/html";
import { deref, obj, str, type SpecObject } from "../../openapi-pages/spec";
import { typeLabel } from "../../openapi-pages/schema-markdown";
import { SchemaFacts } from "./facts";
import { markdownHtml } from "./markdown";

/** Parameter locations in the order they are listed, with their section titles. */
const LOCATIONS: Array<[string, string]> = [
  ["path", "Path parameters"],
  ["query", "Query parameters"],
  ["header", "Header parameters"],
  ["cookie", "Cookie parameters"],
  ["formData", "Form parameters"],
];

/**
 * The schema a parameter's values follow: OpenAPI 3 `schema` (or its first `content` entry's);
 * Swagger 2.0 keeps type, format and enum on the parameter itself.
 */
function parameterSchema(spec: SpecObject, param: SpecObject): unknown {
  if (param.schema !== undefined) return param.schema;
  const first = Object.values(obj(param, "content"))[0];
  const media = deref(spec, first).target;
  if (media?.schema !== undefined) return media.schema;
  return param;
}

/** A table of name/type/description rows (parameters, response headers). */
export function FieldTable(props: { caption: string; children: JSX.Element[] }): JSX.Element {
  return (
    <table class="q-oa-table">
      <caption class="q-oa-visually-hidden">{props.caption}</caption>
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col">Type</th>
          <th scope="col">Description</th>
        </tr>
      </thead>
      <tbody>{props.children}</tbody>
    </table>
  );
}

/** One row of a field table: the name (and required) as the row header, type, description. */
export function FieldRow(props: {
  spec: SpecObject;
  name: string;
  schema: unknown;
  required: boolean;
  description?: string;
  /** Facts the field adds to its schema's (a parameter's `example`, `deprecated`). */
  extra?: SpecObject;
}): JSX.Element {
  const target = deref(props.spec, props.schema).target ?? {};
  return (
    <tr>
      <th scope="row">
        <code class="q-oa-name">{props.name}</code>
        {props.required ? <span class="q-oa-required">required</span> : null}
      </th>
      <td>
        <span class="q-oa-type">{typeLabel(props.spec, props.schema)}</span>
      </td>
      <td>
        {props.description ? (
          <div class="q-oa-desc">{raw(markdownHtml(props.description))}</div>
        ) : null}
        <SchemaFacts schema={{ ...target, ...props.extra }} />
      </td>
    </tr>
  );
}

/** The operation's parameters, one table per location (path, query, header, cookie, form). */
export function ParameterSections(props: {
  spec: SpecObject;
  parameters: SpecObject[];
}): JSX.Element {
  const { spec } = props;
  return (
    <>
      {LOCATIONS.map(([location, title]) => {
        const params = props.parameters.filter((p) => p.in === location);
        if (params.length === 0) return null;
        return (
          <section class="q-oa-section">
            <h4>{title}</h4>
            <FieldTable caption={title}>
              {params.map((p) => {
                const schema = parameterSchema(spec, p);
                const target = deref(spec, schema).target ?? {};
                const extra: SpecObject = {};
                if (p.example !== undefined) extra.example = p.example;
                if (p.deprecated === true) extra.deprecated = true;
                return (
                  <FieldRow
                    spec={spec}
                    name={str(p, "name") ?? ""}
                    schema={schema}
                    required={p.required === true || location === "path"}
                    description={str(p, "description") ?? str(target, "description")}
                    extra={extra}
                  />
                );
              })}
            </FieldTable>
          </section>
        );
      })}
    </>
  );
}
