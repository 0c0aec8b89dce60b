import type { JSX } from "hono/jsx/jsx-runtime";

/**
 * A shell example (the operation's curl command) under a heading, as plain escaped text in
 * `<pre><code>`: readable and copyable without JavaScript.
 */
export function CodeSample(props: { title: string; code: string }): JSX.Element {
  return (
    <section class="q-oa-section q-oa-sample">
      <h4>{props.title}</h4>
      <pre>
        <code class="language-bash">{props.code}</code>
      </pre>
    </section>
  );
}
