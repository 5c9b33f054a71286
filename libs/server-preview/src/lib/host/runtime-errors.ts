import type { FastifyBaseLogger } from 'fastify';
import type { VersionRow } from '@mason/server-db';
import * as z from 'zod/mini';
import { PREVIEW_ERROR_PHASES } from '@mason/contract/preview';
import type { PreviewHostDeps } from './preview-host-deps';
import { findVersion, recordPreviewError } from './preview-repository';
import type { PreviewHost } from './preview-urls';

/** Runtime errors accepted per project per window (a render loop can throw thousands). */
const ERRORS_PER_WINDOW = 10;
const ERRORS_WINDOW_MS = 10_000;
/** The largest report the bridge may send. */
export const ERROR_BODY_LIMIT = 64 * 1024;

/** What the bridge POSTs to /__mason/errors (BridgeConfig.errorsUrl). */
export const RuntimeErrorSchema = z.object({
  kind: z.enum(['error', 'unhandledrejection']),
  message: z.string().check(z.maxLength(20_000)),
  stack: z.optional(z.nullable(z.string().check(z.maxLength(20_000)))),
  page: z.string().check(z.maxLength(2048)),
  /** PREVIEW_ERROR_PHASES; absent: after the load (no automatic repair). */
  phase: z.optional(z.enum(PREVIEW_ERROR_PHASES)),
});
export type RuntimeErrorReport = z.infer<typeof RuntimeErrorSchema>;

/**
 * Takes the runtime errors previews report: kept for the agent (the newest few per project, at
 * most ERRORS_PER_WINDOW per window). Only an error of the first render (phase 'load') of the
 * newest version, when the assistant made that version, asks the task that made it for a repair
 * (DESIGN.md: automatic work never undoes a person's work). An error of a version the person
 * made (a visual edit, an editor save, the theme, a revert) or one after the load (a click's)
 * waits for the person: the preview's console offers "Fix with AI".
 */
export class RuntimeErrorIntake {
  private readonly counts = new Map<string, { windowStart: number; count: number }>();

  constructor(private readonly deps: Pick<PreviewHostDeps, 'db' | 'repair'>) {}

  async take(host: PreviewHost, report: RuntimeErrorReport, log: FastifyBaseLogger): Promise<void> {
    if (!this.withinLimit(host.projectId)) return;
    const version = await findVersion(this.deps.db, host.projectId, host.versionIndex);
    if (!version) return;
    await recordPreviewError(this.deps.db, host.projectId, {
      versionIndex: version.index,
      kind: report.kind,
      message: report.message,
      stack: report.stack ?? null,
      page: report.page,
    });
    if (host.versionIndex === null && report.phase === 'load' && madeByTheAssistant(version)) {
      // Decided (and any repair queued) before the bridge is answered; the turn runs later.
      await this.deps
        .repair(version.taskId, { versionIndex: version.index, message: report.message })
        .catch((error: unknown) => log.warn({ err: error }, 'Could not start a repair'));
    }
  }

  private withinLimit(projectId: string): boolean {
    const now = Date.now();
    const count = this.counts.get(projectId);
    if (count && now - count.windowStart < ERRORS_WINDOW_MS) {
      if (count.count >= ERRORS_PER_WINDOW) return false;
      count.count += 1;
      return true;
    }
    this.counts.set(projectId, { windowStart: now, count: 1 });
    return true;
  }
}

/** A version a turn of the assistant made (a repair's included): its task may repair it. */
function madeByTheAssistant(version: VersionRow): version is VersionRow & { taskId: string } {
  return version.taskId !== null && (version.origin === 'ASSISTANT' || version.origin === 'REPAIR');
}
