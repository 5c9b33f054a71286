import { isIPv4, isIPv6 } from 'node:net';

/**
 * The few parts of the DNS wire format (RFC 1035, AAAA from RFC 3596) a loopback DNS server for
 * tests needs: read one question, answer A, AAAA, CNAME and TXT records. Written by hand because
 * no DNS package is installed; node:dns's resolver (c-ares) is the client that checks it.
 */

export type WireRecordType = 'A' | 'AAAA' | 'CNAME' | 'TXT';

export const TYPE_CODES: Readonly<Record<WireRecordType, number>> = {
  A: 1,
  CNAME: 5,
  TXT: 16,
  AAAA: 28,
};

export const CLASS_IN = 1;
export const RCODE_NOERROR = 0;
export const RCODE_FORMERR = 1;
export const RCODE_NXDOMAIN = 3;
export const RCODE_NOTIMP = 4;

/** One question of a query, with the bytes it was asked in (an answer repeats them). */
export interface WireQuestion {
  id: number;
  /** The query's flags (opcode and "recursion desired" go back in the answer). */
  flags: number;
  /** Lower-case, without the trailing dot. */
  name: string;
  typeCode: number;
  classCode: number;
  /** The question section as sent, name, type and class. */
  raw: Buffer;
}

export interface WireRecord {
  name: string;
  type: WireRecordType;
  value: string;
  ttl?: number;
}

/** Reads the header and first question of a query; null when it is not one this server reads. */
export function readQuestion(message: Buffer): WireQuestion | null {
  if (message.length < 12) return null;
  const id = message.readUInt16BE(0);
  const flags = message.readUInt16BE(2);
  const isResponse = (flags & 0x8000) !== 0;
  const questions = message.readUInt16BE(4);
  if (isResponse || questions < 1) return null;
  const labels: string[] = [];
  let offset = 12;
  for (;;) {
    if (offset >= message.length) return null;
    const length = message[offset] as number;
    // A query's first name is never compressed; anything else is not a query this server reads.
    if (length > 63) return null;
    offset += 1;
    if (length === 0) break;
    if (offset + length > message.length) return null;
    labels.push(message.toString('latin1', offset, offset + length));
    offset += length;
  }
  if (offset + 4 > message.length) return null;
  const typeCode = message.readUInt16BE(offset);
  const classCode = message.readUInt16BE(offset + 2);
  return {
    id,
    flags,
    name: labels.join('.').toLowerCase(),
    typeCode,
    classCode,
    raw: message.subarray(12, offset + 4),
  };
}

/** A name as labels on the wire (no compression). */
export function encodeName(name: string): Buffer {
  const parts = name
    .replace(/\.$/, '')
    .split('.')
    .filter((label) => label.length > 0);
  const chunks: Buffer[] = [];
  for (const label of parts) {
    const bytes = Buffer.from(label, 'latin1');
    if (bytes.length > 63) throw new Error(`The label "${label}" is longer than 63 bytes.`);
    chunks.push(Buffer.from([bytes.length]), bytes);
  }
  chunks.push(Buffer.from([0]));
  return Buffer.concat(chunks);
}

function ipv6Bytes(address: string): Buffer {
  const [head = '', tail] = address.split('::');
  const groups = (part: string) => (part ? part.split(':') : []);
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  const missing = 8 - left.length - right.length;
  const all = [...left, ...Array<string>(tail === undefined ? 0 : missing).fill('0'), ...right];
  const bytes = Buffer.alloc(16);
  all.forEach((group, index) => bytes.writeUInt16BE(parseInt(group, 16), index * 2));
  return bytes;
}

/** The record data of one answer. */
export function encodeRecordData(record: WireRecord): Buffer {
  switch (record.type) {
    case 'A':
      if (!isIPv4(record.value)) throw new Error(`${record.value} is not an IPv4 address.`);
      return Buffer.from(record.value.split('.').map(Number));
    case 'AAAA':
      if (!isIPv6(record.value)) throw new Error(`${record.value} is not an IPv6 address.`);
      return ipv6Bytes(record.value);
    case 'CNAME':
      return encodeName(record.value);
    case 'TXT': {
      // One TXT value is one or more character strings of at most 255 bytes each.
      const bytes = Buffer.from(record.value, 'utf8');
      if (bytes.length === 0) return Buffer.from([0]);
      const chunks: Buffer[] = [];
      for (let start = 0; start < bytes.length; start += 255) {
        const part = bytes.subarray(start, start + 255);
        chunks.push(Buffer.from([part.length]), part);
      }
      return Buffer.concat(chunks);
    }
  }
}

/** An answer to `question`: its records (possibly none) and a response code. */
export function encodeAnswer(
  question: WireQuestion,
  records: readonly WireRecord[],
  rcode: number = RCODE_NOERROR,
): Buffer {
  const header = Buffer.alloc(12);
  header.writeUInt16BE(question.id, 0);
  const opcode = question.flags & 0x7800;
  const recursionDesired = question.flags & 0x0100;
  // QR (a response), AA (authoritative), RA (recursion available), the query's opcode and RD.
  header.writeUInt16BE(0x8000 | opcode | 0x0400 | recursionDesired | 0x0080 | (rcode & 0xf), 2);
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(records.length, 6);
  const answers = records.map((record) => {
    const data = encodeRecordData(record);
    const fixed = Buffer.alloc(10);
    fixed.writeUInt16BE(TYPE_CODES[record.type], 0);
    fixed.writeUInt16BE(CLASS_IN, 2);
    fixed.writeUInt32BE(record.ttl ?? 60, 4);
    fixed.writeUInt16BE(data.length, 8);
    return Buffer.concat([encodeName(record.name), fixed, data]);
  });
  return Buffer.concat([header, question.raw, ...answers]);
}

/** The record type of a type code, or null for one this server does not hold. */
export function recordTypeOf(typeCode: number): WireRecordType | null {
  const found = (Object.entries(TYPE_CODES) as [WireRecordType, number][]).find(
    ([, code]) => code === typeCode,
  );
  return found ? found[0] : null;
}
