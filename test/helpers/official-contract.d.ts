declare module "*/official-contract.mjs" {
  export const operations: [string, string, string, string | null][];
}
