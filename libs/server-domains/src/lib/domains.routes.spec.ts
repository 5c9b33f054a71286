import { randomUUID } from 'node:crypto';
import {
  ErrorMessages,
  type ApiErrorBody,
  type Domain,
  type DomainsResponse,
  type OkResponse,
} from '@mason/contract';
import { appSlugs, deployments, domains } from '@mason/server-db';
import { type DomainHarness, type HarnessUser, startDomainHarness } from '@mason/server-testing';
import { and, eq, sql } from 'drizzle-orm';
import { startTestDnsServer, type TestDnsServer } from '../testing';
import { createDnsLookup } from './dns-lookup';
import type { DomainsConfig } from './domains-context';
import { domainsRoutes } from './domains.routes';
import { DomainsService } from './domains.service';
import { publishingFromTables } from './publishing-from-tables';
import { aProject } from './test-utils/projects';

const PROJECT_NOT_FOUND = 'This project does not exist, or it is not yours.';
const GRACE_SECONDS = 3600;

describe('custom domains over HTTP, checked against a DNS server on loopback', () => {
  let dns: TestDnsServer;
  let harness: DomainHarness;
  let service: DomainsService;
  let ada: HarnessUser;
  let bea: HarnessUser;
  let adaProject: string;
  let beaProject: string;
  /** People whose plan has no custom domains (billing's answer, stood in for here). */
  const withoutDomains = new Set<string>();

  const config = (servers: string[]): DomainsConfig => ({
    appsDomain: 'apps.mason.test:4200',
    protocol: 'https:',
    appsIpv4: null,
    appsIpv6: null,
    reservedHosts: ['mason.test', 'preview.mason.test:4200', 'apps.mason.test:4200'],
    dnsServers: servers,
    checkIntervalSeconds: 0,
    graceSeconds: GRACE_SECONDS,
  });

  beforeAll(async () => {
    dns = await startTestDnsServer();
    harness = await startDomainHarness(async (api, { db, log }) => {
      service = new DomainsService({
        config: config([dns.address]),
        db,
        log,
        dns: createDnsLookup({ servers: [dns.address], timeoutMs: 1000, tries: 1 }),
        publishing: publishingFromTables(db),
      });
      await api.register(domainsRoutes, {
        ctx: {
          db,
          domains: service,
          planIncludesDomains: async (userId) => !withoutDomains.has(userId),
        },
      });
    });
    ada = await harness.signUp('ada');
    bea = await harness.signUp('bea');
    adaProject = await aProject(harness.db, ada.id);
    beaProject = await aProject(harness.db, bea.id);
  });
  afterAll(async () => {
    await service?.stop();
    await harness?.close();
    await dns?.close();
  });
  beforeEach(() => dns.clear());

  const path = (projectId: string, end = '') => `/api/projects/${projectId}/domains${end}`;
  const add = (user: HarnessUser, projectId: string, domain: string) =>
    harness.as(user).post<Domain & ApiErrorBody>(path(projectId), { domain });
  const verify = (user: HarnessUser, projectId: string, domain: string) =>
    harness.as(user).post<Domain & ApiErrorBody>(path(projectId, '/verify'), { domain });
  const remove = (user: HarnessUser, projectId: string, domain: string) =>
    harness.request<OkResponse & ApiErrorBody>('DELETE', path(projectId), {
      token: user.token,
      body: { domain },
    });
  const list = async (user: HarnessUser, projectId: string) =>
    (await harness.as(user).get<DomainsResponse>(path(projectId))).body.domains;
  const tlsCheck = (name: string) =>
    harness.request<OkResponse & ApiErrorBody>(
      'GET',
      `/api/domains/tls-check?domain=${encodeURIComponent(name)}`,
    );
  /** Creates the records the domain asks for on the loopback DNS server. */
  const createRecords = (domain: Domain) => {
    for (const record of domain.dnsRecords) dns.set(record.name, record.type, [record.value]);
  };

  it('adds a domain as PENDING with the records to create, and a check without them says what is missing', async () => {
    const added = await add(ada, adaProject, '  Shop.Example.TEST ');
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({
      domain: 'shop.example.test',
      url: 'https://shop.example.test:4200/',
      status: 'PENDING',
      checks: [],
      checkedAt: null,
      verifiedAt: null,
      activeUntil: null,
    });
    expect(added.body.dnsRecords).toEqual([
      {
        type: 'TXT',
        name: '_mason-challenge.shop.example.test',
        value: expect.stringMatching(/^mason-verify-[0-9a-f]{32}$/),
      },
      { type: 'CNAME', name: 'shop.example.test', value: 'apps.mason.test' },
    ]);
    expect(await list(ada, adaProject)).toEqual([added.body]);

    const checked = await verify(ada, adaProject, 'shop.example.test');
    expect(checked.status).toBe(200);
    expect(checked.body.status).toBe('PENDING');
    expect(checked.body.checkedAt).not.toBeNull();
    expect(checked.body.checks).toEqual([
      {
        type: 'TXT',
        name: '_mason-challenge.shop.example.test',
        ok: false,
        detail: 'No TXT record found.',
      },
      { type: 'CNAME', name: 'shop.example.test', ok: false, detail: 'No CNAME record found.' },
    ]);
    // The server was really asked.
    expect(dns.questions).toEqual(
      expect.arrayContaining(['TXT _mason-challenge.shop.example.test', 'CNAME shop.example.test']),
    );

    // Records with the wrong values: the check says what it found.
    dns.set('_mason-challenge.shop.example.test', 'TXT', ['an old token']);
    dns.set('shop.example.test', 'CNAME', ['somewhere.else.test']);
    const wrong = await verify(ada, adaProject, 'shop.example.test');
    expect(wrong.body.status).toBe('PENDING');
    expect(wrong.body.checks.map(({ ok, detail }) => ({ ok, detail }))).toEqual([
      { ok: false, detail: 'Found "an old token", not the value to set.' },
      { ok: false, detail: 'Points at somewhere.else.test, not apps.mason.test.' },
    ]);

    expect(await service.projectFor('shop.example.test')).toBeNull();
    expect((await tlsCheck('shop.example.test')).status).toBe(404);
  });

  it('becomes ACTIVE once the records are there: it serves the project and may get a certificate', async () => {
    const added = await add(ada, adaProject, 'active.example.test');
    createRecords(added.body);

    const checked = await verify(ada, adaProject, 'active.example.test');
    expect(checked.status).toBe(200);
    expect(checked.body).toMatchObject({ status: 'ACTIVE', activeUntil: null });
    expect(checked.body.verifiedAt).not.toBeNull();
    expect(checked.body.checks).toEqual([
      {
        type: 'TXT',
        name: '_mason-challenge.active.example.test',
        ok: true,
        detail: 'Found, with the right value.',
      },
      {
        type: 'CNAME',
        name: 'active.example.test',
        ok: true,
        detail: 'Points at apps.mason.test.',
      },
    ]);

    // A Host header: any case, with a port, with a trailing dot.
    expect(await service.projectFor('Active.Example.Test:443')).toBe(adaProject);
    expect(await service.projectFor('active.example.test.')).toBe(adaProject);
    expect(await service.projectFor('other.example.test')).toBeNull();
    expect(await service.projectFor('active.example.test\u0000')).toBeNull();
    const allowed = await tlsCheck('active.example.test');
    expect(allowed.status).toBe(200);
    expect(allowed.body).toEqual({ ok: true });
    expect((await list(ada, adaProject)).find((d) => d.domain === 'active.example.test')).toEqual(
      checked.body,
    );
  });

  it('stops serving a removed domain at once', async () => {
    const added = await add(ada, adaProject, 'gone.example.test');
    createRecords(added.body);
    expect((await verify(ada, adaProject, 'gone.example.test')).body.status).toBe('ACTIVE');
    expect(await service.projectFor('gone.example.test')).toBe(adaProject);

    const removed = await remove(ada, adaProject, 'gone.example.test');
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ ok: true });
    expect(await service.projectFor('gone.example.test')).toBeNull();
    expect((await tlsCheck('gone.example.test')).status).toBe(404);
    expect((await list(ada, adaProject)).map((d) => d.domain)).not.toContain('gone.example.test');

    const again = await remove(ada, adaProject, 'gone.example.test');
    expect(again.status).toBe(404);
    expect(again.body.message).toBe('This project has no domain gone.example.test.');
    expect((await verify(ada, adaProject, 'gone.example.test')).status).toBe(404);
  });

  it('gives a domain to one project only: a second claim is a 409, by anyone', async () => {
    expect((await add(ada, adaProject, 'claimed.example.test')).status).toBe(201);

    const second = await add(bea, beaProject, 'claimed.example.test');
    expect(second.status).toBe(409);
    expect(second.body.message).toBe(
      'claimed.example.test belongs to another project. A domain can serve one project only: remove it there first.',
    );
    expect(second.body.fieldErrors).toEqual({ domain: second.body.message });
    const twice = await add(ada, adaProject, 'claimed.example.test');
    expect(twice.status).toBe(409);
    expect(twice.body).toMatchObject({
      message: 'claimed.example.test is already added to this project.',
      fieldErrors: { domain: 'claimed.example.test is already added to this project.' },
    });
    const other = await aProject(harness.db, ada.id);
    expect((await add(ada, other, 'claimed.example.test')).status).toBe(409);
    expect((await list(bea, beaProject)).map((d) => d.domain)).not.toContain(
      'claimed.example.test',
    );
  });

  it('lets another project take a claim nobody verified within a week', async () => {
    await add(ada, adaProject, 'squatted.example.test');
    await harness.db
      .update(domains)
      .set({ createdAt: sql`now() - interval '8 days'` })
      .where(eq(domains.domain, 'squatted.example.test'));

    const taken = await add(bea, beaProject, 'squatted.example.test');
    expect(taken.status).toBe(201);
    expect((await list(ada, adaProject)).map((d) => d.domain)).not.toContain(
      'squatted.example.test',
    );
  });

  it('asks for a published project', async () => {
    const draft = await aProject(harness.db, ada.id, { published: false });
    const listed = await harness.as(ada).get<DomainsResponse>(path(draft));
    expect(listed.body).toEqual({ domains: [], published: false, planIncludesDomains: true });
    const refused = await add(ada, draft, 'draft.example.test');
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      'Publish the app before adding a domain: a domain shows the published app.',
    );
    expect(await list(ada, draft)).toEqual([]);
    expect((await harness.as(ada).get<DomainsResponse>(path(adaProject))).body.published).toBe(
      true,
    );
  });

  it('asks for a plan with custom domains: a 403 with the catalogue’s message, nothing added', async () => {
    const cal = await harness.signUp('cal');
    const project = await aProject(harness.db, cal.id);
    withoutDomains.add(cal.id);
    const listed = await harness.as(cal).get<DomainsResponse>(path(project));
    expect(listed.body).toEqual({ domains: [], published: true, planIncludesDomains: false });
    const refused = await add(cal, project, 'cal.example.test');
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(ErrorMessages.customDomainsNotInPlan);
    expect(await list(cal, project)).toEqual([]);

    // Once the plan has them, the same request adds the domain.
    withoutDomains.delete(cal.id);
    expect((await add(cal, project, 'cal.example.test')).status).toBe(201);
  });

  it.each([
    ['Mason itself', 'mason.test', 'mason.test'],
    ['a name under Mason', 'www.mason.test', 'mason.test'],
    ['the preview domain', 'p-1234.preview.mason.test', 'mason.test'],
    ['a published app', 'my-app.apps.mason.test', 'mason.test'],
  ])('refuses %s (400)', async (_what, domain, reserved) => {
    const refused = await add(ada, adaProject, domain);
    expect(refused.status).toBe(400);
    const message = `${domain} is one of Mason's own names (${reserved}). Use a domain of yours, like app.example.com.`;
    expect(refused.body).toMatchObject({ message, fieldErrors: { domain: message } });
  });

  it.each(['not a domain', 'localhost', '10.0.0.1', 'a..b.test', ''])(
    'refuses "%s" with the contract’s message (400)',
    async (domain) => {
      const refused = await add(ada, adaProject, domain);
      expect(refused.status).toBe(400);
      expect(refused.body.fieldErrors?.['domain']).toMatch(/^Enter a domain/);
    },
  );

  it('answers another person’s project exactly like no project (404)', async () => {
    await add(ada, adaProject, 'private.example.test');
    const nobody = randomUUID();
    for (const projectId of [adaProject, nobody]) {
      const answers = [
        await harness.as(bea).get<ApiErrorBody>(path(projectId)),
        await add(bea, projectId, 'private.example.test'),
        await verify(bea, projectId, 'private.example.test'),
        await remove(bea, projectId, 'private.example.test'),
      ];
      for (const answer of answers) {
        expect(answer.status).toBe(404);
        expect(answer.body.message).toBe(PROJECT_NOT_FOUND);
      }
    }
    // Ada's domain is untouched.
    expect((await list(ada, adaProject)).map((d) => d.domain)).toContain('private.example.test');
  });

  it('asks for a session, except the certificate check', async () => {
    for (const [method, url] of [
      ['GET', path(adaProject)],
      ['POST', path(adaProject)],
      ['POST', path(adaProject, '/verify')],
      ['DELETE', path(adaProject)],
    ] as const) {
      const body = method === 'GET' ? undefined : { domain: 'x.example.test' };
      const answer = await harness.request(method, url, { body });
      expect(answer.status).toBe(401);
    }
    expect((await tlsCheck('nothing.example.test')).status).toBe(404);
  });

  it('keeps an ACTIVE domain whose records went missing for the grace period, then marks it FAILED until they are back', async () => {
    const added = await add(ada, adaProject, 'flaky.example.test');
    createRecords(added.body);
    const active = await verify(ada, adaProject, 'flaky.example.test');
    expect(active.body.status).toBe('ACTIVE');

    dns.clear();
    const missing = await verify(ada, adaProject, 'flaky.example.test');
    expect(missing.body.status).toBe('ACTIVE');
    expect(missing.body.verifiedAt).toBe(active.body.verifiedAt);
    expect(missing.body.activeUntil).toBe(
      new Date(Date.parse(active.body.verifiedAt ?? '') + GRACE_SECONDS * 1000).toISOString(),
    );
    expect(missing.body.checks.every((check) => !check.ok)).toBe(true);
    expect(await service.projectFor('flaky.example.test')).toBe(adaProject);

    // The grace period is over: last verified two hours ago.
    await harness.db
      .update(domains)
      .set({ verifiedAt: sql`now() - interval '2 hours'` })
      .where(eq(domains.domain, 'flaky.example.test'));
    const failed = await verify(ada, adaProject, 'flaky.example.test');
    expect(failed.body).toMatchObject({ status: 'FAILED', activeUntil: null });
    expect(await service.projectFor('flaky.example.test')).toBeNull();
    expect((await tlsCheck('flaky.example.test')).status).toBe(404);

    createRecords(added.body);
    const back = await verify(ada, adaProject, 'flaky.example.test');
    expect(back.body.status).toBe('ACTIVE');
    expect(await service.projectFor('flaky.example.test')).toBe(adaProject);
  });

  it('checks due domains in a background round', async () => {
    const added = await add(ada, adaProject, 'background.example.test');
    createRecords(added.body);

    expect(await service.checkDue()).toBeGreaterThanOrEqual(1);
    const [found] = (await list(ada, adaProject)).filter(
      (d) => d.domain === 'background.example.test',
    );
    expect(found?.status).toBe('ACTIVE');
    // Checked just now: the next round leaves it alone.
    const asked = dns.questions.length;
    await service.checkDue();
    expect(dns.questions.slice(asked)).not.toContain(
      'TXT _mason-challenge.background.example.test',
    );
  });

  it('lets a proxy get certificates for published apps’ names, and no other name under APPS_DOMAIN', async () => {
    await aProject(harness.db, bea.id, { slug: 'mug-shop' });
    expect((await tlsCheck('mug-shop.apps.mason.test')).status).toBe(200);
    expect((await tlsCheck('MUG-SHOP.apps.mason.test')).status).toBe(200);
    for (const name of [
      'no-such-app.apps.mason.test',
      'a.mug-shop.apps.mason.test',
      'apps.mason.test',
      'mason.test',
      'nul\u0000.example.test',
      'a b.example.test',
    ]) {
      const refused = await tlsCheck(name);
      expect({ name, status: refused.status }).toEqual({ name, status: 404 });
      expect(refused.body.message).toBe('Mason serves no app at this name.');
    }
  });

  it('says no for names Mason does not serve now: a never-published app’s slug, a retired slug, any name of a project taken offline', async () => {
    const refused = async (name: string) => {
      const answer = await tlsCheck(name);
      return { name, status: answer.status, message: answer.body.message };
    };
    const no = (name: string) => ({
      name,
      status: 404,
      message: 'Mason serves no app at this name.',
    });

    // A slug of a project that was never published.
    await aProject(harness.db, bea.id, { published: false, slug: 'never-live' });
    expect(await refused('never-live.apps.mason.test')).toEqual(no('never-live.apps.mason.test'));

    // A retired slug (it still redirects to the current one, which alone may get a certificate).
    const renamed = await aProject(harness.db, bea.id, { slug: 'old-name' });
    await harness.db
      .update(appSlugs)
      .set({ retiredAt: new Date() })
      .where(eq(appSlugs.slug, 'old-name'));
    await harness.db.insert(appSlugs).values({ slug: 'new-name', projectId: renamed });
    expect(await refused('old-name.apps.mason.test')).toEqual(no('old-name.apps.mason.test'));
    expect((await tlsCheck('new-name.apps.mason.test')).status).toBe(200);

    // An ACTIVE domain and the slug of a project taken offline (unpublished), until it is back.
    const shop = await aProject(harness.db, bea.id, { slug: 'offline-shop' });
    const added = await add(bea, shop, 'offline.example.test');
    createRecords(added.body);
    expect((await verify(bea, shop, 'offline.example.test')).body.status).toBe('ACTIVE');
    expect((await tlsCheck('offline.example.test')).status).toBe(200);
    expect((await tlsCheck('offline-shop.apps.mason.test')).status).toBe(200);
    const setStatus = (from: 'LIVE' | 'OFFLINE', to: 'LIVE' | 'OFFLINE') =>
      harness.db
        .update(deployments)
        .set({ status: to })
        .where(and(eq(deployments.projectId, shop), eq(deployments.status, from)));
    await setStatus('LIVE', 'OFFLINE');
    expect(await refused('offline.example.test')).toEqual(no('offline.example.test'));
    expect(await refused('offline-shop.apps.mason.test')).toEqual(
      no('offline-shop.apps.mason.test'),
    );
    await setStatus('OFFLINE', 'LIVE');
    expect((await tlsCheck('offline.example.test')).status).toBe(200);
    expect((await tlsCheck('offline-shop.apps.mason.test')).status).toBe(200);
  });
});
