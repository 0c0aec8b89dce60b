import { AppForm } from "../../layout/forms";

/**
 * Small pieces the admin screens repeat: a one-button form (remove, publish, revoke) whose
 * button names what it acts on for screen readers, and a select of fixed values.
 */

/** A form that is one button: posts to `action` with the session's CSRF field. */
export function ButtonForm(props: {
  action: string;
  csrf: string;
  label: string;
  /** What the button acts on, read after the label by screen readers ("Remove" + " Ada"). */
  target?: string;
  kind?: "primary" | "secondary" | "danger";
  hidden?: Record<string, string>;
}) {
  return (
    <AppForm
      action={props.action}
      csrf={props.csrf}
      class="a-inline-form"
      label={`${props.label}${props.target ? ` ${props.target}` : ""}`}
    >
      {Object.entries(props.hidden ?? {}).map(([name, value]) => (
        <input type="hidden" name={name} value={value} />
      ))}
      <button type="submit" class={`a-button a-button-${props.kind ?? "secondary"}`}>
        {props.label}
        {props.target ? <span class="a-visually-hidden"> {props.target}</span> : null}
      </button>
    </AppForm>
  );
}

/** "Next page" of a paged list, keeping the screen's path. */
export function NextPage(props: { path: string; next?: { page: string }; label: string }) {
  if (!props.next) return null;
  return (
    <p>
      <a href={`${props.path}?page=${encodeURIComponent(props.next.page)}`}>{props.label}</a>
    </p>
  );
}
