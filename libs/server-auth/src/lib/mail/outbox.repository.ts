import { desc, eq } from 'drizzle-orm';
import { outbox, type Executor } from '@mason/server-db';

/** The e-mails sent to one address, newest first. */
export async function outboxFor(db: Executor, toAddress: string) {
  return db
    .select()
    .from(outbox)
    .where(eq(outbox.toAddress, toAddress))
    .orderBy(desc(outbox.createdAt), desc(outbox.id));
}
