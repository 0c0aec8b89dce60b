import type { JSX } from "hono/jsx/jsx-runtime";
import { raw } from "hono/html";
import { highlight } from "../code/highlight";
import {
  operationParameters,
  str,
  type SpecObject,
  type SpecOperation,
} from "../../openapi-pages/spec";
import { oneLine } from "../../openapi-pages/schema-markdown";
import { schemeLabel, securityOf, serversOf, type SchemeView } from "./access";
import { RequestBodySection, ResponsesSection } from "./bodies";
import { curlCommand } from "./curl";
import { markdownHtml } from "./markdown";
import { ParameterSections } from "./parameters";
import { blockBudget } from "./schema-tree";

/** The methods with a badge colour of their own; others share the neutral one. */
const METHOD_CLASSES: ReadonlySet<string> = new Set(["get", "post", "put", "patch", "delete"]);

/** A path with its `{parameters}` marked, so they stand out from the literal segments. */
function PathText(props: { path: string }): JSX.Element {
  const parts = props.path.split(/(\{[^}]*\})/);
  return (
    <code class="q-oa-path">
      {parts.map((part) =>
        part.startsWith("{") && part.endsWith("}") ? (
          <span class="q-oa-path-param">{part}</span>
        ) : (
          part
        ),
      )}
    </code>
  );
}

/** The method badge: upper-case method in its colour (text too, never colour alone). */
function MethodBadge(props: { method: string }): JSX.Element {
  const method = props.method.toLowerCase();
  const modifier = METHOD_CLASSES.has(method) ? method : "other";
  return <span class={`q-oa-method q-oa-method-${modifier}`}>{method.toUpperCase()}</span>;
}

/** The security alternatives: each a list of schemes used together, with their scopes. */
function SecuritySection(props: { alternatives: SchemeView[][] }): JSX.Element | null {
  if (props.alternatives.length === 0) return null;
  return (
    <section class="q-oa-section">
      <h4>Authorization</h4>
      <ul class="q-oa-security">
        {props.alternatives.map((schemes) =>
          schemes.length === 0 ? (
            <li>No credentials required</li>
          ) : (
            <li>
              {schemes.map((s, i) => (
                <>
                  {i > 0 ? " and " : null}
                  <code>{s.name}</code> ({schemeLabel(s)}
                  {s.scopes.length > 0 ? `; scopes: ${s.scopes.join(", ")}` : ""})
                </>
              ))}
            </li>
          ),
        )}
      </ul>
    </section>
  );
}

/** The servers the operation is reached at. */
function ServersSection(props: { servers: Array<{ url: string; description?: string }> }) {
  if (props.servers.length === 0) return null;
  return (
    <section class="q-oa-section">
      <h4>Servers</h4>
      <ul class="q-oa-servers">
        {props.servers.map((s) => (
          <li>
            <code>{s.url}</code>
            {s.description ? ` — ${oneLine(s.description)}` : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * A shell example (the operation's curl command) under a heading, as plain escaped text in
 * `<pre><code>`: highlighted on the server (readable without JavaScript), with the shell's copy button.
 */
function CodeSample(props: { title: string; code: string }): JSX.Element {
  return (
    <section class="q-oa-section q-oa-sample">
      <h4>{props.title}</h4>
      <pre>
        <code class="language-bash">{raw(highlight(props.code, "bash"))}</code>
      </pre>
      {/* The shell's copy button: shown by reader.js, absent from pages read without it. */}
      <button type="button" class="q-copy" hidden>
        Copy
      </button>
    </section>
  );
}

/**
 * One operation (or a webhook's): title, method and path, description, deprecation, servers,
 * security, parameters by location, request body, responses and a curl example. `headless`
 * leaves the title and description to the page (GitBook's one-operation-per-page layout).
 */
export function OperationView(props: {
  spec: SpecObject;
  op: SpecOperation;
  webhook: boolean;
  headless: boolean;
  anchor?: string;
}): JSX.Element {
  const { spec, op, webhook } = props;
  const { operation } = op;
  const budget = blockBudget(props.anchor ?? `${op.method}-${op.path}`);
  const parameters = operationParameters(spec, op);
  const servers = serversOf(spec, op, webhook);
  const security = webhook ? [] : securityOf(spec, op);
  const summary = str(operation, "summary");
  const title = summary
    ? oneLine(summary)
    : webhook
      ? `Webhook ${op.path}`
      : `${op.method.toUpperCase()} ${op.path}`;
  const description = str(operation, "description");
  const curl = webhook
    ? null
    : curlCommand({
        spec,
        op,
        server: servers[0]?.url ?? "",
        parameters,
        security: security[0] ?? [],
      });
  return (
    <section class={`q-oa-operation${webhook ? " q-oa-webhook" : ""}`} id={props.anchor}>
      {props.headless ? null : <h3 class="q-oa-title">{title}</h3>}
      <p class="q-oa-endpoint">
        <MethodBadge method={op.method} />{" "}
        {webhook ? <span class="q-oa-webhook-label">Webhook</span> : null}{" "}
        <PathText path={op.path} />
        {operation.deprecated === true ? (
          <span class="q-oa-flag q-oa-flag-deprecated">deprecated</span>
        ) : null}
      </p>
      {!props.headless && description ? (
        <div class="q-oa-desc">{raw(markdownHtml(description))}</div>
      ) : null}
      <ServersSection servers={servers} />
      <SecuritySection alternatives={security} />
      <ParameterSections spec={spec} parameters={parameters} />
      <RequestBodySection
        spec={spec}
        op={op}
        parameters={parameters}
        budget={budget}
        title={webhook ? "Payload" : "Request body"}
      />
      <ResponsesSection spec={spec} op={op} budget={budget} />
      {curl ? <CodeSample title="Example request" code={curl} /> : null}
    </section>
  );
}
