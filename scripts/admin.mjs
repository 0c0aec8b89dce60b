#!/usr/bin/env node
// The operator command line: users, organizations and API tokens, written straight into D1 with
// `wrangler d1 execute` (local state by default, the deployed database with --remote). It exists
// because Quire has no sign-up: the first user, organization and token of a deployment come from
// here. Usage: `npm run admin -- help`.
import {
  CommandError,
  loadScopes,
  parseDomains,
  parseEmail,
  parseExpiry,
  parseOptions,
  parseScopeList,
  parseText,
  printTable,
  requireOptions,
  UsageError,
} from "./lib/args.mjs";
import { DOMAIN_COMMANDS, DOMAIN_USAGE } from "./lib/domain-commands.mjs";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { clientPort, localAppUrl } from "./lib/dev-env.mjs";
import { mintSignInLink, mintToken } from "./lib/identity.mjs";
import { ROOT } from "./lib/root.mjs";
import {
  createOrganizationPlan,
  createUserPlan,
  issueTokenPlan,
  listTokensPlan,
  revokeTokenPlan,
  signInLinkPlan,
} from "./lib/statements.mjs";
import { d1Execute, WranglerError } from "./lib/wrangler.mjs";
import { ApiCommandError, spaceExport, spaceImport } from "./lib/spaces-io.mjs";

const USAGE = `Usage: npm run admin -- [--remote] [--json] <command> [options]

Commands:
  user create --email E --name N
      Create a user (e-mail stored lowercased, marked verified).
  user sign-in-link --email E [--app-url URL]
      Print a one-time sign-in URL for the user (works once, within an hour): how the first
      owner gets in with no mail server. The URL is on the app: --app-url, else PUBLIC_APP_URL
      from the environment, .dev.vars (local) or wrangler.toml (remote), else the running
      \`npm run dev\`'s.
  org create --title T --owner EMAIL [--domain D ...]
      Create an organization whose admin is the user EMAIL; --domain may repeat.
${DOMAIN_USAGE}  token issue --email E [--label L] [--scopes a,b] [--expires ISO]
      Issue an API token for a user and print its secret once. Without --scopes the token
      carries all of the user's rights; --expires is an ISO 8601 date-time in the future.
  token revoke --id ID
      Revoke a token.
  token list --email E
      List a user's tokens, revoked ones included (never their secrets).
  space export --space ID --out FILE [--change-request ID]
      Export a space (or a change request) as a Git Sync repository; FILE ending .tar is a tar,
      anything else a zip. Asks the running API (see "API commands" below).
  space import --org ID --file FILE [--space ID] [--change-request ID] [--title T]
      Import a zip (a Git Sync repository or a markdown folder) or a markdown file into a change
      request of the space (a new space titled T without --space), and print the result.
  help
      Show this message.

Options:
  --remote   act on the deployed database (wrangler d1 execute --remote; needs wrangler login
             or CLOUDFLARE_API_TOKEN and the database_id in wrangler.toml)
  --local    act on the local database in .wrangler/state (the default)
  --json     print the result as JSON

API commands (space …) reach the API at --api URL (default $QUIRE_API_URL, else
http://localhost:8787/v1) with --token T (default $QUIRE_TOKEN, else the dev demo token).

Scopes: ${loadScopes().join(", ")}
`;

const COMMANDS = {
  "user create": { options: { email: "string", name: "string" }, run: userCreate },
  "user sign-in-link": {
    options: { email: "string", "app-url": "string" },
    run: userSignInLink,
  },
  "org create": {
    options: { title: "string", owner: "string", domain: "list" },
    run: orgCreate,
  },
  ...DOMAIN_COMMANDS,
  "token issue": {
    options: { email: "string", label: "string", scopes: "string", expires: "string" },
    run: tokenIssue,
  },
  "token revoke": { options: { id: "string" }, run: tokenRevoke },
  "token list": { options: { email: "string" }, run: tokenList },
  "space export": {
    options: {
      space: "string",
      out: "string",
      "change-request": "string",
      api: "string",
      token: "string",
    },
    run: spaceExport,
  },
  "space import": {
    options: {
      org: "string",
      file: "string",
      space: "string",
      "change-request": "string",
      title: "string",
      api: "string",
      token: "string",
    },
    run: spaceImport,
  },
};

async function userCreate(o, ctx) {
  requireOptions(o, ["email", "name"]);
  const plan = createUserPlan({
    email: parseEmail(o.email),
    displayName: parseText(o.name, "--name", 1, 255),
  });
  const { created, user } = plan.read(await ctx.execute(plan.statements));
  if (!created) throw new CommandError(`a user with e-mail ${user.email} already exists`);
  ctx.print({ user: { id: user.id, email: user.email, displayName: user.display_name } }, () =>
    console.log(`Created user ${user.email} (id ${user.id}).`),
  );
}

/** PUBLIC_APP_URL as a `NAME=value` line or a TOML `NAME = "value"` of `file`, or null. */
function publicAppUrlIn(file) {
  let text;
  try {
    text = readFileSync(resolve(ROOT, file), "utf8");
  } catch {
    return null;
  }
  const m = text.match(/^PUBLIC_APP_URL\s*=\s*"?([^"\n]+?)"?\s*$/m);
  return m ? m[1] : null;
}

/** The app's public URL the printed link points at (see the usage of `user sign-in-link`). */
function appUrlFor(o, ctx) {
  const given =
    o["app-url"] ??
    process.env.PUBLIC_APP_URL ??
    (ctx.target === "local"
      ? (publicAppUrlIn(".dev.vars") ?? localAppUrl(clientPort([])))
      : publicAppUrlIn("wrangler.toml"));
  let url;
  try {
    url = new URL(given ?? "");
  } catch {
    throw new UsageError(`--app-url: not an absolute URL: ${given ?? "(none found)"}`);
  }
  return url.href.replace(/\/+$/, "");
}

async function userSignInLink(o, ctx) {
  requireOptions(o, ["email"]);
  const email = parseEmail(o.email);
  const app = appUrlFor(o, ctx);
  const plan = signInLinkPlan({ email, minted: await mintSignInLink() });
  const { link } = plan.read(await ctx.execute(plan.statements));
  if (!link) throw new CommandError(`no user with e-mail ${email}`);
  const url = `${app}/sign-in/link?token=${encodeURIComponent(link.token)}`;
  ctx.print({ url, expiresAt: link.expiresAt }, () => {
    console.log(`One-time sign-in link for ${email} (works once, until ${link.expiresAt}):\n`);
    console.log(`  ${url}\n`);
  });
}

async function orgCreate(o, ctx) {
  requireOptions(o, ["title", "owner"]);
  const plan = createOrganizationPlan({
    title: parseText(o.title, "--title", 2, 255),
    ownerEmail: parseEmail(o.owner, "--owner"),
    domains: parseDomains(o.domain),
  });
  const { organization: org } = plan.read(await ctx.execute(plan.statements));
  if (!org) throw new CommandError(`no user with e-mail ${o.owner.trim().toLowerCase()}`);
  const domains = JSON.parse(org.email_domains);
  ctx.print({ organization: { id: org.id, title: org.title, emailDomains: domains } }, () =>
    console.log(
      `Created organization "${org.title}" (id ${org.id}); admin: ${o.owner.trim().toLowerCase()}` +
        (domains.length ? `; e-mail domains: ${domains.join(", ")}` : "") +
        ".",
    ),
  );
}

async function tokenIssue(o, ctx) {
  requireOptions(o, ["email"]);
  const email = parseEmail(o.email);
  const plan = issueTokenPlan({
    email,
    label: parseText(o.label ?? "Issued by npm run admin", "--label", 1, 100),
    scopes: o.scopes === undefined ? null : parseScopeList(o.scopes, loadScopes()),
    expiresAt: o.expires === undefined ? null : parseExpiry(o.expires),
    minted: await mintToken(),
  });
  const { token, secret } = plan.read(await ctx.execute(plan.statements));
  if (!token) throw new CommandError(`no user with e-mail ${email}`);
  ctx.print({ token, secret }, () => {
    console.log(`Issued token "${token.label}" (id ${token.id}, hint ${token.hint}) for ${email}`);
    console.log(
      `  scopes:  ${token.scopes ? token.scopes.join(", ") : "all of the user's rights"}`,
    );
    console.log(`  expires: ${token.expiresAt ?? "never"}`);
    console.log(`\nSecret (shown once; only its digest is stored):\n\n  ${secret}\n`);
  });
}

async function tokenRevoke(o, ctx) {
  requireOptions(o, ["id"]);
  const id = parseText(o.id, "--id", 1, 64);
  const plan = revokeTokenPlan({ id });
  const result = plan.read(await ctx.execute(plan.statements));
  if (!result.found) throw new CommandError(`no token with id ${id}`);
  ctx.print({ token: result.token, revokedNow: result.revokedNow }, () =>
    console.log(
      result.revokedNow
        ? `Revoked token ${id}.`
        : `Token ${id} was already revoked (at ${result.token.revokedAt}).`,
    ),
  );
}

async function tokenList(o, ctx) {
  requireOptions(o, ["email"]);
  const email = parseEmail(o.email);
  const plan = listTokensPlan({ email });
  const { userFound, tokens } = plan.read(await ctx.execute(plan.statements));
  if (!userFound) throw new CommandError(`no user with e-mail ${email}`);
  ctx.print({ tokens }, () => {
    if (tokens.length === 0) return console.log(`${email} has no tokens.`);
    const header = ["id", "label", "hint", "scopes", "createdAt", "expiresAt", "lastUsedAt"];
    const rows = tokens.map((t) => [
      t.id,
      t.label,
      t.hint,
      t.scopes ? t.scopes.join(",") : "(all)",
      t.createdAt,
      t.expiresAt ?? "-",
      t.lastUsedAt ?? "-",
      t.revoked ? "yes" : "no",
    ]);
    printTable([...header, "revoked"], rows);
  });
}

/** Splits global flags from the command words and the command's own options. */
function parseCommandLine(argv) {
  const global = { target: null, json: false, help: false };
  const words = [];
  const rest = [];
  for (const arg of argv) {
    if (rest.length === 0 && !arg.startsWith("-")) words.push(arg);
    else if (arg === "--remote" || arg === "--local") {
      const target = arg.slice(2);
      if (global.target && global.target !== target) {
        throw new UsageError("--remote and --local exclude each other");
      }
      global.target = target;
    } else if (arg === "--json") global.json = true;
    else if (arg === "--help" || arg === "-h") global.help = true;
    else rest.push(arg);
  }
  return { global: { ...global, target: global.target ?? "local" }, words, rest };
}

async function main(argv) {
  const { global, words, rest } = parseCommandLine(argv);
  const name = words.join(" ");
  if (global.help || name === "help") {
    if (rest.length || words.length > 1) throw new UsageError("help takes no arguments");
    process.stdout.write(USAGE);
    return;
  }
  if (!name) throw new UsageError("no command given");
  const command = COMMANDS[name];
  if (!command) throw new UsageError(`unknown command: ${name}`);
  const options = parseOptions(rest, command.options);
  if (global.target === "remote") console.error("Using the REMOTE database (--remote).");
  await command.run(options, {
    target: global.target,
    execute: (statements) => d1Execute(global.target, statements),
    print: (data, text) => (global.json ? console.log(JSON.stringify(data, null, 2)) : text()),
  });
}

main(process.argv.slice(2)).catch((err) => {
  if (err instanceof UsageError) {
    console.error(`error: ${err.message}\n`);
    process.stderr.write(USAGE);
    process.exit(2);
  }
  if (
    err instanceof CommandError ||
    err instanceof WranglerError ||
    err instanceof ApiCommandError
  ) {
    console.error(`error: ${err.message}`);
    process.exit(1);
  }
  console.error(err);
  process.exit(1);
});
