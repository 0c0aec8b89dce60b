import type { Child } from "hono/jsx";
import type { Organization } from "../../api/types";
import { ErrorSummary, Notice } from "../../layout/forms";
import { htmlDocument, Shell } from "../../layout/shell";
import type { SignedIn } from "../../session/session";
import { SettingsNav, type SettingsSection } from "../settings-nav";

/**
 * The frame of every publishing and administration screen: the shell with the admin stylesheet,
 * the organization's settings nav, the screen's heading, and what the last action said (a
 * notice that it worked, or the API's refusal as an alert).
 */

/** What every admin screen shows around its content. */
export interface FrameProps {
  person: SignedIn;
  org: Organization;
  section: SettingsSection;
  title: string;
  done?: string | null;
  error?: string | null;
  modules?: string[];
  children?: Child;
}

/** The HTML document of an admin screen. */
export function adminPage(props: FrameProps): string {
  return htmlDocument(
    <Shell
      title={`${props.title} · ${props.org.title}`}
      person={props.person}
      styles={["css/admin.css"]}
      modules={props.modules ?? []}
    >
      <p class="a-crumb">
        <a href={props.org.urls.app}>{props.org.title}</a>
      </p>
      <div class="a-admin">
        <SettingsNav
          orgId={props.org.id}
          current={props.section}
          admin={props.org.permissions?.admin === true}
        />
        <div class="a-admin-body">
          <h1>{props.title}</h1>
          {props.done ? (
            <Notice>
              <p>{props.done}</p>
            </Notice>
          ) : null}
          <ErrorSummary error={props.error} />
          {props.children}
        </div>
      </div>
    </Shell>,
  );
}
