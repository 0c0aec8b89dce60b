import type { Domain } from "../api/domains";
import type { OrgEmailDomainRow } from "../db/schema";
import type { Urls } from "../http/urls";
import { resultMessage, txtName, txtValue } from "../lib/domain-records";

/** An organization's e-mail domain as its admins see it: its standing and the record to publish. */
export function presentDomain(urls: Urls, row: OrgEmailDomainRow): Domain {
  const location = urls.api(
    `/orgs/${row.organizationId}/domains/${encodeURIComponent(row.domain)}`,
  );
  return {
    object: "organization-domain",
    domain: row.domain,
    status: row.status,
    record: { type: "TXT", name: txtName(row.domain), value: txtValue(row.token) },
    verifiedAt: row.verifiedAt,
    verifiedBy: row.status !== "verified" ? null : row.operatorVerified ? "operator" : "dns",
    lastCheckedAt: row.lastCheckedAt,
    lastCheck: row.lastResult
      ? { result: row.lastResult, message: resultMessage(row.domain, row.lastResult) }
      : null,
    urls: { location, check: `${location}/check` },
  };
}
