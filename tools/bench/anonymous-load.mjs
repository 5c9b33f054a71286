// Load without a token: a signed-in client keeps loading its projects (10 connections, closed
// loop, 4 s) alone, then while 6 callers without a session keep offering 80 MB bodies to
// POST /api/tasks, /api/projects and /api/tasks/:id/logs (a new connection each, half of them
// chunked). Mason refuses those before reading them (issue 9), so the signed-in latency should
// stay near its quiet baseline. Printed beside it, never asserted (these machines are noisy).
import http from 'node:http';
import { runLoad } from './load.mjs';

const CLIENTS = 10;
const DURATION_MS = 4000;
const WARMUP_MS = 500;
const SENDERS = 6;
const BODY_BYTES = 80 * 1024 * 1024;
const CHUNK = Buffer.alloc(64 * 1024, 'a');

/** Offers one large body without a token; answers the status and the bytes it got to write. */
function offer(origin, path, chunked) {
  return new Promise((resolve) => {
    let written = 0;
    let answered = false;
    const headers = { 'content-type': 'application/json' };
    if (!chunked) headers['content-length'] = BODY_BYTES;
    const request = http.request(`${origin}${path}`, { method: 'POST', headers, agent: false });
    request.on('response', (response) => {
      answered = true;
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode, written }));
    });
    request.on('error', () => resolve({ status: answered ? 0 : -1, written }));
    const more = () => {
      while (!answered && written < BODY_BYTES && !request.destroyed) {
        written += CHUNK.length;
        if (!request.write(CHUNK)) return void request.once('drain', more);
      }
      if (!answered && !request.destroyed) request.end();
    };
    more();
  });
}

export async function anonymousLoad({ origin, token, pollingTask }) {
  const load = () =>
    runLoad({
      url: `${origin}/api/projects`,
      headers: { authorization: `Bearer ${token}` },
      clients: CLIENTS,
      durationMs: DURATION_MS,
      warmupMs: WARMUP_MS,
    });
  const quiet = await load();

  let stop = false;
  const refused = { count: 0, other: 0, writtenMb: 0 };
  const paths = ['/api/tasks', '/api/projects', `/api/tasks/${pollingTask.id}/logs`];
  const senders = Array.from({ length: SENDERS }, async (_, index) => {
    for (let round = 0; !stop; round += 1) {
      const answer = await offer(origin, paths[(index + round) % paths.length], index % 2 === 1);
      if (answer.status === 401) refused.count += 1;
      else refused.other += 1;
      refused.writtenMb += answer.written / 1024 / 1024;
    }
  });
  const loaded = await load();
  stop = true;
  await Promise.all(senders);

  const ms = (value) => `${value.toFixed(1)} ms`;
  const title = `Signed-in client while others send large bodies without a token (${CLIENTS} connections, ${DURATION_MS / 1000} s)`;
  const errors = (result) =>
    result.errors ? `, ${result.errors} errors (${result.firstError})` : '';
  return [
    {
      bench: title,
      measure: 'GET /api/projects alone: p50 / p99, throughput',
      value: `${ms(quiet.p50)} / ${ms(quiet.p99)}, ${Math.round(quiet.rps)} req/s${errors(quiet)}`,
      target: '(baseline)',
    },
    {
      bench: title,
      measure: `the same beside ${SENDERS} anonymous senders of ${BODY_BYTES / 1024 / 1024} MB bodies: p50 / p99, throughput`,
      value: `${ms(loaded.p50)} / ${ms(loaded.p99)}, ${Math.round(loaded.rps)} req/s (p99 ${(loaded.p99 / quiet.p99).toFixed(2)}x the baseline)${errors(loaded)}`,
      target: '(for information)',
    },
    {
      bench: title,
      measure: 'anonymous bodies: refused with 401, other answers, MB the senders got to write',
      value: `${refused.count}, ${refused.other}, ${refused.writtenMb.toFixed(1)} MB (${(refused.writtenMb / Math.max(1, refused.count + refused.other)).toFixed(2)} MB each)`,
      target: '(for information)',
    },
  ];
}
