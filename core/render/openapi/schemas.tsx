import type { JSX } from "hono/jsx/jsx-runtime";
import { raw } from "hono/html";
import { deref, namedSchemaRef, str, type SpecObject } from "../../openapi-pages/spec";
import { oneLine } from "../../openapi-pages/schema-markdown";
import { markdownHtml } from "./markdown";
import { blockBudget, SchemaTree } from "./schema-tree";

/** Most schemas one block lists (the rest are counted). */
const MAX_SCHEMAS = 100;

/**
 * An `openapi-schemas` block: each named schema under a heading ("The Pet object", or the
 * block's own title above them), its description and its expandable tree. A name the spec
 * does not hold says so in place.
 */
export function SchemasView(props: {
  spec: SpecObject;
  names: string[];
  title?: string;
}): JSX.Element {
  const { spec, names } = props;
  const budget = blockBudget(`schemas-${names[0] ?? ""}`);
  const shown = names.slice(0, MAX_SCHEMAS);
  return (
    <section class="q-oa-schemas">
      {props.title ? <h3 class="q-oa-title">{oneLine(props.title)}</h3> : null}
      {shown.map((name) => {
        const ref = namedSchemaRef(spec, name);
        const heading = props.title ? oneLine(name) : `The ${oneLine(name)} object`;
        const Heading = props.title ? "h4" : "h3";
        if (ref === null) {
          return (
            <div class="q-oa-named">
              <Heading>{heading}</Heading>
              <p class="q-oa-note">
                The schema <code>{name}</code> is not in this specification.
              </p>
            </div>
          );
        }
        const description = str(deref(spec, { $ref: ref }).target ?? {}, "description");
        return (
          <div class="q-oa-named">
            <Heading>{heading}</Heading>
            {description ? <div class="q-oa-desc">{raw(markdownHtml(description))}</div> : null}
            {/* Through a $ref, so a schema that contains itself shows "↻ Name" at the repeat. */}
            <SchemaTree spec={spec} schema={{ $ref: ref }} budget={budget} />
          </div>
        );
      })}
      {names.length > MAX_SCHEMAS ? (
        <p class="q-oa-more">… {names.length - MAX_SCHEMAS} more schemas</p>
      ) : null}
    </section>
  );
}
