import { createSocket, type Socket } from 'node:dgram';
import {
  CLASS_IN,
  encodeAnswer,
  RCODE_FORMERR,
  RCODE_NOTIMP,
  RCODE_NXDOMAIN,
  readQuestion,
  recordTypeOf,
  type WireRecord,
  type WireRecordType,
} from './dns-wire';

export type TestDnsRecordType = WireRecordType;

export interface TestDnsServerOptions {
  /** Default 127.0.0.1. */
  host?: string;
  /** Default 0: a free port. */
  port?: number;
}

/**
 * A real DNS server on loopback (UDP), authoritative for whatever names a test gives it: node:dns's
 * Resolver, pointed at it with setServers (Mason's DNS_SERVERS), asks it over the wire. It answers
 * A, AAAA, CNAME and TXT; a name with a CNAME answers the CNAME and, for other types, the target's
 * records when it holds them (as an authoritative server does); a name it holds nothing for is
 * NXDOMAIN, and a name it holds other types for is an empty answer (NODATA).
 */
export interface TestDnsServer {
  /** `127.0.0.1:PORT`: the value of DNS_SERVERS. */
  readonly address: string;
  readonly port: number;
  /** Sets the records of one type of a name (replacing what it had). */
  set(name: string, type: TestDnsRecordType, values: readonly string[]): void;
  /** Removes a name's records of one type, or all of them. */
  remove(name: string, type?: TestDnsRecordType): void;
  /** Removes every record. */
  clear(): void;
  /** Every question asked so far, as "TXT _mason-challenge.app.example.test". */
  readonly questions: readonly string[];
  close(): Promise<void>;
}

const normalize = (name: string) => name.trim().toLowerCase().replace(/\.$/, '');

/** Starts a loopback DNS server; close it in afterAll. */
export async function startTestDnsServer(
  options: TestDnsServerOptions = {},
): Promise<TestDnsServer> {
  const host = options.host ?? '127.0.0.1';
  const zone = new Map<string, Map<TestDnsRecordType, string[]>>();
  const questions: string[] = [];
  const socket: Socket = createSocket(host.includes(':') ? 'udp6' : 'udp4');

  const recordsOf = (name: string, type: TestDnsRecordType): WireRecord[] =>
    (zone.get(name)?.get(type) ?? []).map((value) => ({ name, type, value }));

  /** The answer records for a name and type, following CNAMEs the zone holds (at most 8). */
  const answer = (name: string, type: TestDnsRecordType): WireRecord[] => {
    const found: WireRecord[] = [];
    let current = name;
    for (let hops = 0; hops < 8; hops += 1) {
      const own = recordsOf(current, type);
      if (own.length > 0 || type === 'CNAME') return [...found, ...own];
      const alias = recordsOf(current, 'CNAME')[0];
      if (!alias) return found;
      found.push(alias);
      current = normalize(alias.value);
    }
    return found;
  };

  socket.on('message', (message, remote) => {
    const question = readQuestion(message);
    if (!question) {
      // Not a query it can read: FORMERR, when there is at least an id to answer.
      if (message.length >= 12) {
        const reply = Buffer.from(message.subarray(0, 12));
        reply.writeUInt16BE(0x8000 | RCODE_FORMERR, 2);
        reply.writeUInt16BE(0, 4);
        reply.writeUInt32BE(0, 6);
        reply.writeUInt16BE(0, 10);
        socket.send(reply, remote.port, remote.address);
      }
      return;
    }
    const type = recordTypeOf(question.typeCode);
    questions.push(`${type ?? question.typeCode} ${question.name}`);
    let reply: Buffer;
    if (question.classCode !== CLASS_IN || !type) {
      reply = encodeAnswer(question, [], RCODE_NOTIMP);
    } else if (!zone.has(question.name)) {
      reply = encodeAnswer(question, [], RCODE_NXDOMAIN);
    } else {
      reply = encodeAnswer(question, answer(question.name, type));
    }
    socket.send(reply, remote.port, remote.address);
  });

  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.bind(options.port ?? 0, host, () => {
      socket.off('error', reject);
      resolve();
    });
  });
  const { port } = socket.address();

  return {
    address: host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`,
    port,
    questions,
    set(name, type, values) {
      const key = normalize(name);
      const types = zone.get(key) ?? new Map<TestDnsRecordType, string[]>();
      types.set(type, [...values]);
      zone.set(key, types);
    },
    remove(name, type) {
      const key = normalize(name);
      if (!type) {
        zone.delete(key);
        return;
      }
      const types = zone.get(key);
      types?.delete(type);
      if (types && types.size === 0) zone.delete(key);
    },
    clear() {
      zone.clear();
    },
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}
