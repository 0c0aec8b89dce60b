import { z } from "@hono/zod-openapi";
import { EmailDomain, OrgParams } from "./organizations";

/**
 * The wire of an organization's verified e-mail domains (`/v1/orgs/{organizationId}/domains`, a
 * Quire extension: GitBook verifies domains in its own dashboard and has no API for it).
 */

/** Path of one domain of an organization. */
export const DomainParams = OrgParams.extend({
  domain: z
    .string()
    .min(1)
    .max(253)
    .openapi({ param: { name: "domain", in: "path" }, example: "example.com" }),
});

/** Body of `POST /v1/orgs/{organizationId}/domains`. */
export const AddDomainBody = z
  .object({
    domain: EmailDomain.openapi({
      description: "Added to the organization's `emailDomains` unless listed already",
      example: "example.com",
    }),
  })
  .strict();

const Status = z.enum(["pending", "verified", "failed"]).openapi({
  description:
    "`pending`: not verified yet; `verified`: the TXT record was found, or the operator " +
    "verified it (`verifiedBy`); `failed`: it was verified by DNS, then the record was missing " +
    "for 3 checks in a row. Only a verified domain " +
    "lets new people in (its IdP's new accounts, joining by domain, sign-up by domain).",
});

/** A domain of an organization, with the record that proves it. */
export const DomainSchema = z
  .object({
    object: z.literal("organization-domain"),
    domain: z.string(),
    status: Status,
    record: z
      .object({
        type: z.literal("TXT"),
        name: z.string().openapi({ example: "_quire.example.com" }),
        value: z.string().openapi({ example: "quire-verification=3f1c…" }),
      })
      .openapi({ description: "The DNS record to publish" }),
    verifiedAt: z.string().nullable(),
    verifiedBy: z
      .enum(["dns", "operator"])
      .nullable()
      .openapi({
        description:
          "How a verified domain was verified (null unless `verified`): `dns`, its TXT record " +
          "was found; `operator`, the deployment's operator verified it " +
          "(`npm run admin -- org domain verify`), and no DNS check un-verifies it",
      }),
    lastCheckedAt: z.string().nullable(),
    lastCheck: z
      .object({
        result: z.enum(["found", "absent", "mismatch", "unreachable"]),
        message: z.string(),
      })
      .nullable()
      .openapi({ description: "What the last check saw (null: never checked)" }),
    urls: z.object({ location: z.string(), check: z.string() }),
  })
  .openapi("OrganizationDomain");

/** A domain as the wire shows it. */
export type Domain = z.infer<typeof DomainSchema>;
