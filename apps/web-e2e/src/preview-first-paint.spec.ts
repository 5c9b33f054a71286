import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type Response } from '@playwright/test';
import type { ProjectPreviewResponse } from '@mason/contract';
import { createProjectThroughApi, newPerson, queueModelReplies, signUpThroughApi } from './support';

// The preview's first paint in Chromium against the real server: a page of the app, once it
// has settled, sends the preview host what the app rendered into its root; the next cold open of
// the same build and page is served with that markup in the root (sanitised), so it paints
// before the app's code runs, and the app's first render takes the root over.

/** The app's own markup beside React's: what the host must not serve back (no code in it). */
const FINE_PRINT =
  '<p onclick="document.title = \'clicked\'">Glazed in small batches</p>' +
  '<script>document.title = "ran";</script>';

const MUGS_APP = `import { useState } from 'react';

const FINE_PRINT = ${JSON.stringify(FINE_PRINT)};

export function App() {
  const [count, setCount] = useState(0);
  return (
    <main>
      <h1>Mugs, made by hand</h1>
      <div dangerouslySetInnerHTML={{ __html: FINE_PRINT }} />
      <button type="button" onClick={() => setCount((value) => value + 1)}>
        {count} in the basket
      </button>
    </main>
  );
}
`;

/**
 * A new person's project whose first turn writes the mug shop (version 1), through the API, and
 * where its preview runs (GET /api/projects/:id/preview) once that version is there. No page of
 * Mason is opened: its preview pane would send the first paint before the test does.
 */
async function mugShop(request: APIRequestContext): Promise<ProjectPreviewResponse> {
  const key = `first-paint-${randomUUID().slice(0, 8)}`;
  await queueModelReplies(key, [
    { toolCalls: [{ name: 'write_file', input: { path: 'src/App.tsx', content: MUGS_APP } }] },
    { text: 'The mug shop is ready.' },
  ]);
  const token = await signUpThroughApi(request, newPerson());
  const { project } = await createProjectThroughApi(request, token, `A mug shop ${key}`);
  let preview: ProjectPreviewResponse | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(`/api/projects/${project.id}/preview`, {
          headers: { authorization: `Bearer ${token}` },
        });
        preview = response.ok() ? ((await response.json()) as ProjectPreviewResponse) : undefined;
        return preview?.versionIndex;
      },
      { timeout: 60_000 },
    )
    .toBe(1);
  return preview as ProjectPreviewResponse;
}

/** The bridge's configuration the page was served with, and what was served in its root. */
async function servedPage(response: Response | null) {
  const html = (await response?.text()) ?? '';
  const config = /<script type="application\/json" id="mason-bridge-config">(.*?)<\/script>/.exec(
    html,
  )?.[1];
  const root = /<div id="root">([\s\S]*?)<\/div>\s*<script type="module"/.exec(html)?.[1];
  return {
    config: JSON.parse(config ?? '{}') as { firstPaintShown?: string | null },
    root: root ?? null,
  };
}

/** The first paint a page sends the preview host once it has settled. */
const firstPaintSent = (response: Response) =>
  response.request().method() === 'POST' &&
  new URL(response.url()).pathname === '/__mason/first-paint';

test('a preview opened again paints the app before its code runs, without code in it, and the app takes it over once', async ({
  browser,
  request,
}) => {
  // A build on the first open and three browser contexts, on a machine that may be busy.
  test.setTimeout(180_000);
  const preview = await mugShop(request);

  await test.step('the first open is served an empty root, and sends what the app rendered', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const sent = page.waitForResponse(firstPaintSent, { timeout: 90_000 });
    const served = await servedPage(await page.goto(preview.url));
    expect(served.config.firstPaintShown).toBeNull();
    expect(served.root?.trim()).toBe('');
    await expect(page.getByRole('heading', { name: 'Mugs, made by hand' })).toBeVisible({
      timeout: 60_000,
    });
    await expect(page.getByRole('button', { name: '0 in the basket' })).toBeVisible();
    expect((await sent).status()).toBe(204);
    await context.close();
  });

  await test.step('without the app’s code, the next open shows the app anyway, with no code in its root', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    // The bundle's requests wait until the painted page has been looked at, then fail: until
    // then the page has not loaded (so it has not settled either), and the app never runs.
    let releaseBundle!: () => void;
    const released = new Promise<void>((resolve) => {
      releaseBundle = resolve;
    });
    await page.route(
      (url) => url.pathname.startsWith('/__mason/build/'),
      async (route) => {
        await released;
        await route.abort();
      },
    );
    const served = await servedPage(await page.goto(preview.url, { waitUntil: 'commit' }));
    expect(served.config.firstPaintShown).toBe('root');
    expect(served.root).toContain('Mugs, made by hand');
    expect(served.root).toContain('Glazed in small batches');
    expect(served.root).not.toMatch(/<script/i);
    expect(served.root).not.toMatch(/\son[a-z]+\s*=/i);

    const heading = page.getByRole('heading', { name: 'Mugs, made by hand' });
    await expect(heading).toBeVisible();
    await expect(page.getByText('Glazed in small batches')).toBeVisible();
    await expect(page.getByRole('button', { name: '0 in the basket' })).toBeVisible();
    await expect(page.locator('#root script')).toHaveCount(0);
    expect(
      await page
        .locator('#root *')
        .evaluateAll((elements) =>
          elements.flatMap((element) =>
            element.getAttributeNames().filter((name) => name.toLowerCase().startsWith('on')),
          ),
        ),
    ).toEqual([]);

    // The app never renders into its root: once the page has settled, what was served goes.
    releaseBundle();
    await expect(heading).toHaveCount(0, { timeout: 30_000 });
    await context.close();
  });

  await test.step('opened normally, the app takes its painted page over: shown once, and it works', async () => {
    const context = await browser.newContext();
    // How many main headings the page ever showed at once, and the fewest once it showed one.
    await context.addInitScript(() => {
      const seen = { most: 0, fewestAfterFirst: Number.POSITIVE_INFINITY };
      (window as { __headingsSeen?: typeof seen }).__headingsSeen = seen;
      new MutationObserver(() => {
        const count = document.querySelectorAll('h1').length;
        seen.most = Math.max(seen.most, count);
        if (seen.most > 0) seen.fewestAfterFirst = Math.min(seen.fewestAfterFirst, count);
      }).observe(document, { childList: true, subtree: true });
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const served = await servedPage(await page.goto(preview.url));
    expect(served.config.firstPaintShown).toBe('root');

    // What was painted does nothing until the app runs: a person clicks again if nothing moved.
    const basket = page.getByRole('button', { name: /in the basket$/ });
    await expect(async () => {
      await basket.click();
      await expect(basket).not.toHaveText('0 in the basket', { timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    const clicked = Number((await basket.textContent())?.split(' ')[0]);
    await basket.click();
    await expect(basket).toHaveText(`${clicked + 1} in the basket`);

    await expect(page.getByRole('heading', { name: 'Mugs, made by hand' })).toHaveCount(1);
    await expect(page.getByText('Glazed in small batches')).toHaveCount(1);
    await expect(basket).toHaveCount(1);
    const seen = await page.evaluate(
      () =>
        (window as { __headingsSeen?: { most: number; fewestAfterFirst: number } }).__headingsSeen,
    );
    // Never two headings (the served one beside React's), and never none once one was shown.
    expect(seen).toEqual({ most: 1, fewestAfterFirst: 1 });
    expect(errors).toEqual([]);
    await context.close();
  });
});
