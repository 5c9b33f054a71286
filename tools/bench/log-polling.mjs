// Log polling: 100 clients poll GET /api/tasks/:id/logs?afterLogId=<newest> (what an open chat
// does when it cannot stream) on a task with about 50 entries, next to GET /api/bench/bare (a
// route that answers { ok: true } and nothing else) on the same server, 5 s each after 1 s of
// warm-up. Each client sends its next request as soon as the last is answered, so the server
// runs flat out and latency includes the wait in its queue. Targets (issue 3): at least half
// the bare route's throughput; p99 under 20 ms. For information: the latency when each of the
// 100 clients polls every 2 s as the chat does (TASK_EVENTS_TIMING.pollIntervalMs), and the
// first page of a task (afterLogId=0: up to 50 entries in one answer).
import { runLoad } from './load.mjs';
import { verdict } from './report.mjs';

const CLIENTS = 100;
const DURATION_MS = 5000;
const WARMUP_MS = 1000;
/** The chat's polling interval while its event stream is down (libs/api-client task-events.ts). */
const CHAT_POLL_INTERVAL_MS = 2000;
const PACED_DURATION_MS = 6000;
/** GET logs answers at most this many entries by default (TASK_LOGS_DEFAULT_LIMIT). */
const PAGE_LIMIT = 50;

const rate = (rps) => `${Math.round(rps).toLocaleString('en-US')} req/s`;
const ms = (value) => `${value.toFixed(1)} ms`;

function checked(name, result) {
  if (result.requests === 0)
    throw new Error(`${name}: no request succeeded (${result.firstError ?? 'no answer'}).`);
  return result;
}

export async function logPolling({ origin, token, pollingTask }) {
  const headers = { authorization: `Bearer ${token}` };
  const load = (path) =>
    runLoad({
      url: `${origin}${path}`,
      headers,
      clients: CLIENTS,
      durationMs: DURATION_MS,
      warmupMs: WARMUP_MS,
    });
  const logsPath = `/api/tasks/${pollingTask.id}/logs`;

  const bare = checked('GET /api/bench/bare', await load('/api/bench/bare'));
  const polling = checked(
    'GET logs',
    await load(`${logsPath}?afterLogId=${pollingTask.lastLogId}`),
  );
  const paced = checked(
    'GET logs every 2 s',
    await runLoad({
      url: `${origin}${logsPath}?afterLogId=${pollingTask.lastLogId}`,
      headers,
      clients: CLIENTS,
      durationMs: PACED_DURATION_MS,
      warmupMs: CHAT_POLL_INTERVAL_MS,
      intervalMs: CHAT_POLL_INTERVAL_MS,
    }),
  );
  const full = checked('GET logs from the start', await load(`${logsPath}?afterLogId=0`));

  const title = `Log polling (${CLIENTS} clients, ${DURATION_MS / 1000} s)`;
  const errors = (result) =>
    result.errors ? `, ${result.errors} errors (${result.firstError})` : '';
  return [
    {
      bench: title,
      measure: 'bare route: throughput',
      value: rate(bare.rps) + errors(bare),
      target: '',
    },
    {
      bench: title,
      measure: 'bare route: p50 / p99',
      value: `${ms(bare.p50)} / ${ms(bare.p99)}`,
      target: '',
    },
    {
      bench: title,
      measure: `GET logs?afterLogId=${pollingTask.lastLogId} (${pollingTask.entries} entries, none new): throughput`,
      value: `${rate(polling.rps)} (${((polling.rps / bare.rps) * 100).toFixed(0)}% of bare)${errors(polling)}`,
      target: `>= ${rate(bare.rps / 2)}`,
      verdict: verdict(polling.rps >= bare.rps / 2 && polling.errors === 0),
    },
    { bench: title, measure: 'GET logs: p50', value: ms(polling.p50), target: '' },
    {
      bench: title,
      measure: 'GET logs: p99',
      value: ms(polling.p99),
      target: '< 20 ms',
      verdict: verdict(polling.p99 < 20),
    },
    {
      bench: title,
      measure: `GET logs, each client polling every ${CHAT_POLL_INTERVAL_MS / 1000} s as the chat does: p50 / p99`,
      value: `${ms(paced.p50)} / ${ms(paced.p99)} (${paced.requests} requests)${errors(paced)}`,
      target: '(for information)',
    },
    {
      bench: title,
      measure: `GET logs?afterLogId=0 (${Math.min(PAGE_LIMIT, pollingTask.entries)} entries, ${(full.bytesPerAnswer / 1024).toFixed(1)} KB): throughput, p99`,
      value: `${rate(full.rps)}, ${ms(full.p99)}${errors(full)}`,
      target: '(for information)',
    },
  ];
}
