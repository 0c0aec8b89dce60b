/**
 * Splits values into JSON arrays of about `maxChars` characters each, so a bulk insert binds one
 * parameter per chunk (`json_each(?)`) and stays under D1's 100 bound parameters per statement.
 * The link extractor and the search indexer both write this way.
 */
export function jsonChunks<T>(values: readonly T[], maxChars: number): string[] {
  const chunks: T[][] = [];
  let size = maxChars;
  for (const value of values) {
    const length = JSON.stringify(value).length;
    if (size + length > maxChars) {
      chunks.push([]);
      size = 0;
    }
    chunks[chunks.length - 1]!.push(value);
    size += length;
  }
  return chunks.map((chunk) => JSON.stringify(chunk));
}
