import type { Executor } from '@mason/server-db';
import type { BillingContext } from '../billing-context';
import { ledgerBalances, lockBillingOf } from '../ledger/ledger.repository';
import {
  debtorsOf,
  markUsageReportDelivered,
  markUsageReportFailed,
  pendingUsageReports,
  recordUsageReport,
  type Debtor,
} from './usage-reports.repository';

/** How often usage billed by use is reported, by default. */
export const USAGE_REPORT_EVERY_MS = 60 * 1000;
/** The most reports one run sends (the rest wait for the next run). */
const BATCH = 100;

export interface UsageReporterOptions {
  readonly everyMs?: number;
}

/**
 * Reports usage billed by use to the payment provider, crash-safe (an outbox).
 *
 * Each run first records: for each person with a customer at the provider whose balance is a
 * whole credit or more below zero (only the usage-based plan goes there), one transaction writes
 * a report of the whole credits owed and the ledger entry that moves them from the debt to
 * "billed by use" (fractions stay in the balance until they add up). Then it delivers: every report not delivered yet is
 * sent (`provider.reportUsage`, with the report's id as its identifier) and marked delivered.
 * A report whose sending failed, or whose process ended before it was marked, is sent again by
 * the next run, here or after a restart; the identifier makes the provider count it once.
 *
 * The embedded provider bills nothing by use: with it, nothing is recorded and the debt stays in
 * the balance.
 */
export class UsageReporter {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;

  constructor(
    private readonly ctx: Pick<BillingContext, 'db' | 'provider' | 'log'>,
    private readonly options: UsageReporterOptions = {},
  ) {}

  private get reportsUsage(): boolean {
    return this.ctx.provider.name !== 'embedded';
  }

  /** Runs now (what an earlier process left undelivered), then every `everyMs`. */
  start(): void {
    if (!this.reportsUsage || this.timer || this.stopped) return;
    void this.run();
    this.timer = setInterval(() => void this.run(), this.options.everyMs ?? USAGE_REPORT_EVERY_MS);
    // Reports never keep the process alive on their own.
    this.timer.unref();
  }

  /** Records and delivers now, or once more after the run under way. Resolves when done. */
  run(): Promise<void> {
    if (!this.reportsUsage || this.stopped) return Promise.resolve();
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      do {
        this.again = false;
        // What was recorded before is delivered even when recording fails now, and the other way.
        await this.record().catch((error: unknown) =>
          this.ctx.log.warn({ err: error }, 'could not record usage billed by use'),
        );
        await this.deliver().catch((error: unknown) =>
          this.ctx.log.warn({ err: error }, 'could not report usage to the billing provider'),
        );
      } while (this.again && !this.stopped);
    })().finally(() => (this.running = null));
    return this.running;
  }

  /** Stops the timer and waits for the run under way (it sends no further report). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  private async record(): Promise<void> {
    const { db, provider } = this.ctx;
    for (const debtor of await debtorsOf(db, provider.name)) {
      if (this.stopped) return;
      await db.transaction((tx) => this.recordOne(tx, debtor));
    }
  }

  /**
   * Under the person's lock (turns are charged under it too): the debt again. Only the usage-based
   * plan goes below zero, so any debt is usage billed by use, also one left after leaving that
   * plan: it is reported all the same, never forgotten.
   */
  private async recordOne(tx: Executor, debtor: Debtor) {
    await lockBillingOf(tx, debtor.userId);
    const { balance } = await ledgerBalances(tx, debtor.userId);
    const credits = Math.floor(-balance);
    if (credits < 1) return;
    await recordUsageReport(tx, { ...debtor, provider: this.ctx.provider.name, credits });
  }

  private async deliver(): Promise<void> {
    const { db, provider, log } = this.ctx;
    for (const report of await pendingUsageReports(db, provider.name, BATCH)) {
      if (this.stopped) return;
      try {
        await provider.reportUsage({
          customerId: report.customerId,
          credits: report.credits,
          identifier: report.id,
          // The same time on every try: a resent report is the same report.
          at: report.createdAt,
        });
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        log.warn({ err: error, report: report.id }, 'usage report not delivered; sent again later');
        await markUsageReportFailed(db, report.id, message);
        continue;
      }
      await markUsageReportDelivered(db, report.id);
    }
  }
}
