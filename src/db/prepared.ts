import { Column, is, Param, Placeholder, SQL, sql, Table, getTableColumns } from "drizzle-orm";
import type { RunnableQuery } from "drizzle-orm/runnable-query";
import {
  QueryBuilder,
  type SelectedFields,
  type SQLiteSelectBuilder,
} from "drizzle-orm/sqlite-core";
import type { Database } from "./client";

/**
 * Statements whose SQL text is written once per isolate. drizzle's query builder writes a
 * statement's text again on every request and maps every result row through generic code; on a
 * list of 50 rows that was a third of the Worker's CPU (`npm run bench:profile`). A prepared
 * select is built once with named placeholders, then each request only binds its values and
 * reads the rows with decoders worked out at build time. The rows are the ones drizzle would
 * give for the same select (same keys, same decoded values).
 */

/** One result column: where its value goes and how it is decoded. */
interface Slot {
  group: string | null;
  key: string;
  decode: ((value: unknown) => unknown) | null;
  /** An SQL expression (not a column): in a packed row, its value may be embedded JSON. */
  expression: boolean;
}

/** One bound parameter: a constant of the text, or a named value (encoded as its column does). */
type Bind = { value: unknown } | { name: string; encode: ((value: unknown) => unknown) | null };

/** drizzle's own column decoder, which returns the driver's value unchanged. */
const IDENTITY = Column.prototype.mapFromDriverValue;

/** A decoder of a field, null when its values need none. */
function decoderOf(field: Column | SQL | SQL.Aliased): Slot["decode"] {
  if (is(field, Column)) {
    // Plain text and number columns keep the driver's value: no call per value.
    if (field.mapFromDriverValue === IDENTITY) return null;
    return (value) => field.mapFromDriverValue(value);
  }
  // `decoder` is what `.mapWith()` set (drizzle keeps it off the public type).
  const inner = (is(field, SQL) ? field : field.sql) as unknown as {
    decoder: { mapFromDriverValue(value: unknown): unknown };
  };
  const decoder = inner.decoder;
  return (value) => decoder.mapFromDriverValue(value);
}

/** A selected value: a column or SQL (aliased or not). */
function isValue(field: unknown): field is Column | SQL | SQL.Aliased {
  return is(field, Column) || is(field, SQL) || is(field, SQL.Aliased);
}

/**
 * The result columns of a selection, in the order drizzle writes them: values at the top, and
 * a table (or an object of values) as a group under its key. Deeper nesting is refused.
 */
function slotsOf(fields: SelectedFields): Slot[] {
  const slots: Slot[] = [];
  for (const [key, field] of Object.entries(fields)) {
    if (isValue(field)) {
      slots.push({ group: null, key, decode: decoderOf(field), expression: !is(field, Column) });
      continue;
    }
    const members = is(field, Table) ? getTableColumns(field) : (field as Record<string, unknown>);
    for (const [name, value] of Object.entries(members)) {
      if (!isValue(value)) throw new Error(`preparedSelect: ${key}.${name} is nested too deep`);
      slots.push({
        group: key,
        key: name,
        decode: decoderOf(value),
        expression: !is(value, Column),
      });
    }
  }
  return slots;
}

/**
 * The selection with every unnamed SQL expression named (`e0`, `e1`, …). D1 sends each result
 * column's name with every answer, and an unnamed expression's name is its whole text: an
 * access check's 5,700 characters of SQL travelled back and were parsed on every request. The
 * rows are read by position (`readRows`), so the names are only for the wire.
 */
function namedSelection(fields: SelectedFields): SelectedFields {
  let n = 0;
  const named = (value: unknown) => (is(value, SQL) ? value.as(`e${n++}`) : value);
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(fields)) {
    if (isValue(field) || is(field, Table)) out[key] = named(field);
    else {
      const members = Object.entries(field as Record<string, unknown>);
      out[key] = Object.fromEntries(members.map(([name, value]) => [name, named(value)]));
    }
  }
  return out as SelectedFields;
}

/** How each parameter of the written text is bound. */
function bindsOf(params: unknown[]): Bind[] {
  return params.map((param) => {
    if (is(param, Placeholder)) return { name: param.name, encode: null };
    if (is(param, Param) && is(param.value, Placeholder)) {
      const encoder = param.encoder;
      return { name: param.value.name, encode: (value) => encoder.mapToDriverValue(value) };
    }
    return { value: param };
  });
}

/** The one result column of a packed select: the row's values as a JSON array. */
const PACKED = "packed_row";

/**
 * The selection of a packed select: one column, `json_array` of every value in slot order.
 * Blob columns cannot be JSON values, so a packed select refuses them.
 */
function packedSelection(fields: SelectedFields): SelectedFields {
  const values: SQL[] = [];
  for (const field of Object.values(fields)) {
    const members = isValue(field)
      ? [field]
      : Object.values(is(field, Table) ? getTableColumns(field) : (field as object));
    for (const value of members as (Column | SQL | SQL.Aliased)[]) {
      if (is(value, Column) && /Blob|BigInt/.test(value.columnType)) {
        throw new Error(`preparedSelect: ${value.name} is a blob and cannot be packed`);
      }
      values.push(is(value, SQL.Aliased) ? value.sql : sql`${value}`);
    }
  }
  return { [PACKED]: sql`json_array(${sql.join(values, sql`, `)})`.as(PACKED) };
}

/**
 * Reads D1's row objects (values in selection order, or a packed row's JSON array) into
 * drizzle-shaped rows. A group's slots are consecutive (`slotsOf`): each row's group object is
 * made once, when its first slot comes.
 */
function readRows(
  slots: Slot[],
  rows: Record<string, unknown>[],
  packed: boolean,
): Record<string, unknown>[] {
  // D1 gives rows as objects: two result columns of one name would be one key, and every value
  // after it would land in the wrong slot. Alias such columns (`sql\`...\`.as(name)`).
  const first = rows[0];
  if (!packed && first && Object.keys(first).length !== slots.length) {
    throw new Error("preparedSelect: the statement's result has duplicate column names");
  }
  return rows.map((row) => {
    const values = packed ? (JSON.parse(row[PACKED] as string) as unknown[]) : Object.values(row);
    const out: Record<string, unknown> = {};
    let target = out;
    let group: string | null = null;
    for (let i = 0; i < slots.length; i++) {
      const slot = slots[i]!;
      let value: unknown = values[i] ?? null;
      if (value !== null) {
        // A value SQLite produced as JSON (`json_object(…)`) is embedded in a packed row, not
        // quoted: give it back as the text D1 would have returned (D1 gives no other objects).
        if (packed && slot.expression && typeof value === "object") value = JSON.stringify(value);
        if (slot.decode) value = slot.decode(value);
      }
      if (slot.group !== group) {
        group = slot.group;
        target = group === null ? out : ((out[group] = {}) as Record<string, unknown>);
      }
      target[slot.key] = value;
    }
    return out;
  });
}

/** A statement of one request, runnable in `db.batch` next to drizzle's own. */
class BoundStatement<T> implements RunnableQuery<T, "sqlite"> {
  declare readonly _: { readonly dialect: "sqlite"; readonly result: T };

  constructor(
    private readonly client: D1Database,
    private readonly text: string,
    private readonly params: unknown[],
    private readonly read: (rows: Record<string, unknown>[]) => T,
  ) {}

  /** What drizzle's D1 batch calls on each item: the statement, its query, its result reader. */
  _prepare() {
    return {
      stmt: this.client.prepare(this.text),
      getQuery: () => ({ sql: this.text, params: this.params }),
      mapResult: (result: unknown) =>
        this.read((result as { results: Record<string, unknown>[] }).results),
    };
  }
}

/** A select written once; `bind` makes one request's statement from its named values. */
export interface PreparedSelect<T, N extends string> {
  bind(db: Database, values: Record<N, unknown>): BoundStatement<T>;
}

/** The rows a prepared select reads, for code that names them apart from a bind. */
export type RowsOf<S> = S extends PreparedSelect<infer T, string> ? T : never;

/** The placeholder function handed to a prepared select's builder. */
export type Params<N extends string> = (name: N) => Placeholder<N>;

/** A placeholder as an SQL value, for the SQL helpers that take `string | SQL`. */
export function sqlParam<N extends string>(p: Params<N>, name: N): SQL {
  return sql`${p(name)}`;
}

/**
 * A placeholder bound through a column's encoder (a boolean, JSON or mode column), for a value
 * that is not already the driver's: `eq(column, p(name))` binds its value as given.
 */
export function encodedParam<N extends string>(p: Params<N>, name: N, column: Column): SQL {
  return sql`${new Param(p(name), column)}`;
}

/** How a prepared select reads its rows. */
export interface SelectOptions {
  /**
   * Each row comes back as one JSON array (`json_array` of the selection) instead of one column
   * per value: D1's client turns every row into an object of its columns, which for a list of
   * 50 rows of 30 columns cost more than the rest of the decoding. The rows read are the same
   * statement's; the decoded rows are the same values. For lists of wide rows; no blob columns.
   */
  packed?: boolean;
}

/**
 * A select whose text is written on first use and kept for the isolate's life: `fields` makes
 * the selection and `build` finishes the query, both given the placeholder function. Only for
 * statements whose shape is fixed (a different shape, e.g. with or without a cursor, is
 * another prepared select).
 */
export function preparedSelect<
  F extends SelectedFields,
  Q extends { toSQL(): { sql: string; params: unknown[] }; _: { result: unknown } },
  N extends string = never,
>(
  fields: (p: Params<N>) => F,
  build: (select: SQLiteSelectBuilder<F, "sync", void, "qb">, p: Params<N>) => Q,
  { packed = false }: SelectOptions = {},
): PreparedSelect<Q["_"]["result"], N> {
  let written: { text: string; binds: Bind[]; slots: Slot[] } | null = null;
  const write = () => {
    const p: Params<N> = (name) => sql.placeholder(name);
    const selection = fields(p);
    // The builder is typed by the selection; a packed one selects the same values as one column.
    const selected = (packed ? packedSelection(selection) : namedSelection(selection)) as F;
    const { sql: text, params } = build(new QueryBuilder().select(selected), p).toSQL();
    return { text, binds: bindsOf(params), slots: slotsOf(selection) };
  };
  return {
    bind(db, values) {
      written ??= write();
      const { text, binds, slots } = written;
      const params = binds.map((b) => {
        if ("value" in b) return b.value;
        const value = (values as Record<string, unknown>)[b.name];
        return b.encode ? b.encode(value) : value;
      });
      return new BoundStatement(
        db.$client,
        text,
        params,
        (rows) => readRows(slots, rows, packed) as Q["_"]["result"],
      );
    },
  };
}

/**
 * Statement sets in several shapes (variants of the SQL chosen in JS: with or without a cursor,
 * on main or on a change request, who lists), each set built on first use and kept for the
 * isolate's life: the one form of "a prepared select per shape". A shape is a plain value, or an
 * object of flags named by `keyOf` (equal keys must mean equal shapes).
 */
export function preparedShapes<K extends string | number | boolean, S>(
  build: (shape: K) => S,
): (shape: K) => S;
export function preparedShapes<K extends object, S>(
  build: (shape: K) => S,
  keyOf: (shape: K) => string,
): (shape: K) => S;
export function preparedShapes<K, S>(
  build: (shape: K) => S,
  keyOf: (shape: K) => unknown = (shape) => shape,
): (shape: K) => S {
  const made = new Map<unknown, S>();
  return (shape) => {
    const key = keyOf(shape);
    let set = made.get(key);
    if (!set) made.set(key, (set = build(shape)));
    return set;
  };
}

/** The statements of a bound set, under the set's names. */
type BoundSet<S> = {
  [K in keyof S]: S[K] extends PreparedSelect<infer T, string> ? BoundStatement<T> : never;
};

/** Binds every statement of a set with the same values: a plan's named statements. */
export function bindAll<N extends string, S extends Record<string, PreparedSelect<unknown, N>>>(
  db: Database,
  set: S,
  values: Record<N, unknown>,
): BoundSet<S> {
  const out: Record<string, unknown> = {};
  for (const [name, statement] of Object.entries(set)) out[name] = statement.bind(db, values);
  return out as BoundSet<S>;
}
