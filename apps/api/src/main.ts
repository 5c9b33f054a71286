// Mason's server: reads the configuration from the environment and listens.
import { DataDirInUseError } from '@mason/server-db';
import { buildApp } from './app';
import { ConfigError, loadConfig } from '@mason/server-config';

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const pretty = process.stdout.isTTY && process.env['LOG_FORMAT'] !== 'json';
  const app = await buildApp(config, {
    logger: {
      level: config.logLevel,
      ...(pretty
        ? {
            transport: {
              target: 'pino-pretty',
              options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' },
            },
          }
        : {}),
    },
  });

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: shutting down`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await app.close();
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      throw new ConfigError(
        `Port ${config.port} is in use. Stop the other server or set PORT to another port.`,
      );
    }
    throw error;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const local = ['localhost', '0.0.0.0', '::', '127.0.0.1', '::1'].includes(config.host);
  console.log(`Mason is ready at http://${local ? 'localhost' : config.host}:${port}`);
}

main().catch((error: unknown) => {
  const known = error instanceof ConfigError || error instanceof DataDirInUseError;
  console.error(known ? `Mason cannot start: ${error.message}` : error);
  process.exit(1);
});
