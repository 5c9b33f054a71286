import {
  ErrorMessages,
  type ApiErrorBody,
  type Domain,
  type DomainsResponse,
} from '@mason/contract';
import type { VersionManifest } from '@mason/server-db';
import { startTestDnsServer, type TestDnsServer } from '@mason/server-domains/testing';
import { putBlobs, VersionStore } from '@mason/server-workspace';
import type { CustomDomainsConfig } from '@mason/server-config';
import { signUp, subscribe } from '../test-utils/accounts';
import { requestAsHost } from '../test-utils/preview-host';
import { publishAndWait } from '../test-utils/publishing';
import { useScriptedTestApp } from '../test-utils/scripted-test-app';
import { readyProject } from '../test-utils/task-loop';

// A custom domain end to end on the whole app: a published project, its domain verified against a
// real DNS server on loopback (DNS_SERVERS), then served by that name until it is removed.

const DOMAIN = 'shop.example.test';

describe('custom domains, served by the public app host', () => {
  let dns: TestDnsServer;
  // Filled before the server starts (the DNS server's port is known only then).
  const customDomains: CustomDomainsConfig = {
    appsIpv4: null,
    appsIpv6: null,
    dnsServers: [],
    checkIntervalSeconds: 0,
    graceSeconds: 3600,
  };
  beforeAll(async () => {
    dns = await startTestDnsServer();
    customDomains.dnsServers = [dns.address];
  });
  afterAll(() => dns?.close());
  const env = useScriptedTestApp({ customDomains });

  const byDomain = (pathname = '/', headers: Record<string, string> = {}) =>
    requestAsHost(env.port, `http://${DOMAIN}:${env.port}${pathname}`, { headers });
  const scriptOf = (html: string) => /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];

  const publish = (token: string, projectId: string) =>
    publishAndWait(env.server, token, projectId);

  async function writeVersion(projectId: string, path: string, content: string) {
    const store = new VersionStore(env.server.database.db);
    const latest = await store.latestVersion(projectId);
    const [hash] = await putBlobs(env.server.database.db, [Buffer.from(content)]);
    return store.createVersion({
      projectId,
      taskId: null,
      manifest: { ...(latest?.manifest as VersionManifest), [path]: hash as string },
      summary: 'Edited',
    });
  }

  it('serves the published app by a verified domain, after a new publish too, and stops at once when it is removed', async () => {
    const { token } = await signUp(env.server);
    const { project } = await readyProject(env.server, env.model, token, 'A mug shop');
    const owner = env.server.as(token);

    const listed = async () =>
      (await owner.get<DomainsResponse>(`/api/projects/${project.id}/domains`)).body;
    // The free plan has no custom domains (the pricing table): a clear 403, nothing added.
    expect(await listed()).toMatchObject({ published: false, planIncludesDomains: false });
    const refused = await owner.post<ApiErrorBody>(`/api/projects/${project.id}/domains`, {
      domain: DOMAIN,
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(ErrorMessages.customDomainsNotInPlan);
    expect((await listed()).domains).toEqual([]);

    // On Pro (paid on Mason's own checkout page): not published, no domain yet.
    await subscribe(env.server, token, 'PRO');
    expect((await listed()).planIncludesDomains).toBe(true);
    const early = await owner.post<ApiErrorBody>(`/api/projects/${project.id}/domains`, {
      domain: DOMAIN,
    });
    expect(early.status).toBe(409);
    expect((await listed()).published).toBe(false);

    const published = await publish(token, project.id);
    const added = await owner.post<Domain>(`/api/projects/${project.id}/domains`, {
      domain: DOMAIN,
    });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ status: 'PENDING', url: `http://${DOMAIN}:4200/` });
    // The CNAME points at APPS_DOMAIN's host, never at the app's own name.
    expect(added.body.dnsRecords.map(({ type, value }) => [type, value])).toEqual([
      ['TXT', expect.stringMatching(/^mason-verify-/)],
      ['CNAME', 'apps.localhost'],
    ]);

    // Pending: the name is not the app's yet.
    const pending = await byDomain();
    expect(pending.body).not.toContain('<div id="root"></div>');
    expect(
      (await env.server.request('GET', `/api/domains/tls-check?domain=${DOMAIN}`)).status,
    ).toBe(404);

    for (const record of added.body.dnsRecords) dns.set(record.name, record.type, [record.value]);
    const verified = await owner.post<Domain>(`/api/projects/${project.id}/domains/verify`, {
      domain: DOMAIN,
    });
    expect(verified.body.status).toBe('ACTIVE');

    const page = await byDomain();
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('<div id="root"></div>');
    // The same build as the app's own name.
    const own = await requestAsHost(env.port, `${published.url}`);
    expect(page.body).toBe(own.body);
    const script = scriptOf(page.body) as string;
    expect((await byDomain(script)).body).toContain('Your app starts here');
    expect((await byDomain('/settings', { accept: 'text/html' })).body).toBe(page.body);
    expect(
      (await env.server.request('GET', `/api/domains/tls-check?domain=${DOMAIN}`)).status,
    ).toBe(200);

    // A later publish: the domain serves the new build.
    await writeVersion(
      project.id,
      'src/App.tsx',
      'export function App() {\n  return <h1>Mugs, second edition</h1>;\n}\n',
    );
    await publish(token, project.id);
    const republished = await byDomain();
    expect((await byDomain(scriptOf(republished.body) as string)).body).toContain(
      'Mugs, second edition',
    );

    // Unpublished: neither the domain nor the app's own name may get a certificate, until it is
    // published again.
    const tlsCheck = async (name: string) =>
      (await env.server.request('GET', `/api/domains/tls-check?domain=${name}`)).status;
    const appName = new URL(published.url as string).hostname;
    expect(await tlsCheck(appName)).toBe(200);
    const offline = await env.server.request('DELETE', `/api/projects/${project.id}/deployment`, {
      token,
    });
    expect(offline.status).toBe(200);
    expect({ domain: await tlsCheck(DOMAIN), app: await tlsCheck(appName) }).toEqual({
      domain: 404,
      app: 404,
    });
    await publish(token, project.id);
    expect({ domain: await tlsCheck(DOMAIN), app: await tlsCheck(appName) }).toEqual({
      domain: 200,
      app: 200,
    });

    const removed = await env.server.request('DELETE', `/api/projects/${project.id}/domains`, {
      token,
      body: { domain: DOMAIN },
    });
    expect(removed.status).toBe(200);
    const gone = await byDomain();
    expect(gone.body).not.toContain('<div id="root"></div>');
    expect(
      (await env.server.request('GET', `/api/domains/tls-check?domain=${DOMAIN}`)).status,
    ).toBe(404);
  });
});
