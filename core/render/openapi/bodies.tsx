import type { JSX } from "hono/jsx/jsx-runtime";
import { raw } from "hono/html";
import {
  arr,
  deref,
  obj,
  str,
  type SpecObject,
  type SpecOperation,
} from "../../openapi-pages/spec";
import { oneLine } from "../../openapi-pages/schema-markdown";
import { exampleOf, generatesFor, mediaExample, type ExampleDirection } from "./example";
import { markdownHtml } from "./markdown";
import { FieldRow, FieldTable } from "./parameters";
import { SchemaTree, type TreeBudget } from "./schema-tree";

/** Most responses (status codes) and media types rendered for one operation. */
const MAX_ENTRIES = 40;
/** Longest example shown; longer ones are cut with "…". */
const MAX_EXAMPLE_CHARS = 6_000;

/** A media type's schema and example, as a body or a response carries it. */
interface MediaView {
  mediaType: string;
  schema: unknown;
  example: unknown;
}

/** An example as display text: strings as they are, anything else as indented JSON. */
function exampleText(example: unknown): string {
  const text = typeof example === "string" ? example : (JSON.stringify(example, null, 2) ?? "");
  return text.length > MAX_EXAMPLE_CHARS ? `${text.slice(0, MAX_EXAMPLE_CHARS)}\n…` : text;
}

/** The media types of an OpenAPI 3 `content` map, each with its schema and example. */
function mediaOf(spec: SpecObject, content: SpecObject, direction: ExampleDirection): MediaView[] {
  return Object.entries(content)
    .slice(0, MAX_ENTRIES)
    .map(([mediaType, raw]) => {
      const media = deref(spec, raw).target ?? {};
      const example = mediaExample(spec, mediaType, media, direction);
      return { mediaType, schema: media.schema, example };
    });
}

/** The first media type of a Swagger 2.0 list (`consumes`, `produces`), operation over document. */
function swaggerMediaType(spec: SpecObject, op: SpecOperation, key: string): string {
  const list = [...arr(op.operation, key), ...arr(spec, key)];
  const first = list.find((t): t is string => typeof t === "string");
  return first ?? "application/json";
}

/** A Swagger 2.0 response's one schema, under the first `produces` type, with its example. */
function swaggerResponseMedia(
  spec: SpecObject,
  op: SpecOperation,
  response: SpecObject,
): MediaView {
  const mediaType = swaggerMediaType(spec, op, "produces");
  const examples = obj(response, "examples");
  const declared = examples[mediaType] ?? Object.values(examples)[0];
  const example =
    declared !== undefined || !generatesFor(mediaType)
      ? declared
      : exampleOf(spec, response.schema, "response");
  return { mediaType, schema: response.schema, example };
}

/** One media type: its name, schema tree and example. */
function MediaBlock(props: { spec: SpecObject; media: MediaView; budget: TreeBudget }) {
  const { media } = props;
  return (
    <div class="q-oa-media">
      <p class="q-oa-media-type">
        <code>{media.mediaType}</code>
      </p>
      {media.schema !== undefined ? (
        <SchemaTree spec={props.spec} schema={media.schema} budget={props.budget} />
      ) : null}
      {media.example !== undefined ? (
        <div class="q-oa-example">
          <p class="q-oa-label">Example</p>
          <pre>
            <code>{exampleText(media.example)}</code>
          </pre>
        </div>
      ) : null}
    </div>
  );
}

/** The request body: OpenAPI 3 `requestBody`, or the Swagger 2.0 `in: body` parameter. */
export function RequestBodySection(props: {
  spec: SpecObject;
  op: SpecOperation;
  parameters: SpecObject[];
  budget: TreeBudget;
  title: string;
}): JSX.Element | null {
  const { spec, op } = props;
  const body = deref(spec, op.operation.requestBody).target;
  const swagger = props.parameters.find((p) => p.in === "body");
  if (!body && !swagger) return null;
  const description = str(body ?? swagger ?? {}, "description");
  const required = (body ?? swagger)?.required === true;
  const consumes = swaggerMediaType(spec, op, "consumes");
  const media: MediaView[] = body
    ? mediaOf(spec, obj(body, "content"), "request")
    : [
        {
          mediaType: consumes,
          schema: swagger?.schema,
          example: generatesFor(consumes) ? exampleOf(spec, swagger?.schema, "request") : undefined,
        },
      ];
  return (
    <section class="q-oa-section">
      <h4>
        {props.title}
        {required ? <span class="q-oa-required">required</span> : null}
      </h4>
      {description ? <div class="q-oa-desc">{raw(markdownHtml(description))}</div> : null}
      {media.map((m) => (
        <MediaBlock spec={spec} media={m} budget={props.budget} />
      ))}
    </section>
  );
}

/** The class of a status code's badge: 2xx, 3xx, 4xx, 5xx, or other (`default`). */
function statusClass(status: string): string {
  const first = status.charAt(0);
  return ["1", "2", "3", "4", "5"].includes(first) ? `q-oa-status-${first}xx` : "q-oa-status-other";
}

/** One response: status and summary line, then description, headers, schema and example. */
function ResponseBlock(props: {
  spec: SpecObject;
  op: SpecOperation;
  status: string;
  response: SpecObject;
  budget: TreeBudget;
  open: boolean;
}) {
  const { spec, response } = props;
  const description = str(response, "description") ?? "";
  const headers = Object.entries(obj(response, "headers")).slice(0, MAX_ENTRIES);
  const media: MediaView[] =
    response.schema !== undefined
      ? [swaggerResponseMedia(spec, props.op, response)]
      : mediaOf(spec, obj(response, "content"), "response");
  const multiline = description.includes("\n");
  return (
    <details class="q-oa-response" open={props.open}>
      <summary>
        <span class={`q-oa-status ${statusClass(props.status)}`}>{props.status}</span>{" "}
        {multiline ? oneLine(description.split("\n")[0] ?? "") : oneLine(description)}
      </summary>
      {multiline ? <div class="q-oa-desc">{raw(markdownHtml(description))}</div> : null}
      {headers.length > 0 ? (
        <FieldTable caption={`Headers of the ${props.status} response`}>
          {headers.map(([name, rawHeader]) => {
            const header = deref(spec, rawHeader).target ?? {};
            return (
              <FieldRow
                spec={spec}
                name={name}
                schema={header.schema ?? header}
                required={header.required === true}
                description={str(header, "description")}
              />
            );
          })}
        </FieldTable>
      ) : null}
      {media.map((m) => (
        <MediaBlock spec={spec} media={m} budget={props.budget} />
      ))}
    </details>
  );
}

/** The responses by status code, the first success open. */
export function ResponsesSection(props: {
  spec: SpecObject;
  op: SpecOperation;
  budget: TreeBudget;
}): JSX.Element | null {
  const { spec, op } = props;
  const responses = Object.entries(obj(op.operation, "responses")).slice(0, MAX_ENTRIES);
  if (responses.length === 0) return null;
  const firstSuccess = responses.find(([status]) => status.startsWith("2"))?.[0];
  return (
    <section class="q-oa-section">
      <h4>Responses</h4>
      {responses.map(([status, rawResponse]) => (
        <ResponseBlock
          spec={spec}
          op={op}
          status={status}
          response={deref(spec, rawResponse).target ?? {}}
          budget={props.budget}
          open={status === firstSuccess}
        />
      ))}
    </section>
  );
}
