/** Bound values per statement: D1 allows 100 bound parameters, a few go to the fixed values. */
const CHUNK = 90;

/** Splits a list into statement-sized chunks, so no statement binds more than D1 allows. */
export function chunked<T>(items: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
