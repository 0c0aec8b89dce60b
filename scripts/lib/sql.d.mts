/** Types of sql.mjs, for the workerd tests that run the scripts' SQL against a real D1. */
export class SqlValueError extends Error {}
export type SqlScalar = string | number | boolean | null | undefined;
declare class Raw {
  readonly text: string;
}
export function sqlValue(value: SqlScalar): string;
export function sql(strings: TemplateStringsArray, ...values: (SqlScalar | Raw)[]): string;
export function raw(text: string): Raw;
export function sqlList(values: SqlScalar[]): Raw;
export function joinStatements(statements: string[]): string;
