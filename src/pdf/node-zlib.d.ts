// The node:zlib members src/pdf uses (workerd provides them under nodejs_compat; the project has
// no Node typings): synchronous zlib (RFC 1950) compression for FlateDecode streams and PNG data.
declare module "node:zlib" {
  /** zlib-deflates bytes. */
  export function deflateSync(data: Uint8Array): Uint8Array;
  /** Inflates zlib bytes; throws on corrupt input. */
  export function inflateSync(data: Uint8Array): Uint8Array;
}
