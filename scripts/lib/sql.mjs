// SQL text for `wrangler d1 execute --command`, which takes no bound parameters: every value is
// written as a literal here, and nowhere else.
//
// Strings become hex blob literals cast to TEXT (`CAST(X'6869' AS TEXT)`). Such a literal holds
// only [0-9a-f], so no value can end a quote, start a comment, or carry the text wrangler rewrites
// before it splits a command into statements (it deletes the first "COMMIT;" and rejects any
// "BEGIN TRANSACTION", even inside quotes). It also keeps every byte of the UTF-8 text intact.

const encoder = new TextEncoder();

/** Thrown for a value that has no safe SQL literal (an object, NaN, a lone surrogate...). */
class SqlValueError extends Error {}

/**
 * The SQL literal of one value: NULL, 1/0 for booleans, a finite number, or a hex-encoded text.
 * Exists so no caller ever concatenates a raw value into SQL.
 */
export function sqlValue(value) {
  if (value === null || value === undefined) return "NULL";
  if (typeof value === "boolean") return value ? "1" : "0";
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new SqlValueError(`not a finite number: ${value}`);
    return String(value);
  }
  if (typeof value === "string") {
    if (!value.isWellFormed()) throw new SqlValueError("text is not valid Unicode");
    let hex = "";
    for (const byte of encoder.encode(value)) hex += byte.toString(16).padStart(2, "0");
    return `CAST(X'${hex}' AS TEXT)`;
  }
  throw new SqlValueError(`no SQL literal for a ${typeof value}`);
}

/**
 * Tagged template for one statement: interpolated values become literals via `sqlValue`, except
 * `raw(...)` fragments (identifiers and SQL written by this code). Exists so SQL reads like SQL
 * while every value stays quoted.
 */
export function sql(strings, ...values) {
  let out = strings[0];
  values.forEach((value, i) => {
    out += (value instanceof Raw ? value.text : sqlValue(value)) + strings[i + 1];
  });
  return out.replace(/\s+/g, " ").trim();
}

class Raw {
  constructor(text) {
    this.text = text;
  }
}

/** Marks SQL text written by this code (never user input) for verbatim use inside `sql`. */
export function raw(text) {
  return new Raw(text);
}

/** Statements joined into the one `--command` string wrangler splits back into a batch. */
export function joinStatements(statements) {
  return statements.map((s) => s.replace(/;\s*$/, "")).join(";\n") + ";";
}
