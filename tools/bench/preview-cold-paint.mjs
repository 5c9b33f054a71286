// Cold first paint, in Chromium, for a generated app of about 50 and about 200 components: from
// navigation start to the frame after the app's first text entered the page, each time in a
// fresh browser context (no cache, no service worker), for
// - Mason: the project's preview URL (the app's page, the shared React runtime, one bundle);
// - Vite: the page of a Vite dev server (React plugin) serving the same files.
// The first open after the server started (Mason builds the version; Vite optimises the
// dependencies and transforms every module) is printed for information; the measure is the
// median of RUNS opens after it, each server with its work done once. Mason's and Vite's opens
// take turns, so a machine that gets busier or quieter during the run weighs on both alike, and
// each open starts once the CPUs are quiet (coldFirstPaint). Mason's first open stays
// until its page has sent the host its first paint (what the app rendered, written into the
// next cold open's HTML), as the page a person opens in Mason stays open: the opens after it
// paint that markup before the app's code has run, and the app's first render replaces it.
// Target (issue "Live preview and visual edit", 1): Mason at most a quarter of Vite dev.
import { generateApp } from './preview-app.mjs';
import { coldFirstPaint, masonApp, median, ms, viteApp } from './preview-setup.mjs';
import { verdict } from './report.mjs';

const SIZES = [50, 200];
const RUNS = 7;
const TARGET_RATIO = 0.25;
const VITE_PORT = Number(process.env.BENCH_VITE_PORT ?? 4392);

/** A response of the page's first paint, sent to the preview host once the page settled. */
const firstPaintSent = (response) =>
  response.request().method() === 'POST' &&
  new URL(response.url()).pathname === '/__mason/first-paint';

/** The median of RUNS cold opens of each URL, opened in turns. */
async function pairedPaints(browser, urls) {
  const times = urls.map(() => []);
  for (let run = 0; run < RUNS; run += 1)
    for (const [index, url] of urls.entries())
      times[index].push(await coldFirstPaint(browser, url));
  return times.map(median);
}

export async function previewColdPaint({ origin, token, scripted, browser }) {
  const title = `Preview cold first paint (Chromium, fresh context, medians of ${RUNS})`;
  const rows = [];
  for (const size of SIZES) {
    const files = generateApp(size);
    const mason = await masonApp({ origin, token, scripted }, files);
    const masonFirst = await coldFirstPaint(browser, mason.previewUrl, {
      staysUntil: firstPaintSent,
    });
    const vite = await viteApp(files, VITE_PORT);
    let viteFirst, masonTime, viteTime;
    try {
      viteFirst = await coldFirstPaint(browser, vite.url);
      [masonTime, viteTime] = await pairedPaints(browser, [mason.previewUrl, vite.url]);
    } finally {
      await vite.stop();
    }
    const ratio = masonTime / viteTime;
    rows.push(
      {
        bench: title,
        measure: `${size} components: Mason preview vs Vite dev`,
        value: `${ms(masonTime)} vs ${ms(viteTime)} (${ratio.toFixed(2)}x)`,
        target: `<= ${TARGET_RATIO}x`,
        verdict: verdict(ratio <= TARGET_RATIO),
      },
      {
        bench: title,
        measure: `${size} components: first open after start (Mason builds, Vite transforms)`,
        value: `${ms(masonFirst)} vs ${ms(viteFirst)}`,
        target: '(for information)',
      },
    );
  }
  return rows;
}
