import { AppForm, Field, Submit } from "../../layout/forms";

/**
 * An organization's e-mail domains on its sign-in settings screen (`/v1/orgs/{id}/domains`):
 * each with its standing, the TXT record to publish (to copy), "Check now" and "Remove", and a
 * form to add one. Only a verified domain lets new people in through the organization's own
 * single sign-on, joining by domain and signing up by domain.
 */

/** A domain as listed. */
export interface OrgDomain {
  domain: string;
  status: "pending" | "verified" | "failed";
  record: { type: string; name: string; value: string };
  verifiedAt: string | null;
  /** How a verified domain was verified (null otherwise): its TXT record, or the operator. */
  verifiedBy: "dns" | "operator" | null;
  lastCheckedAt: string | null;
  lastCheck: { result: string; message: string } | null;
}

/** What a status is called on the screen. */
const STATUS: Readonly<Record<OrgDomain["status"], string>> = {
  pending: "Not verified yet",
  verified: "Verified",
  failed: "Verification lost",
};

/** What a domain's standing is called on the screen: its status, and who verified it. */
function standingOf(d: OrgDomain): string {
  return d.verifiedBy === "operator" ? "Verified by the operator" : STATUS[d.status];
}

/** A read-only value to copy, with its label. */
function CopyField(props: { id: string; label: string; value: string }) {
  return (
    <span class="a-field">
      <label for={props.id}>{props.label}</label>
      <input id={props.id} class="a-share-url" type="text" readonly value={props.value} />
    </span>
  );
}

/** One domain: its standing, its record, its actions. */
function DomainItem(props: { base: string; csrf: string; d: OrgDomain; index: number }) {
  const { d } = props;
  const at = `${props.base}/domains/${encodeURIComponent(d.domain)}`;
  return (
    <li>
      <div class="a-row">
        <strong>{d.domain}</strong>
        <span class="a-badge">{standingOf(d)}</span>
        <AppForm
          action={`${at}/check`}
          csrf={props.csrf}
          class="a-inline-form"
          label={`Check ${d.domain} now`}
        >
          <button type="submit" class="a-button a-button-secondary">
            Check now<span class="a-visually-hidden"> {d.domain}</span>
          </button>
        </AppForm>
        <AppForm
          action={`${at}/delete`}
          csrf={props.csrf}
          class="a-inline-form"
          label={`Remove ${d.domain}`}
        >
          <button type="submit" class="a-button a-button-danger">
            Remove<span class="a-visually-hidden"> {d.domain}</span>
          </button>
        </AppForm>
      </div>
      <CopyField
        id={`domain-${props.index}-name`}
        label={`TXT record name for ${d.domain}`}
        value={d.record.name}
      />
      <CopyField
        id={`domain-${props.index}-value`}
        label={`TXT record value for ${d.domain}`}
        value={d.record.value}
      />
      <dl class="a-facts">
        {d.verifiedAt ? (
          <>
            <dt>Verified</dt>
            <dd>{d.verifiedAt}</dd>
          </>
        ) : null}
        <dt>Last check</dt>
        <dd>
          {d.lastCheck ? `${d.lastCheckedAt ?? ""}: ${d.lastCheck.message}` : "Never checked"}
        </dd>
      </dl>
    </li>
  );
}

/** The e-mail domains: listed with their records, checked, removed, added. */
export function DomainsSection(props: { base: string; csrf: string; domains: OrgDomain[] }) {
  return (
    <section class="a-section" aria-labelledby="domains-title">
      <h2 id="domains-title">E-mail domains</h2>
      <p class="a-hint">
        Publish each domain's TXT record at its DNS host, then check it. Until a domain is verified,
        nobody new joins by an address on it: not through this organization's single sign-on, not by
        joining or signing up by domain. Verified domains are checked again daily; a record missing
        three times in a row loses the verification. A domain verified by the operator of this
        deployment (who can vouch for a domain with no public DNS) stays verified whatever its
        checks find.
      </p>
      {props.domains.length === 0 ? <p>No e-mail domain.</p> : null}
      <ul class="a-list" aria-label="E-mail domains" hidden={props.domains.length === 0}>
        {props.domains.map((d, index) => (
          <DomainItem base={props.base} csrf={props.csrf} d={d} index={index} />
        ))}
      </ul>
      <h3>Add an e-mail domain</h3>
      <AppForm action={`${props.base}/domains`} csrf={props.csrf} label="Add an e-mail domain">
        <Field
          name="domain"
          id="domain-name"
          label="Domain"
          required
          maxlength={253}
          hint="For example example.com: the part of your members' addresses after the @."
        />
        <div>
          <Submit label="Add domain" />
        </div>
      </AppForm>
    </section>
  );
}
