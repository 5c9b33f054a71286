// Cold first paint, in Chromium, for a generated app of about 50 and about 200 components: from
// navigation start to the frame after the app's first text entered the page, each time in a
// fresh browser context (no cache, no service worker), for
// - Mason: the project's preview URL (the app's page, the shared React runtime, one bundle);
// - Vite: the page of a Vite dev server (React plugin) serving the same files.
// The first open after the server started (Mason builds the version; Vite optimises the
// dependencies and transforms every module) is printed for information; the measure is the
// median of RUNS opens after it, each server with its work done once. Mason's first open stays
// until its page has sent the host its first paint (what the app rendered, written into the
// next cold open's HTML), as the page a person opens in Mason stays open: the opens after it
// paint that markup before the app's code has run, and the app's first render replaces it.
// Target (issue "Live preview and visual edit", 1): Mason at most a quarter of Vite dev.
import { generateApp } from './preview-app.mjs';
import { coldFirstPaint, masonApp, median, ms, viteApp } from './preview-setup.mjs';
import { verdict } from './report.mjs';

const SIZES = [50, 200];
const RUNS = 5;
const TARGET_RATIO = 0.25;
const VITE_PORT = Number(process.env.BENCH_VITE_PORT ?? 4392);

/** A response of the page's first paint, sent to the preview host once the page settled. */
const firstPaintSent = (response) =>
  response.request().method() === 'POST' &&
  new URL(response.url()).pathname === '/__mason/first-paint';

async function paints(browser, url, staysUntil) {
  const first = await coldFirstPaint(browser, url, { staysUntil });
  const times = [];
  for (let run = 0; run < RUNS; run += 1) times.push(await coldFirstPaint(browser, url));
  return { first, time: median(times) };
}

export async function previewColdPaint({ origin, token, scripted, browser }) {
  const title = `Preview cold first paint (Chromium, fresh context, medians of ${RUNS})`;
  const rows = [];
  for (const size of SIZES) {
    const files = generateApp(size);
    const mason = await masonApp({ origin, token, scripted }, files);
    const masonPaints = await paints(browser, mason.previewUrl, firstPaintSent);
    const vite = await viteApp(files, VITE_PORT);
    let vitePaints;
    try {
      vitePaints = await paints(browser, vite.url);
    } finally {
      await vite.stop();
    }
    const ratio = masonPaints.time / vitePaints.time;
    rows.push(
      {
        bench: title,
        measure: `${size} components: Mason preview vs Vite dev`,
        value: `${ms(masonPaints.time)} vs ${ms(vitePaints.time)} (${ratio.toFixed(2)}x)`,
        target: `<= ${TARGET_RATIO}x`,
        verdict: verdict(ratio <= TARGET_RATIO),
      },
      {
        bench: title,
        measure: `${size} components: first open after start (Mason builds, Vite transforms)`,
        value: `${ms(masonPaints.first)} vs ${ms(vitePaints.first)}`,
        target: '(for information)',
      },
    );
  }
  return rows;
}
