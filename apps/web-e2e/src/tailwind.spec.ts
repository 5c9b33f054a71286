import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Browser, type Frame, type Page } from '@playwright/test';
import type { ProjectCodeResponse, ProjectFilesResponse } from '@mason/contract';
import { unzipSync } from 'fflate';
import { appFrame, editPanel, previewFrame, starterProject } from './preview-support';

// Generated apps on Tailwind CSS and the starter's kit, in Chromium against the real server:
// the preview paints the kit from the theme in dark and light, a class edit lands in the source
// and restyles the running page, and the published app looks exactly like the downloaded code
// built with Vite and Tailwind's own plugin.

const workspaceRoot = path.join(__dirname, '../../..');

/** The zinc theme's values (src/globals.css), as Chromium computes them. */
const THEME = {
  dark: {
    background: 'oklch(0.141 0.005 285.823)',
    card: 'oklch(0.21 0.006 285.885)',
    primary: 'oklch(0.92 0.004 286.32)',
    primaryForeground: 'oklch(0.21 0.006 285.885)',
  },
  light: {
    background: 'oklch(1 0 0)',
    card: 'oklch(1 0 0)',
    primary: 'oklch(0.21 0.006 285.885)',
    primaryForeground: 'oklch(0.985 0 0)',
  },
};

/** What the kit looks like on the page: the body, the card and the counter button. */
function kitStyles(frame: Frame) {
  return frame.evaluate(() => {
    const card = document.querySelector('[data-slot="card"]');
    const button = document.querySelector('[data-slot="button"]');
    if (!card || !button) throw new Error('The starter has no card or button.');
    const style = (element: Element) => getComputedStyle(element);
    return {
      background: style(document.body).backgroundColor,
      card: style(card).backgroundColor,
      cardRadius: style(card).borderTopLeftRadius,
      primary: style(button).backgroundColor,
      primaryForeground: style(button).color,
      buttonRadius: style(button).borderTopLeftRadius,
    };
  });
}

test('the preview paints the kit from the theme, dark and light; class, colour and spacing edits land in the source and restyle the page in place', async ({
  page,
}) => {
  const { projectId, token } = await starterProject(page);
  const frame = await appFrame(page, projectId);
  const app = previewFrame(page);

  // Dark by default; the radius is the theme's 1rem (cards 4px more, buttons 4px less).
  await expect
    .poll(() => kitStyles(frame))
    .toEqual({
      ...THEME.dark,
      cardRadius: '20px',
      buttonRadius: '12px',
    });
  await frame.evaluate(() => document.documentElement.classList.remove('dark'));
  await expect
    .poll(() => kitStyles(frame))
    .toEqual({
      ...THEME.light,
      cardRadius: '20px',
      buttonRadius: '12px',
    });
  await frame.evaluate(() => {
    document.documentElement.classList.add('dark');
    (window as { __samePage?: boolean }).__samePage = true;
  });

  // A class no file used yet: Tailwind makes its rule, and the page gets the new stylesheet.
  const heading = app.getByRole('heading', { name: 'Your app starts here' });
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await heading.click();
  const classes = editPanel(page).getByRole('textbox', { name: 'Class' });
  await expect(classes).toHaveValue('text-2xl font-bold tracking-tight');
  await classes.fill('text-2xl font-bold tracking-tight uppercase');
  // A design control: a Tailwind class in place of the one that set the same thing.
  await editPanel(page).getByRole('combobox', { name: 'Font size' }).selectOption('4XL');
  await editPanel(page).getByRole('combobox', { name: 'Text align' }).selectOption('Center');
  // A colour from the app's theme and a spacing step.
  await editPanel(page).getByRole('combobox', { name: 'Text colour' }).selectOption('Primary');
  await editPanel(page).getByRole('combobox', { name: 'Padding' }).selectOption('16 px');
  await expect(classes).toHaveValue(
    'font-bold tracking-tight uppercase text-4xl text-center text-primary p-4',
  );
  // Shown before it is saved: the host sends the rules of the new classes.
  await expect
    .poll(() => heading.evaluate((element) => getComputedStyle(element).fontSize))
    .toBe('36px');
  await editPanel(page).getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Saved as version 1.')).toBeVisible();
  await expect
    .poll(() =>
      heading.evaluate((element) => {
        const style = getComputedStyle(element);
        return [style.textTransform, style.textAlign, style.fontSize, style.paddingTop];
      }),
    )
    .toEqual(['uppercase', 'center', '36px', '16px']);
  // The theme's primary colour, as the kit's button paints it.
  expect(await heading.evaluate((element) => getComputedStyle(element).color)).toBe(
    THEME.dark.primary,
  );
  expect(await frame.evaluate(() => (window as { __samePage?: boolean }).__samePage)).toBe(true);
  const files = await page.request.get(`/api/projects/${projectId}/files?filePath=src/App.tsx`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(((await files.json()) as ProjectFilesResponse).files[0]?.content).toContain(
    '<h1 className="font-bold tracking-tight uppercase text-4xl text-center text-primary p-4">Your app starts here</h1>',
  );
});

/** An app the assistant writes with the kit's Radix parts: a dialog, tabs and a toast. */
const KIT_APP = `import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { Toaster, toast } from '@/components/ui/toast';

export function App() {
  return (
    <main className="grid gap-4 p-6">
      <h1 className="text-2xl font-bold">Kit check</h1>
      <Dialog>
        <DialogTrigger asChild>
          <Button>Open the dialog</Button>
        </DialogTrigger>
        <DialogContent>
          <DialogTitle>Made with the kit</DialogTitle>
          <DialogDescription>Radix parts in the preview.</DialogDescription>
        </DialogContent>
      </Dialog>
      <Tabs defaultValue="one">
        <TabsList>
          <TabsTrigger value="one">One</TabsTrigger>
          <TabsTrigger value="two">Two</TabsTrigger>
        </TabsList>
        <TabsContent value="one">First panel</TabsContent>
        <TabsContent value="two">Second panel</TabsContent>
      </Tabs>
      <Button variant="outline" onClick={() => toast({ title: 'Saved' })}>Save</Button>
      <Toaster />
    </main>
  );
}
`;

test('the kit’s Radix parts work in the preview: a dialog, tabs and a toast', async ({ page }) => {
  const { projectId } = await starterProject(page, [
    { toolCalls: [{ name: 'write_file', input: { path: 'src/App.tsx', content: KIT_APP } }] },
    { text: 'The kit is on the page.' },
  ]);
  const frame = await appFrame(page, projectId);
  const app = previewFrame(page);
  await expect(app.getByRole('heading', { name: 'Kit check' })).toBeVisible();

  await app.getByRole('button', { name: 'Open the dialog' }).click();
  const dialog = app.getByRole('dialog', { name: 'Made with the kit' });
  await expect(dialog).toBeVisible();
  // Styled from the theme: the dialog's panel is the background colour, with the radius.
  expect(
    await dialog.evaluate((element) => [
      getComputedStyle(element).backgroundColor,
      getComputedStyle(element).borderTopLeftRadius,
    ]),
  ).toEqual([THEME.dark.background, '16px']);
  await frame.press('body', 'Escape');
  await expect(dialog).toBeHidden();

  await app.getByRole('tab', { name: 'Two' }).click();
  await expect(app.getByRole('tabpanel', { name: 'Two' })).toHaveText('Second panel');

  await app.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(app.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
});

/** Serves a folder's files (the Vite build), index.html for any path without one. */
async function serveFolder(root: string): Promise<{ url: string; server: Server }> {
  const types: Record<string, string> = {
    '.html': 'text/html',
    '.js': 'text/javascript',
    '.css': 'text/css',
    '.svg': 'image/svg+xml',
  };
  const server = createServer(async (request, response) => {
    const pathname = new URL(request.url ?? '/', 'http://localhost').pathname;
    const file = path.join(root, pathname === '/' ? 'index.html' : pathname);
    const body = await readFile(file.startsWith(root) ? file : path.join(root, 'index.html')).catch(
      () => readFile(path.join(root, 'index.html')),
    );
    response.writeHead(200, {
      'content-type': types[path.extname(file)] ?? 'application/octet-stream',
    });
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, server };
}

/** The project's code as the download gives it, unpacked and built as `npm run build` would. */
async function buildDownload(page: Page, projectId: string, token: string): Promise<string> {
  const link = await page.request.get(`/api/projects/${projectId}/code`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const { downloadUrl } = (await link.json()) as ProjectCodeResponse;
  const zip = await page.request.get(downloadUrl);
  expect(zip.status()).toBe(200);
  const root = await mkdtemp(path.join(tmpdir(), 'mason-tailwind-'));
  for (const [file, bytes] of Object.entries(unzipSync(new Uint8Array(await zip.body())))) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), bytes);
  }
  // Installed as Mason's own (the registry is not reachable from the tests).
  await symlink(path.join(workspaceRoot, 'node_modules'), path.join(root, 'node_modules'), 'dir');
  await new Promise<void>((resolve, reject) => {
    const vite = spawn(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        "import { build } from 'vite'; await build({ logLevel: 'error' });",
      ],
      { cwd: root, stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let errors = '';
    vite.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    vite.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`vite build: ${errors}`)),
    );
  });
  return root;
}

/** A screenshot of `url` in a fresh browser context (no session of Mason's). */
async function screenshotOf(browser: Browser, url: string): Promise<Buffer> {
  const context = await browser.newContext({ viewport: { width: 1024, height: 640 } });
  try {
    const visitor = await context.newPage();
    await visitor.goto(url);
    await expect(visitor.getByRole('heading', { name: 'Your app starts here' })).toBeVisible();
    await visitor.evaluate(() => document.fonts.ready);
    return await visitor.screenshot();
  } finally {
    await context.close();
  }
}

/** The share of pixels that differ between two screenshots of one size, measured in a page. */
async function differingShare(page: Page, a: Buffer, b: Buffer): Promise<number> {
  await page.goto('about:blank');
  return page.evaluate(
    async ([first, second]) => {
      const pixels = async (base64: string) => {
        const bitmap = await createImageBitmap(
          await (await fetch(`data:image/png;base64,${base64}`)).blob(),
        );
        const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
        const context = canvas.getContext('2d');
        if (!context) throw new Error('No 2D canvas.');
        context.drawImage(bitmap, 0, 0);
        return context.getImageData(0, 0, bitmap.width, bitmap.height).data;
      };
      const [x, y] = [await pixels(first), await pixels(second)];
      if (x.length !== y.length) return 1;
      let differing = 0;
      for (let index = 0; index < x.length; index += 4) {
        if (
          Math.abs(x[index] - y[index]) > 2 ||
          Math.abs(x[index + 1] - y[index + 1]) > 2 ||
          Math.abs(x[index + 2] - y[index + 2]) > 2
        )
          differing += 1;
      }
      return differing / (x.length / 4);
    },
    [a.toString('base64'), b.toString('base64')],
  );
}

test('the published app looks exactly like the downloaded code built with Vite and Tailwind', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const { projectId, token } = await starterProject(page);
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Publish' });
  await dialog.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(dialog.getByText('Your app is live')).toBeVisible();
  const liveUrl =
    (await dialog.getByRole('link', { name: 'Open the app in a new tab' }).getAttribute('href')) ??
    '';

  const root = await buildDownload(page, projectId, token);
  const { url, server } = await serveFolder(path.join(root, 'dist'));
  try {
    const published = await screenshotOf(browser, liveUrl);
    const built = await screenshotOf(browser, url);
    expect(await differingShare(page, published, built)).toBeLessThan(0.001);
  } finally {
    server.close();
    await rm(root, { recursive: true, force: true });
  }
});
