import { AppForm, ErrorSummary, Field, Submit } from "../../layout/forms";
import type { SignedIn } from "../../session/session";

/**
 * The account's profile: the name others see and the photo's address, edited with the official
 * `PATCH /v1/users/{userId}`; the e-mail address has its own section (email-view.tsx).
 */

/** What the profile form shows: the person, or what they typed when it was refused. */
export interface ProfileView {
  person: SignedIn;
  error?: string | null;
  displayName?: string;
  photoURL?: string;
}

/** The profile section. */
export function ProfileSection(props: ProfileView) {
  const { user } = props.person;
  return (
    <section class="a-section" aria-labelledby="profile-title">
      <h2 id="profile-title">Profile</h2>
      <AppForm action="/account/profile" csrf={props.person.csrf} label="Your profile">
        <ErrorSummary error={props.error} />
        <Field
          name="displayName"
          label="Name"
          value={props.displayName ?? user.displayName}
          required
          maxlength={64}
          autocomplete="name"
          hint="How others see you in comments, reviews and page histories."
        />
        <Field
          name="photoURL"
          label="Photo address"
          type="url"
          value={props.photoURL ?? user.photoURL ?? ""}
          maxlength={2048}
          autocomplete="photo"
          hint="An https:// address of an image; leave empty for none."
        />
        <div>
          <Submit label="Save profile" />
        </div>
      </AppForm>
    </section>
  );
}
