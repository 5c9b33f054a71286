#!/usr/bin/env node
// Keeps every library's package.json honest: lets @nx/dependency-checks add what the code uses,
// then moves the frameworks to peerDependencies (STYLE.md: frameworks are peers, so an app that
// installs two Mason libraries gets one React, one store, one styled-components).
//   node tools/scripts/sync-lib-deps.mjs [lib ...]
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const PEERS = [
  'react',
  'react-dom',
  'react-redux',
  '@reduxjs/toolkit',
  'styled-components',
  'notistack',
  'react-router',
];
const root = JSON.parse(fs.readFileSync('package.json', 'utf8'));
const rootVersions = { ...root.dependencies, ...root.devDependencies };
const major = (version) => `^${version.replace(/^[^\d]*/, '').split('.')[0]}.0.0`;

const libs = process.argv.slice(2).length ? process.argv.slice(2) : fs.readdirSync('libs');
for (const lib of libs) {
  const dir = path.join('libs', lib);
  const file = path.join(dir, 'package.json');
  if (!fs.existsSync(file)) continue;
  try {
    execFileSync('npx', ['eslint', 'package.json', '--fix'], { cwd: dir, stdio: 'ignore' });
  } catch {
    // Whatever --fix could not fix is reported by lint.
  }
  const pkg = JSON.parse(fs.readFileSync(file, 'utf8'));
  pkg.dependencies ??= {};
  for (const name of PEERS) {
    if (!(name in pkg.dependencies)) continue;
    delete pkg.dependencies[name];
    pkg.peerDependencies = { ...pkg.peerDependencies, [name]: major(rootVersions[name]) };
  }
  if (pkg.peerDependencies)
    pkg.peerDependencies = Object.fromEntries(Object.entries(pkg.peerDependencies).sort());
  fs.writeFileSync(file, JSON.stringify(pkg, null, 2) + '\n');
  console.log(
    `${lib}: ${Object.keys(pkg.dependencies).join(', ') || '-'} | peers: ${Object.keys(pkg.peerDependencies ?? {}).join(', ') || '-'}`,
  );
}
