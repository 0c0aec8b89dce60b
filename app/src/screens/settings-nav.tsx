/**
 * The navigation shared by an organization's settings and administration screens: one list of
 * links (members, teams, sites, integrations, API specs, sign-in), the current one marked with
 * `aria-current`. Owned by the admin screens; the sign-in settings add their entries here.
 */

/** The sections of an organization's settings, in the order the nav shows them. */
export type SettingsSection =
  | "members"
  | "teams"
  | "sites"
  | "integrations"
  | "openapi"
  | "sign-in";

/** Each section's label and its path under the organization. */
const SECTIONS: ReadonlyArray<[SettingsSection, string, (org: string) => string]> = [
  ["members", "Members", (org) => `/o/${org}/settings/members`],
  ["teams", "Teams", (org) => `/o/${org}/settings/teams`],
  ["sites", "Sites", (org) => `/o/${org}/sites`],
  ["integrations", "Integrations", (org) => `/o/${org}/integrations`],
  ["openapi", "API specs", (org) => `/o/${org}/openapi`],
  ["sign-in", "Sign-in", (org) => `/org/${org}/settings/sign-in`],
];

/** The path of one settings section of an organization. */
export function settingsPath(orgId: string, section: SettingsSection): string {
  const entry = SECTIONS.find(([name]) => name === section);
  return entry ? entry[2](encodeURIComponent(orgId)) : "/";
}

/** The settings nav of an organization; `admin` shows the sections only admins use. */
export function SettingsNav(props: { orgId: string; current: SettingsSection; admin: boolean }) {
  const org = encodeURIComponent(props.orgId);
  const shown = SECTIONS.filter(([name]) => props.admin || name !== "sign-in");
  return (
    <nav class="a-settings-nav" aria-label="Organization settings">
      <ul>
        {shown.map(([name, label, path]) => (
          <li>
            <a href={path(org)} aria-current={name === props.current ? "page" : undefined}>
              {label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
