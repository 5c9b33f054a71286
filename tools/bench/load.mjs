// A small HTTP load generator: `clients` loops, each with its own keep-alive connection, send a
// GET, wait for the whole answer, and send the next at once (closed loop: the server's most) or
// `intervalMs` after the previous one was sent (paced: as polling clients do), for `durationMs`
// after `warmupMs` that is not counted. Answers throughput and latency percentiles.
import http from 'node:http';

function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

function get(agent, url, headers) {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent, headers }, (response) => {
      let bytes = 0;
      response.on('data', (chunk) => {
        bytes += chunk.length;
      });
      response.on('end', () => resolve({ status: response.statusCode, bytes }));
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

/** Runs the load and answers { requests, errors, rps, p50, p99, max, bytesPerAnswer } (ms, req/s). */
export async function runLoad({
  url,
  headers = {},
  clients = 100,
  durationMs = 5000,
  warmupMs = 1000,
  intervalMs = 0,
}) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: clients, maxFreeSockets: clients });
  const latencies = [];
  let errors = 0;
  let firstError = null;
  let bytes = 0;
  let windowStart = Infinity;
  let stopAt = Infinity;

  async function client() {
    // Paced clients start spread over one interval, like people who opened the chat at different times.
    let nextAt = performance.now() + Math.random() * intervalMs;
    while (performance.now() < stopAt) {
      if (intervalMs > 0) {
        await new Promise((resolve) =>
          setTimeout(resolve, Math.max(0, nextAt - performance.now())),
        );
        nextAt += intervalMs;
        if (performance.now() >= stopAt) break;
      }
      const started = performance.now();
      try {
        const answer = await get(agent, url, headers);
        const elapsed = performance.now() - started;
        // Only answers sent and received inside the measured window count.
        if (started < windowStart || performance.now() > stopAt) continue;
        if (answer.status !== 200) {
          errors += 1;
          firstError ??= `HTTP ${answer.status}`;
          continue;
        }
        latencies.push(elapsed);
        bytes += answer.bytes;
      } catch (error) {
        if (started >= windowStart) {
          errors += 1;
          firstError ??= error instanceof Error ? error.message : String(error);
        }
      }
    }
  }

  const begun = performance.now();
  stopAt = begun + warmupMs + durationMs;
  const loops = Array.from({ length: clients }, () => client());
  await new Promise((resolve) => setTimeout(resolve, warmupMs));
  windowStart = performance.now();
  await Promise.all(loops);
  const measuredMs = stopAt - windowStart;
  agent.destroy();

  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    errors,
    firstError,
    rps: (latencies.length / measuredMs) * 1000,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? NaN,
    bytesPerAnswer: latencies.length ? bytes / latencies.length : 0,
  };
}
