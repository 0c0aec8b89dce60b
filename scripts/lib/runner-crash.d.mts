/** Types of runner-crash.mjs, for its workerd test. */
export function lostToCrash(
  output: string,
  results: {
    numFailedTests: number;
    testResults: { name: string; status: string; assertionResults: { status: string }[] }[];
  } | null,
  files: string[],
  root: string,
): { crashes: number; files: string[] } | null;
