import { FIRST_PAINT_MAX_LENGTH } from '@mason/contract/preview';
import * as z from 'zod/mini';
import { CONTAINER_ID, sanitizeFirstPaint, withFirstPaint } from './first-paint-markup';
import { BUILD_KEY, type PreviewBuilds } from './preview-builds';
import type { PreviewHostDeps } from './preview-host-deps';
import { appIndexPage } from './preview-page';
import { findFirstPaint, saveFirstPaint } from './preview-repository';

/** Where a page sends its first paint (BridgeConfig.firstPaintUrl). */
export const FIRST_PAINT_URL = '/__mason/first-paint';

/**
 * A page's path a first paint is kept for: from '/', at most 2048 characters, no NUL (which no
 * text column takes, and no page of an app has).
 */
const PAGE_PATH = /^\/[^\0]{0,2047}$/;

/** What the bridge POSTs to FIRST_PAINT_URL. */
export const FirstPaintSchema = z.object({
  buildKey: z.string().check(z.maxLength(128), z.regex(BUILD_KEY)),
  path: z.string().check(z.regex(PAGE_PATH)),
  containerId: z.string().check(z.regex(CONTAINER_ID)),
  html: z.string().check(z.minLength(1), z.maxLength(FIRST_PAINT_MAX_LENGTH)),
});
export type FirstPaintReport = z.infer<typeof FirstPaintSchema>;

/** A first paint's body: its markup escaped as JSON (up to 6 characters for one), and the rest. */
export const FIRST_PAINT_BODY_LIMIT = FIRST_PAINT_MAX_LENGTH * 6 + 4096;

/** An app page with the first paint written into its root, when there is one. */
export interface PaintedPage {
  /** The app's index.html with the markup in its root; undefined: serve it as it is. */
  readonly indexHtml: string | undefined;
  /** The id of the root the markup went into (BridgeConfig.firstPaintShown), or null. */
  readonly shown: string | null;
}

/**
 * The preview's first paints (libs/server-preview/README.md, "First paint"): what a page's app
 * rendered into its root, kept sanitised per project, build and path, and written into the root
 * of the next page of that build and path.
 */
export class FirstPaints {
  constructor(
    private readonly deps: Pick<PreviewHostDeps, 'db'>,
    private readonly builds: Pick<PreviewBuilds, 'madeFor'>,
  ) {}

  /** Keeps a page's report; false when its build was not made for the project. */
  async keep(projectId: string, report: FirstPaintReport): Promise<boolean> {
    if (!this.builds.madeFor(report.buildKey, projectId)) return false;
    const html = sanitizeFirstPaint(report.html);
    if (html.trim() !== '') {
      await saveFirstPaint(this.deps.db, projectId, report.buildKey, report.path, {
        containerId: report.containerId,
        html,
      });
    }
    return true;
  }

  /** The page of the build `buildKey` at `path`, with its first paint when one was kept. */
  async pageOf(
    projectId: string,
    buildKey: string,
    path: string,
    indexHtml: string | undefined,
  ): Promise<PaintedPage> {
    const paint = PAGE_PATH.test(path)
      ? await findFirstPaint(this.deps.db, projectId, buildKey, path)
      : null;
    const painted = paint
      ? withFirstPaint(appIndexPage(indexHtml), paint.containerId, paint.html)
      : null;
    return painted === null || paint === null
      ? { indexHtml, shown: null }
      : { indexHtml: painted, shown: paint.containerId };
  }
}
