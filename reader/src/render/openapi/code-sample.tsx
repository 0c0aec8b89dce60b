import type { JSX } from "hono/jsx/jsx-runtime";

/**
 * A shell example (the operation's curl command) under a heading, as plain escaped text in
 * `<pre><code>`: readable and selectable without JavaScript, with the shell's copy button.
 */
export function CodeSample(props: { title: string; code: string }): JSX.Element {
  return (
    <section class="q-oa-section q-oa-sample">
      <h4>{props.title}</h4>
      <pre>
        <code class="language-bash">{props.code}</code>
      </pre>
      {/* The shell's copy button: shown by reader.js, absent from pages read without it. */}
      <button type="button" class="q-copy" hidden>
        Copy
      </button>
    </section>
  );
}
