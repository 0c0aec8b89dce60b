// The operator's commands on an organization's e-mail domains (`npm run admin -- org domain …`):
// list them, and verify one without DNS or take that back. They exist for deployments whose
// domains cannot publish the `_quire.<domain>` TXT record (a private network, local
// development): whoever holds the deployment's D1 vouches for the domain instead (docs/security.md,
// "Verified domains"). The SQL is scripts/lib/statements.mjs's.
import { CommandError, parseDomains, parseText, printTable, requireOptions } from "./args.mjs";
import {
  listDomainsPlan,
  MAX_EMAIL_DOMAINS,
  unverifyDomainPlan,
  verifyDomainPlan,
} from "./statements.mjs";

/** The usage lines of these commands, for `npm run admin -- help`. */
export const DOMAIN_USAGE = `  org domain list --org ID
      List the organization's e-mail domains: status, how each was verified (dns, operator),
      when, and its last DNS check.
  org domain verify --org ID --domain D
      Verify D for the organization as the operator, with no TXT record (adding D to its
      e-mail domains if it does not list it): new people on D may then come in through its
      SSO, joining and sign-up by domain. No DNS check un-verifies it.
  org domain unverify --org ID --domain D
      Take the operator's verification of D back: D is pending again (its admins may verify
      it by DNS). A domain verified by DNS is left as it is.
`;

/** The organization and domain options, validated. */
function target(o, withDomain) {
  requireOptions(o, withDomain ? ["org", "domain"] : ["org"]);
  return {
    organizationId: parseText(o.org, "--org", 1, 64),
    ...(withDomain ? { domain: parseDomains([o.domain])[0] } : {}),
  };
}

/** Fails for an organization id that names none. */
function found(organization, organizationId) {
  if (!organization) throw new CommandError(`no organization with id ${organizationId}`);
  return organization;
}

async function orgDomainList(o, ctx) {
  const input = target(o, false);
  const plan = listDomainsPlan(input);
  const { organization, domains } = plan.read(await ctx.execute(plan.statements));
  const org = found(organization, input.organizationId);
  ctx.print({ organization: { id: org.id, title: org.title }, domains }, () => {
    if (domains.length === 0) return console.log(`"${org.title}" lists no e-mail domain.`);
    const header = ["domain", "status", "verifiedBy", "verifiedAt", "lastCheckedAt", "lastResult"];
    const cells = (d) => [d.verifiedBy, d.verifiedAt, d.lastCheckedAt, d.lastResult];
    printTable(
      header,
      domains.map((d) => [d.domain, d.status, ...cells(d).map((c) => c ?? "-")]),
    );
  });
}

async function orgDomainVerify(o, ctx) {
  const input = target(o, true);
  const plan = verifyDomainPlan(input);
  const { organization, added, domain } = plan.read(await ctx.execute(plan.statements));
  const org = found(organization, input.organizationId);
  if (!domain) {
    throw new CommandError(
      `"${org.title}" lists ${MAX_EMAIL_DOMAINS} e-mail domains already: remove one first`,
    );
  }
  const what = added
    ? `Added ${domain.domain} to "${org.title}"'s e-mail domains and verified it`
    : `Verified ${domain.domain} of "${org.title}"`;
  ctx.print({ organization: { id: org.id, title: org.title }, added, domain }, () =>
    console.log(
      `${what} as the operator (since ${domain.verifiedAt}); no DNS check un-verifies it.`,
    ),
  );
}

async function orgDomainUnverify(o, ctx) {
  const input = target(o, true);
  const plan = unverifyDomainPlan(input);
  const { organization, unverifiedNow, domain } = plan.read(await ctx.execute(plan.statements));
  const org = found(organization, input.organizationId);
  if (!domain) throw new CommandError(`"${org.title}" does not list ${input.domain}`);
  ctx.print({ organization: { id: org.id, title: org.title }, unverifiedNow, domain }, () =>
    console.log(
      `${domain.domain} of "${org.title}" ` +
        (unverifiedNow
          ? "is pending again (the operator's verification is taken back)."
          : `was not verified by the operator (status ${domain.status}): nothing changed.`),
    ),
  );
}

/** The commands, keyed by their words, as scripts/admin.mjs's table holds them. */
export const DOMAIN_COMMANDS = {
  "org domain list": { options: { org: "string" }, run: orgDomainList },
  "org domain verify": { options: { org: "string", domain: "string" }, run: orgDomainVerify },
  "org domain unverify": { options: { org: "string", domain: "string" }, run: orgDomainUnverify },
};
