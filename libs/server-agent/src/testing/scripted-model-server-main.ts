// Runs the scripted model server on its own, a test tool: `--port N` or PORT (default 4319), on
// 127.0.0.1. Point Mason at it with LLM_BASE_URL=<url>/openai/v1 LLM_MODEL=scripted-test-model
// (or ANTHROPIC_BASE_URL=<url>/anthropic/v1 with any ANTHROPIC_API_KEY) and it answers what a
// test queued, else builds a small app for any request (the demo builder).
import { SCRIPTED_MODEL_ID, startScriptedModelServer } from './scripted-model-server';

const DEFAULT_SCRIPTED_PORT = 4319;

function portFrom(argv: readonly string[], env: Record<string, string | undefined>): number {
  const flag = argv.findIndex((arg) => arg === '--port' || arg.startsWith('--port='));
  const raw =
    flag === -1
      ? env['PORT']
      : argv[flag].includes('=')
        ? argv[flag].split('=')[1]
        : argv[flag + 1];
  if (raw === undefined || raw === '') return DEFAULT_SCRIPTED_PORT;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`"${raw}" is not a port number (0-65535).`);
  }
  return port;
}

async function main(): Promise<void> {
  const port = portFrom(process.argv.slice(2), process.env);
  const server = await startScriptedModelServer({ port });
  process.stdout.write(
    [
      `Scripted model server on ${server.url}`,
      `  OpenAI-compatible: LLM_BASE_URL=${server.openaiBaseUrl} LLM_MODEL=${SCRIPTED_MODEL_ID}`,
      `  Anthropic:         ANTHROPIC_BASE_URL=${server.anthropicBaseUrl} ANTHROPIC_API_KEY=scripted`,
      `  OpenRouter:        OPENROUTER_BASE_URL=${server.openrouterBaseUrl} OPENROUTER_API_KEY=scripted`,
      `  Control: POST ${server.url}/__scripted/replies, POST ${server.url}/__scripted/reset, GET ${server.url}/__scripted/requests, GET ${server.url}/__scripted/chunks`,
      '',
    ].join('\n'),
  );
  const stop = () => {
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `The scripted model server could not start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
