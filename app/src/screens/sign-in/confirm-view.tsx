import { AppForm, Submit } from "../../layout/forms";
import { htmlDocument, Shell } from "../../layout/shell";

/**
 * The confirm screens of the one-time values that arrive by link (an e-mail's sign-in link, the
 * operator's link, the SAML callback's code, the OIDC callback's answer): opening the address
 * spends nothing (a mail scanner or a link preview that fetches it signs no one in); the button
 * posts the value to the app, which hands it to the API.
 */

/** What a confirm screen shows and posts. */
export interface ConfirmView {
  title: string;
  text: string;
  action: string;
  /** The hidden fields the button posts (the token, the code, the provider's query). */
  fields: Record<string, string>;
  button: string;
  csrf: string;
}

/** A confirm screen. */
export function confirmPage(view: ConfirmView): string {
  return htmlDocument(
    <Shell title={view.title} narrow>
      <h1>{view.title}</h1>
      <p class="a-message">{view.text}</p>
      <AppForm action={view.action} csrf={view.csrf} label={view.title}>
        {Object.entries(view.fields).map(([name, value]) => (
          <input type="hidden" name={name} value={value} />
        ))}
        <Submit label={view.button} />
      </AppForm>
    </Shell>,
  );
}
