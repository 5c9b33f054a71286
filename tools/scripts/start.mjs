#!/usr/bin/env node
// `npm start`: builds the web app and the server, then runs Mason on one port (PORT, default
// 4200) with the embedded database in DATA_DIR (default .data). Ctrl-C stops it.
import { spawn, spawnSync } from 'node:child_process';
import { requireSupportedNode } from './node-version.mjs';

requireSupportedNode('npm start');

const build = spawnSync(
  'npx',
  ['nx', 'run-many', '-t', 'build', '-p', 'web', 'api', '--output-style=static'],
  {
    stdio: 'inherit',
  },
);
if (build.status !== 0) process.exit(build.status ?? 1);

const server = spawn(process.execPath, ['dist/apps/api/main.js'], {
  stdio: 'inherit',
  env: process.env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
