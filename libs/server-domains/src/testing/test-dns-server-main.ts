// The loopback DNS server as a process of its own, for end-to-end tests and trying custom domains
// on a laptop: DNS over UDP on --port, and an HTTP control API on --control-port to set records.
//   node --import @swc-node/register/esm-register \
//     libs/server-domains/src/testing/test-dns-server-main.ts --port=5353 --control-port=5354
// Then start Mason with DNS_SERVERS=127.0.0.1:5353, and:
//   curl -X POST localhost:5354/records -d '{"name":"shop.example.test","type":"CNAME","values":["apps.localhost"]}'
//   curl -X DELETE localhost:5354/records -d '{"name":"shop.example.test"}'
//   curl localhost:5354/questions
import { createServer, type IncomingMessage } from 'node:http';
import { parseArgs } from 'node:util';
import { startTestDnsServer, type TestDnsRecordType } from './test-dns-server';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '5353' },
    'control-port': { type: 'string', default: '5354' },
    host: { type: 'string', default: '127.0.0.1' },
  },
});

const TYPES: readonly TestDnsRecordType[] = ['A', 'AAAA', 'CNAME', 'TXT'];

async function bodyOf(request: IncomingMessage): Promise<Record<string, unknown>> {
  let text = '';
  for await (const chunk of request) text += String(chunk);
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

const dns = await startTestDnsServer({ host: values.host, port: Number(values.port) });

const control = createServer((request, response) => {
  const answer = (status: number, body: unknown) =>
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  void (async () => {
    try {
      const url = new URL(request.url ?? '/', 'http://localhost');
      if (request.method === 'GET' && url.pathname === '/questions')
        return answer(200, { address: dns.address, questions: dns.questions });
      if (url.pathname !== '/records')
        return answer(404, { error: 'GET /questions, POST or DELETE /records' });
      const body = await bodyOf(request);
      const name = typeof body['name'] === 'string' ? body['name'] : '';
      const type = TYPES.find((known) => known === body['type']);
      if (request.method === 'POST') {
        const list = Array.isArray(body['values']) ? body['values'].map(String) : null;
        if (!name || !type || !list) return answer(400, { error: 'name, type and values' });
        dns.set(name, type, list);
        return answer(200, { ok: true });
      }
      if (request.method === 'DELETE') {
        if (name) dns.remove(name, type);
        else dns.clear();
        return answer(200, { ok: true });
      }
      return answer(405, { error: 'POST or DELETE' });
    } catch (error) {
      return answer(400, { error: String(error) });
    }
  })();
});
control.listen(Number(values['control-port']), values.host, () => {
  console.log(
    `DNS on ${dns.address} (UDP); control on http://${values.host}:${values['control-port']}`,
  );
});

for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    control.close();
    void dns.close().then(() => process.exit(0));
  });
