import { emojiOf } from "../../../../core/render/emoji";
import { AppForm, Field, Submit } from "../../layout/forms";
import type { PageWithDocument } from "./load";

/**
 * The page settings form of the edit screen (issue 37): title, emoji, icon, description, slug
 * and hidden, posted to the app (settings-routes.ts) as one `update_page` of the content batch.
 * Server-rendered in a `details` (open when something was refused), it works without
 * JavaScript; a refused field shows the API's reason under it and keeps what was typed.
 */

/** What the form shows: the page's values, or what the person typed when a save was refused. */
export interface SettingsValues {
  title: string;
  emoji: string;
  icon: string;
  description: string;
  slug: string;
  hidden: boolean;
}

/** The fields the form has (a refusal naming another field is shown above the form). */
export const SETTINGS_FIELDS = ["title", "emoji", "icon", "description", "slug"] as const;

/** A refusal of the save: the API's reason and the field it names, if one of the form's. */
export interface SettingsRefusal {
  message: string;
  field?: string;
}

/** The values the page has now. */
export function valuesOf(page: PageWithDocument): SettingsValues {
  return {
    title: page.title,
    emoji: page.emoji ? emojiOf(page.emoji) : "",
    icon: page.icon ?? "",
    description: page.description ?? "",
    slug: page.slug ?? "",
    hidden: page.hidden === true,
  };
}

/** The page settings form, posting to `action`. */
export function PageSettings(props: {
  action: string;
  csrf: string;
  path: string;
  values: SettingsValues;
  refusal?: SettingsRefusal | null;
}) {
  const { values, refusal } = props;
  const errorOf = (field: string) => (refusal?.field === field ? refusal.message : null);
  return (
    <details class="q-ed-settings" open={refusal ? true : undefined}>
      <summary>Page settings</summary>
      {refusal && !refusal.field ? (
        <div class="a-alert" role="alert" tabindex={-1} id="settings-error">
          <p>{refusal.message}</p>
        </div>
      ) : null}
      <AppForm action={props.action} csrf={props.csrf} label="Page settings">
        <input type="hidden" name="path" value={props.path} />
        <Field
          name="title"
          label="Title"
          value={values.title}
          required
          maxlength={256}
          error={errorOf("title")}
        />
        <Field
          name="emoji"
          label="Emoji"
          value={values.emoji}
          maxlength={50}
          hint="One emoji shown before the title; empty for none."
          error={errorOf("emoji")}
        />
        <Field
          name="icon"
          label="Icon"
          value={values.icon}
          maxlength={100}
          hint="An icon's name instead of an emoji; empty for none."
          error={errorOf("icon")}
        />
        <Field
          name="description"
          label="Description"
          value={values.description}
          maxlength={1000}
          error={errorOf("description")}
        />
        <Field
          name="slug"
          label="Slug"
          value={values.slug}
          required
          maxlength={100}
          hint="The last part of the page's address: lowercase letters and digits joined by hyphens."
          error={errorOf("slug")}
        />
        <label class="a-check">
          <input type="checkbox" name="hidden" value="yes" checked={values.hidden} />
          Hidden from the table of contents
        </label>
        <div>
          <Submit label="Save settings" kind="secondary" />
        </div>
      </AppForm>
    </details>
  );
}
