import { Column, getTableColumns, getTableName, type Table } from "drizzle-orm";

/**
 * Rows read as one JSON array. D1 keys a result row by column name, so a statement joining
 * tables that share column names (`id`, `title`, …) loses values; a statement that selects
 * `json_array(...)` of every value instead gets them all back in order. This module writes the
 * items of such an array from groups of parts (a group per table or per kind of value) and
 * reads the array back into one object per group, each value decoded as its column decodes it.
 * The SQL is text written once per isolate: only constants of the code go into it.
 */

/** One value of a JSON row: its key when read, its SQL, the column that decodes it (none: raw). */
export interface JsonPart {
  key: string;
  sql: string;
  column?: Column;
}

/**
 * Parts for columns (keyed by property name) of tables joined under aliases: `aliasOf` names the
 * alias of a column's table. `decode` false keeps the stored values (as the driver gives them).
 */
export function columnParts(
  columns: Record<string, Column>,
  aliasOf: (tableName: string) => string,
  decode = true,
): JsonPart[] {
  return Object.entries(columns).map(([key, column]) => ({
    key,
    sql: `${aliasOf(getTableName(column.table))}."${column.name}"`,
    ...(decode ? { column } : {}),
  }));
}

/** Parts for every column of a table joined under the alias `as`, decoded. */
export function tableParts(table: Table, as: string): JsonPart[] {
  return columnParts(getTableColumns(table), () => as);
}

/**
 * `json_object(...)` of every column of a table (alias `as`) under its property name, for a
 * JSON column holding rows of it (e.g. `json_group_array`). Only for tables whose values JSON
 * keeps as they are stored (text and integers).
 */
export function jsonObjectSql(table: Table, as: string): string {
  const pairs = Object.entries(getTableColumns(table)).map(
    ([key, column]) => `'${key}', ${as}."${column.name}"`,
  );
  return `json_object(${pairs.join(", ")})`;
}

/** The parts of `groups`, in order, as the items of a `json_array(...)`. */
export function jsonArrayItems(groups: readonly JsonPart[][]): string {
  return groups
    .flat()
    .map((part) => part.sql)
    .join(", ");
}

/** drizzle's own column decoder, which returns the driver's value unchanged. */
const IDENTITY = Column.prototype.mapFromDriverValue;

/** A part's decoder, null when its values need none (no column, or a plain text/number one). */
function decoderOf(part: JsonPart): Column["mapFromDriverValue"] | null {
  const decode = part.column?.mapFromDriverValue;
  return decode === undefined || decode === IDENTITY ? null : decode;
}

/**
 * Reads a JSON row back into one object per group, each value decoded as its column does, and
 * the values after the groups (what a statement selects past them).
 */
export function readJsonRow(
  row: string,
  groups: readonly JsonPart[][],
): [Record<string, unknown>[], unknown[]] {
  const values = JSON.parse(row) as unknown[];
  let at = 0;
  const read = groups.map((parts) => {
    const out: Record<string, unknown> = {};
    for (const part of parts) {
      const value = values[at++] ?? null;
      const decode = value === null ? null : decoderOf(part);
      out[part.key] = decode ? decode.call(part.column, value) : value;
    }
    return out;
  });
  return [read, values.slice(at)];
}

/** A JSON column of a JSON row: text to parse, or already a JSON value inside the row's array. */
export function jsonValue<T>(value: unknown): T | null {
  if (value == null) return null;
  return (typeof value === "string" ? JSON.parse(value) : value) as T;
}
