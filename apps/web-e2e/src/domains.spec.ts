import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import type {
  AuthTokenResponse,
  CheckoutResponse,
  CreateProjectResponse,
  Deployment,
  DeploymentResponse,
  Task,
} from '@mason/contract';
import {
  SCRIPTED_MODEL_ID,
  startScriptedModelServer,
  type ScriptedModelServer,
} from '@mason/server-agent/testing';
import { startTestDnsServer, type TestDnsServer } from '@mason/server-domains/testing';
import { subscribeThroughApi } from './billing-support';
import { freePort } from './csp-support';
import { apiOf, startMason, type MasonProcess } from './mason-process';
import { createProjectThroughApi, newPerson, signedIn, withFirstTask } from './support';

// Custom domains on the Domains screen, against the real server.

test('the Domains screen asks for a project, and says an unpublished one must be published first', async ({
  page,
}) => {
  const { token } = await signedIn(page);
  // Custom domains come with Pro: this person has it.
  await subscribeThroughApi(page.request, token, 'PRO');
  const { project } = await createProjectThroughApi(
    page.request,
    token,
    'A tea shop with a menu of teas',
  );

  await page.goto('/domains');
  await expect(page.getByRole('heading', { level: 1, name: 'Domains' })).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Choose a project' })
    .getByRole('link', { name: project.name })
    .click();

  await expect(page).toHaveURL(`/domains?projectId=${project.id}`);
  await expect(
    page.getByRole('heading', { level: 1, name: `Domains of ${project.name}` }),
  ).toBeVisible();
  await expect(page.getByText(`${project.name} is not published yet`)).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Domain' })).toHaveCount(0);
  // The notice leads to the project, where it is published.
  await page.getByRole('link', { name: 'Open project' }).last().click();
  await expect(page).toHaveURL(`/projects/${project.id}`);
});

// The whole way on a Mason of this spec's own, whose DNS_SERVERS is a DNS server on loopback:
// publish, add the domain on the screen, create its records, check, open the app by that name
// in Chromium (which resolves it to loopback), remove it.
test.describe('a custom domain, from the Domains screen to the browser', () => {
  test.describe.configure({ mode: 'serial', timeout: 120_000 });

  const domain = 'shop.example.test';
  let dns: TestDnsServer;
  let model: ScriptedModelServer;
  let mason: MasonProcess;
  let dataDir: string;
  let origin: string;
  let port: number;

  test.beforeAll(async () => {
    // A fresh database's migrations, on a machine that may be busy.
    test.setTimeout(120_000);
    dns = await startTestDnsServer();
    model = await startScriptedModelServer();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mason-domains-'));
    port = await freePort();
    mason = await startMason(
      port,
      {
        DATA_DIR: dataDir,
        DNS_SERVERS: dns.address,
        LLM_BASE_URL: model.openaiBaseUrl,
        LLM_MODEL: SCRIPTED_MODEL_ID,
        LLM_API_KEY: 'scripted',
      },
      90_000,
    );
    origin = `http://localhost:${port}`;
  });
  test.afterAll(async () => {
    await mason?.stop();
    await model?.close();
    await dns?.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** A person with a project whose first version is published (through the API). */
  async function publishedProject() {
    const api = apiOf(mason.baseUrl);
    const person = newPerson();
    const signup = await api.call<AuthTokenResponse>('POST', '/users', person);
    expect(signup.status).toBe(201);
    api.useToken(signup.body.token);
    const key = `domains-${randomUUID().slice(0, 8)}`;
    model.enqueueFor(key, { text: 'Ready when you are.' });
    const created = await api.call<CreateProjectResponse>('POST', '/projects', {
      description: `A shop for hand-made mugs (${key})`,
      name: 'Mug shop',
    });
    expect(created.status).toBe(201);
    const projectId = created.body.project.id;
    await expect
      .poll(
        async () =>
          (await api.call<Task>('GET', `/tasks/${withFirstTask(created.body).firstTask.id}`)).body
            .state,
      )
      .toBe('COMPLETED');
    const queued = await api.call<Deployment>('POST', `/projects/${projectId}/deployment`, {});
    expect(queued.status).toBe(201);
    await expect
      .poll(
        async () =>
          (await api.call<DeploymentResponse>('GET', `/projects/${projectId}/deployment`)).body.live
            ?.status,
        { timeout: 60_000 },
      )
      .toBe('LIVE');
    return { person, token: signup.body.token, projectId, api };
  }

  /** Pays for Pro on Mason's own checkout page (its Pay call): custom domains come with it. */
  async function subscribeToPro(api: ReturnType<typeof apiOf>) {
    const started = await api.call<CheckoutResponse>('POST', '/stripe/checkout', { type: 'PRO' });
    expect(started.status).toBe(200);
    const checkoutId = new URL(started.body.checkoutUrl).pathname.split('/').pop();
    expect((await api.call('POST', `/billing/checkout/${checkoutId}/confirm`)).status).toBe(200);
  }

  test('add it, create its records, check, and the app opens by that name; removed, it does not', async ({
    playwright,
    launchOptions,
  }) => {
    const { person, token, projectId, api } = await publishedProject();
    // Chromium resolves the custom domain to this machine, as DNS would send it to Mason.
    const browser = await playwright.chromium.launch({
      ...launchOptions,
      args: [...(launchOptions.args ?? []), `--host-resolver-rules=MAP ${domain} 127.0.0.1`],
    });
    try {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(`${origin}/api/config`);
      await page.evaluate(
        ({ value, email }) => {
          localStorage.setItem('mason.session.token', value);
          localStorage.setItem('mason.session.email', email);
        },
        { value: token, email: person.email },
      );

      // The free plan has no custom domains: the screen leads to the plans instead of the form.
      await page.goto(`${origin}/domains?projectId=${projectId}`);
      await expect(
        page.getByRole('heading', { level: 1, name: 'Domains of Mug shop' }),
      ).toBeVisible();
      await expect(
        page.getByText('Custom domains come with the Pro and Usage-based plans'),
      ).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'Domain' })).toHaveCount(0);
      await page.getByRole('link', { name: 'See plans' }).click();
      // The billing screen, with the way back to the domains (it keeps ?returnTo= aside).
      await expect(page.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Back to your task' })).toHaveAttribute(
        'href',
        `/domains?projectId=${projectId}`,
      );

      await subscribeToPro(api);
      await page.goto(`${origin}/domains?projectId=${projectId}`);
      await page.getByRole('textbox', { name: 'Domain' }).fill(domain);
      await page.getByRole('button', { name: 'Add domain' }).click();

      const card = page.getByRole('article', {
        name: new RegExp(`^${domain.replace(/\./g, '\\.')}`),
      });
      await expect(card.getByText('Waiting for DNS')).toBeVisible();
      const records = card.getByRole('list', { name: `Records to create for ${domain}` });
      const txt = records.getByRole('listitem', { name: 'TXT record' });
      const cname = records.getByRole('listitem', { name: 'CNAME record' });
      await expect(txt.locator('code').first()).toHaveText(`_mason-challenge.${domain}`);
      await expect(cname.locator('code').last()).toHaveText('apps.localhost');

      // Checked before the records exist: each says so.
      await card.getByRole('button', { name: `Check now for ${domain}` }).click();
      await expect(txt.getByText('No TXT record found.')).toBeVisible();
      await expect(cname.getByText('No CNAME record found.')).toBeVisible();

      // The person creates them at their DNS host (here: the loopback DNS server), as shown.
      dns.set(`_mason-challenge.${domain}`, 'TXT', [
        (await txt.locator('code').last().textContent()) ?? '',
      ]);
      dns.set(domain, 'CNAME', [(await cname.locator('code').last().textContent()) ?? '']);
      await card.getByRole('button', { name: `Check now for ${domain}` }).click();
      await expect(card.getByText('Active')).toBeVisible();
      await expect(txt.getByText('Found, with the right value.')).toBeVisible();
      const link = card.getByRole('link', { name: new RegExp(`http://${domain}:${port}`) });
      await expect(link).toHaveAttribute('href', `http://${domain}:${port}/`);

      // A visitor without any session opens the app by the domain.
      const visitor = await browser.newContext();
      const app = await visitor.newPage();
      await app.goto(`http://${domain}:${port}/`);
      await expect(app.getByRole('heading', { name: 'Your app starts here' })).toBeVisible();

      // Removed (after a confirmation): the name no longer opens the app.
      await card.getByRole('button', { name: `Remove ${domain}` }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Remove domain' }).click();
      await expect(card).toHaveCount(0);
      await app.reload();
      await expect(app.getByRole('heading', { name: 'Your app starts here' })).toHaveCount(0);
      await visitor.close();
      await context.close();
    } finally {
      await browser.close();
    }
  });
});
