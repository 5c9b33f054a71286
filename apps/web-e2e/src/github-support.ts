import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  startGithubStandIn,
  type GithubStandIn,
  type GithubStandInOptions,
} from '@mason/server-code-hosting/testing';
import { freePort } from './csp-support';
import { startMason, type MasonProcess } from './mason-process';

/** A Mason of a spec's own whose GitHub is a loopback stand-in. */
export interface MasonWithGithub {
  readonly github: GithubStandIn;
  readonly mason: MasonProcess;
  /** Mason's origin (PUBLIC_URL: where GitHub sends the person back to). */
  readonly origin: string;
  stop(): Promise<void>;
}

/**
 * Starts the GitHub stand-in (OAuth and REST, with `options`' account and repositories) and a
 * Mason on a free port and an empty data folder, configured with the stand-in's OAuth App.
 */
export async function startMasonWithGithub(
  options: Omit<GithubStandInOptions, 'clientId' | 'clientSecret'>,
): Promise<MasonWithGithub> {
  const clientId = 'mason-e2e-client';
  const clientSecret = 'mason-e2e-secret';
  const github = await startGithubStandIn({ ...options, clientId, clientSecret });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mason-github-'));
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  const mason = await startMason(port, {
    DATA_DIR: dataDir,
    PUBLIC_URL: origin,
    GITHUB_CLIENT_ID: clientId,
    GITHUB_CLIENT_SECRET: clientSecret,
    GITHUB_API_URL: github.apiUrl,
  });
  return {
    github,
    mason,
    origin,
    async stop() {
      await mason.stop();
      await github.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
