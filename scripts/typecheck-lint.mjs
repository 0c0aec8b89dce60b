// `npm test`'s type check and ESLint from one TypeScript program each (scripts/run-tests.mjs).
// `npm run typecheck` (tsc) and `npm run lint` (ESLint's project service) each build the same
// programs again: about 50 s of CPU on two cores that the suite needs. Here the programs of
// tsconfig.json and app/client/tsconfig.json are built once, their diagnostics reported as
// `tsc --noEmit` reports them, and then handed to ESLint (typescript-eslint's
// `parserOptions.programs`), which lints every file with every rule of eslint.config.js as
// `eslint .` does. Under run-tests.mjs the type check's verdict is sent to the parent as soon as
// it is known (`{ typecheck: boolean }`), so the suite starts before the lint is done.
// Exit status: 1 when either part failed; `--lint-only-output` is not a thing: both always run.
import { ESLint } from "eslint";
import ts from "typescript";
import { ROOT } from "./lib/root.mjs";

/** The configs `npm run typecheck` checks, in its order (the root one first: ESLint takes the first program holding a file, as the project service takes the nearest tsconfig). */
const CONFIGS = ["tsconfig.json", "app/client/tsconfig.json"];

/** One config's program, with its config-file and pre-emit diagnostics (what `tsc --noEmit` prints). */
function programOf(configPath) {
  const configDiagnostics = [];
  const parsed = ts.getParsedCommandLineOfConfigFile(
    ts.sys.resolvePath(`${ROOT}/${configPath}`),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => configDiagnostics.push(d),
    },
  );
  if (!parsed) return { program: null, diagnostics: configDiagnostics };
  const program = ts.createProgram({
    rootNames: parsed.fileNames,
    options: parsed.options,
    projectReferences: parsed.projectReferences,
    configFileParsingDiagnostics: ts.getConfigFileParsingDiagnostics(parsed),
  });
  const diagnostics = [
    ...configDiagnostics,
    ...ts.getConfigFileParsingDiagnostics(parsed),
    ...ts.getPreEmitDiagnostics(program),
  ];
  return { program, diagnostics: ts.sortAndDeduplicateDiagnostics(diagnostics) };
}

const host = {
  getCanonicalFileName: (name) => name,
  getCurrentDirectory: () => ROOT,
  getNewLine: () => "\n",
};
const pretty = process.stdout.isTTY || process.env.FORCE_COLOR === "1";

const programs = [];
let typesOk = true;
for (const config of CONFIGS) {
  const { program, diagnostics } = programOf(config);
  if (program) programs.push(program);
  if (diagnostics.length > 0 || !program) {
    typesOk = false;
    const format = pretty ? ts.formatDiagnosticsWithColorAndContext : ts.formatDiagnostics;
    process.stdout.write(`${config}:\n${format(diagnostics, host)}\n`);
  }
}
process.stdout.write(`type check ${typesOk ? "passed" : "FAILED"}\n`);
process.send?.({ typecheck: typesOk });

const eslint = new ESLint({
  cwd: ROOT,
  overrideConfig: [
    {
      files: ["**/*.ts", "**/*.tsx"],
      languageOptions: { parserOptions: { projectService: false, programs } },
    },
  ],
});
const results = await eslint.lintFiles(["."]);
const formatter = await eslint.loadFormatter("stylish");
const report = await formatter.format(results);
if (report.trim()) process.stdout.write(report);
const lintOk = results.every((r) => r.errorCount === 0 && r.fatalErrorCount === 0);
process.stdout.write(`eslint ${lintOk ? "passed" : "FAILED"}\n`);
process.exitCode = typesOk && lintOk ? 0 : 1;
