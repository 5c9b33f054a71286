import { randomBytes } from 'node:crypto';
import type {
  CustomerRecord,
  InvoiceLine,
  InvoiceRecord,
  Json,
  MeterRecord,
  PaymentRecord,
  PriceRecord,
  ProductRecord,
  SessionRecord,
  SubscriptionRecord,
} from './stripe-objects';

/** An answer in Stripe's error shape: `{ error: { type, code, message, param } }`. */
export class StandInError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string | null = null,
    readonly param: string | null = null,
    readonly type = 'invalid_request_error',
  ) {
    super(message);
  }

  toJson(): Json {
    return {
      error: { type: this.type, code: this.code, message: this.message, param: this.param },
    };
  }
}

export const missingParam = (param: string) =>
  new StandInError(400, `Missing required param: ${param}.`, 'parameter_missing', param);

export const invalidParam = (param: string, message: string) =>
  new StandInError(400, message, 'parameter_invalid', param);

/** One usage report as the meter keeps it. */
export interface MeterEventRecord {
  readonly identifier: string;
  readonly eventName: string;
  readonly customer: string;
  readonly value: number;
  readonly timestamp: number;
  readonly payload: Readonly<Record<string, string>>;
  readonly created: number;
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Everything the stand-in holds, and the test clock its periods run on. */
export class StandInState {
  private offsetSeconds = 0;
  private invoiceCount = 0;
  readonly customers = new Map<string, CustomerRecord>();
  readonly products = new Map<string, ProductRecord>();
  readonly prices = new Map<string, PriceRecord>();
  readonly meters = new Map<string, MeterRecord>();
  readonly sessions = new Map<string, SessionRecord>();
  readonly subscriptions = new Map<string, SubscriptionRecord>();
  readonly invoices = new Map<string, InvoiceRecord>();
  readonly payments = new Map<string, PaymentRecord>();
  readonly meterEvents = new Map<string, MeterEventRecord>();
  /** Customers whose next renewal is declined. */
  readonly failNext = new Set<string>();

  /** The test clock, in Unix seconds: real time plus whatever advance() added. */
  now(): number {
    return Math.floor(Date.now() / 1000) + this.offsetSeconds;
  }

  addToClock(seconds: number): void {
    this.offsetSeconds += seconds;
  }

  /** A Stripe-like id: `cus_` and 14 letters or digits. */
  id(prefix: string): string {
    const bytes = randomBytes(14);
    return `${prefix}_${[...bytes].map((byte) => ALPHABET[byte % ALPHABET.length]).join('')}`;
  }

  /** A record by id, or Stripe's 404 `resource_missing`. */
  find<T>(records: ReadonlyMap<string, T>, kind: string, id: string, param = 'id'): T {
    const found = records.get(id);
    if (!found) throw new StandInError(404, `No such ${kind}: '${id}'`, 'resource_missing', param);
    return found;
  }

  createCustomer(email: string | null): CustomerRecord {
    const customer = { id: this.id('cus'), email, created: this.now(), balance: 0 };
    this.customers.set(customer.id, customer);
    return customer;
  }

  /**
   * An invoice of the given lines; a customer's credit balance (a downgrade's unused time) pays
   * what it can, and what it does not use stays for the next one.
   */
  createInvoice(input: {
    customer: string;
    subscription: string | null;
    lines: readonly InvoiceLine[];
    billingReason: InvoiceRecord['billingReason'];
    periodStart: number;
    periodEnd: number;
  }): InvoiceRecord {
    const customer = this.find(this.customers, 'customer', input.customer);
    const total = input.lines.reduce((sum, line) => sum + line.amount, 0);
    const owed = total + customer.balance;
    customer.balance = Math.min(0, owed);
    this.invoiceCount += 1;
    const invoice: InvoiceRecord = {
      ...input,
      id: this.id('in'),
      number: `MASON-${String(this.invoiceCount).padStart(4, '0')}`,
      total,
      amountDue: Math.max(0, owed),
      status: 'paid',
      created: this.now(),
    };
    this.invoices.set(invoice.id, invoice);
    return invoice;
  }

  createPayment(customer: string | null, amount: number): PaymentRecord {
    const payment = {
      intentId: this.id('pi'),
      chargeId: this.id('ch'),
      customer,
      amount,
      created: this.now(),
    };
    this.payments.set(payment.intentId, payment);
    return payment;
  }

  /** A meter's summed usage for a customer over [from, to). */
  usage(eventName: string, customer: string, from: number, to: number): number {
    let sum = 0;
    for (const event of this.meterEvents.values()) {
      const inPeriod = event.timestamp >= from && event.timestamp < to;
      if (event.eventName === eventName && event.customer === customer && inPeriod)
        sum += event.value;
    }
    return sum;
  }
}

/** One calendar month later (UTC), clamped to the month's last day, as Stripe bills monthly. */
export function addMonth(unixSeconds: number): number {
  const date = new Date(unixSeconds * 1000);
  const day = date.getUTCDate();
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() + 1);
  const lastDay = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  date.setUTCDate(Math.min(day, lastDay));
  return Math.floor(date.getTime() / 1000);
}

/** Dollars as Stripe's line descriptions show them ($40.00). */
export const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;
