// Keeps the Node version the project promises (package.json `engines.node`, the README's quick
// start) and its dependencies agreeing: every package of package-lock.json whose own
// `engines.node` refuses the lowest promised version is printed (npm would only warn
// EBADENGINE at install time, and the package may then fail at run time). Exit 1 when one does.
// Run by `npm run lint`.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import semver from "semver";
import { ROOT } from "./lib/root.mjs";

const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8"));
const lock = JSON.parse(readFileSync(join(ROOT, "package-lock.json"), "utf8"));
const promised = semver.minVersion(pkg.engines.node);
const refusing = Object.entries(lock.packages)
  .filter(([path, meta]) => path && meta.engines?.node)
  .filter(([, meta]) => !semver.satisfies(promised, meta.engines.node, { includePrerelease: true }))
  .map(
    ([path, meta]) =>
      `  ${path.replace(/^node_modules\//, "")}@${meta.version} needs node ${meta.engines.node}`,
  );
if (refusing.length > 0) {
  console.error(
    `package.json promises node ${pkg.engines.node}; these dependencies refuse ${promised}:\n` +
      `${refusing.join("\n")}\nPin versions that accept it, or promise what they need (engines, README).`,
  );
  process.exitCode = 1;
}
