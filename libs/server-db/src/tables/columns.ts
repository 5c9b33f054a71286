// Column builders the tables share.
import { customType, integer, numeric, text, timestamp } from 'drizzle-orm/pg-core';

/** When a row was made; when it last changed. */
export const createdAt = () =>
  timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/**
 * The columns of a durable job (a turn, a deployment): how often it was tried, which process
 * runs it and until when its claim holds without a heartbeat, and when it was queued, started
 * and finished.
 */
export const jobColumns = () => ({
  attempts: integer('attempts').notNull().default(0),
  workerId: text('worker_id'),
  leaseUntil: timestamp('lease_until', { withTimezone: true }),
  createdAt: createdAt(),
  startedAt: timestamp('started_at', { withTimezone: true }),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
});

/** PostgreSQL bytea as a Node Buffer (both drivers return one). */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** A credit amount (one credit, one US cent): fractions are real, a small turn costs a fraction. */
export const creditAmount = (name: string) =>
  numeric(name, { precision: 14, scale: 6, mode: 'number' });
