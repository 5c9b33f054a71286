import { crc32, deflateSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { conversation, previewFrame, starterProject } from './preview-support';

// Assets in Chromium against the real server: an image uploaded on /assets goes into the app's
// public/ folder as a new version, and the app in the preview shows it from /logo.png.

/** A PNG of one colour, `width` x `height`, as the browser would upload it. */
function png(width: number, height: number, rgb: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array(width).fill(rgb).flat())]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(Array(height).fill(row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The starter app with the logo the person will upload at the top of its home page. */
const APP_WITH_LOGO = `import { Route, Routes } from 'react-router';
import { Layout } from './components/Layout';

function HomePage() {
  return (
    <section className="card">
      <img src="/logo.png" alt="Our logo" />
      <h1>The corner bakery</h1>
    </section>
  );
}

export function App() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route path="*" element={<HomePage />} />
      </Route>
    </Routes>
  );
}
`;

test('an image uploaded on /assets shows in the list, and the app in the preview shows it', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const { projectId } = await starterProject(page, [
    { toolCalls: [{ name: 'write_file', input: { path: 'src/App.tsx', content: APP_WITH_LOGO } }] },
    { text: 'The home page shows /logo.png once you upload it.' },
  ]);
  const app = previewFrame(page);
  await expect(app.getByRole('heading', { name: 'The corner bakery' })).toBeVisible();
  const naturalWidth = (image: ReturnType<typeof app.getByRole>) =>
    image.evaluate((element) => (element as HTMLImageElement).naturalWidth);

  await page.goto(`/assets?projectId=${projectId}`);
  await expect(page.getByRole('heading', { level: 1, name: /^Assets of / })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No assets yet' })).toBeVisible();
  await page.getByLabel('Files to upload').setInputFiles({
    name: 'logo.png',
    mimeType: 'image/png',
    buffer: png(48, 32, [245, 158, 11]),
  });
  await expect(page.getByText('Added logo.png. Use it in code as /logo.png')).toBeVisible();
  const card = page
    .getByRole('list', { name: 'Assets' })
    .getByRole('listitem', { name: 'logo.png' });
  await expect(card.getByText('/logo.png')).toBeVisible();
  // The thumbnail comes through its signed link.
  const thumbnail = card.getByRole('img', { name: 'Preview of logo.png' });
  await expect.poll(() => naturalWidth(thumbnail)).toBe(48);

  await card.getByRole('button', { name: 'Copy the path /logo.png' }).click();
  await expect(card.getByRole('button', { name: 'Copy the path /logo.png' })).toHaveText('Copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('/logo.png');

  // The app's newest version serves the file at the site root: the preview shows the logo.
  await page.getByRole('link', { name: 'Open project' }).click();
  const logo = app.getByRole('img', { name: 'Our logo' });
  await expect(logo).toBeVisible();
  await expect.poll(() => naturalWidth(logo)).toBe(48);
  // And the task's history records the upload as a version, like a change of the assistant's.
  await expect(conversation(page).getByText('Version 2: Added public/logo.png')).toBeVisible();
});
