import { types, type PGliteOptions } from '@electric-sql/pglite';

/**
 * PGlite's own bytea codec turns each byte into hex and back in JavaScript, one at a time: about
 * 20 ms for a 60 kB bundle, which made storing a published app's script the slowest step of a
 * publish. Node's hex codec does the same natively (a bytea travels as `\x` and hex text, the
 * PostgreSQL server's default output).
 */
export const pgliteCodecs: Pick<PGliteOptions, 'parsers' | 'serializers'> = {
  serializers: {
    [types.BYTEA]: (value: unknown) => {
      if (!(value instanceof Uint8Array)) throw new TypeError('A bytea value must be bytes.');
      return `\\x${Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('hex')}`;
    },
  },
  parsers: {
    [types.BYTEA]: (text: string) => Buffer.from(text.slice(2), 'hex'),
  },
};
