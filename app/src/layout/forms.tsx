import type { Child } from "hono/jsx";
import { CsrfField } from "./shell";

/**
 * The pieces every form of the app is made of, so that each is labelled, announces its error and
 * keeps what the person typed: a field with its label, hint and error (tied by aria-describedby),
 * the error summary at the top of a form (role="alert", focusable), and the form itself with its
 * CSRF field.
 */

/** One labelled input. */
export interface FieldProps {
  name: string;
  /** The input's id when a page has several fields of one name (default `f-<name>`). */
  id?: string;
  label: string;
  type?: string;
  value?: string;
  hint?: string;
  error?: string | null;
  required?: boolean;
  autocomplete?: string;
  inputmode?: "text" | "numeric" | "email";
  pattern?: string;
  maxlength?: number;
  autofocus?: boolean;
}

/** A labelled input with its hint and error. */
export function Field(props: FieldProps) {
  const id = props.id ?? `f-${props.name}`;
  const described = [props.hint ? `${id}-hint` : "", props.error ? `${id}-error` : ""]
    .filter(Boolean)
    .join(" ");
  return (
    <div class={props.error ? "a-field a-field-error" : "a-field"}>
      <label for={id}>{props.label}</label>
      {props.hint ? (
        <p class="a-hint" id={`${id}-hint`}>
          {props.hint}
        </p>
      ) : null}
      {props.error ? (
        <p class="a-error" id={`${id}-error`}>
          {props.error}
        </p>
      ) : null}
      <input
        id={id}
        name={props.name}
        type={props.type ?? "text"}
        value={props.value ?? ""}
        required={props.required ?? false}
        autocomplete={props.autocomplete}
        inputmode={props.inputmode}
        pattern={props.pattern}
        maxlength={props.maxlength}
        autofocus={props.autofocus ?? false}
        aria-invalid={props.error ? "true" : undefined}
        aria-describedby={described || undefined}
      />
    </div>
  );
}

/** The error a screen shows above its form (announced, and where the focus can go). */
export function ErrorSummary(props: { error?: string | null }) {
  if (!props.error) return null;
  return (
    <div class="a-alert" role="alert" tabindex={-1} id="form-error">
      <p>{props.error}</p>
    </div>
  );
}

/** A notice that something worked (a token created, a session revoked). */
export function Notice(props: { children?: Child }) {
  return (
    <div class="a-notice" role="status">
      {props.children}
    </div>
  );
}

/** A form posting to the app, with the session's CSRF field (empty when signed out). */
export function AppForm(props: {
  action: string;
  csrf: string;
  label?: string;
  class?: string;
  children?: Child;
}) {
  return (
    <form
      method="post"
      action={props.action}
      class={props.class ?? "a-form"}
      aria-label={props.label}
    >
      <CsrfField token={props.csrf} />
      {props.children}
    </form>
  );
}

/** A submit button. */
export function Submit(props: { label: string; kind?: "primary" | "secondary" | "danger" }) {
  return (
    <button type="submit" class={`a-button a-button-${props.kind ?? "primary"}`}>
      {props.label}
    </button>
  );
}

/** A labelled select of `options` (`[value, label]`). */
export function Select(props: {
  id: string;
  name: string;
  label: string;
  options: ReadonlyArray<readonly [string, string]>;
  selected?: string;
  hint?: string;
}) {
  return (
    <div class="a-field">
      <label for={props.id}>{props.label}</label>
      {props.hint ? (
        <p class="a-hint" id={`${props.id}-hint`}>
          {props.hint}
        </p>
      ) : null}
      <select
        id={props.id}
        name={props.name}
        aria-describedby={props.hint ? `${props.id}-hint` : undefined}
      >
        {props.options.map(([value, label]) => (
          <option value={value} selected={value === props.selected}>
            {label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A labelled multi-line text (a comment's markdown), keeping what was typed. */
export function TextArea(props: {
  id: string;
  name: string;
  label: string;
  value?: string;
  hint?: string;
  required?: boolean;
  maxlength?: number;
}) {
  return (
    <div class="a-field">
      <label for={props.id}>{props.label}</label>
      {props.hint ? (
        <p class="a-hint" id={`${props.id}-hint`}>
          {props.hint}
        </p>
      ) : null}
      <textarea
        id={props.id}
        name={props.name}
        rows={3}
        required={props.required ?? false}
        maxlength={props.maxlength}
        aria-describedby={props.hint ? `${props.id}-hint` : undefined}
      >
        {props.value ?? ""}
      </textarea>
    </div>
  );
}
