import type { InvoiceRecord, PaymentRecord, SessionRecord } from './stripe-objects';
import { dollars } from './stripe-state';

const escape = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(title)}</title></head>` +
  `<body><main>${body}</main></body></html>`;

/** The stand-in's hosted checkout: what is bought, a Pay button (a form POST) and a way back. */
export function checkoutPage(session: SessionRecord): string {
  const items = session.lines
    .map((line) => {
      const amount =
        line.price.recurring?.usageType === 'metered'
          ? 'billed by use'
          : dollars(line.price.unitAmount * (line.quantity ?? 1));
      return `<li>${escape(line.price.productName)}: ${escape(amount)}</li>`;
    })
    .join('');
  const back = session.cancelUrl ? `<p><a href="${escape(session.cancelUrl)}">Back</a></p>` : '';
  if (session.status !== 'open') return page('Checkout', '<h1>This checkout is complete</h1>');
  return page(
    'Checkout',
    `<h1>Pay ${escape(dollars(session.amountTotal))}${session.mode === 'subscription' ? ' a month' : ''}</h1>` +
      `<ul>${items}</ul><p>${escape(session.customerEmail ?? '')}</p>` +
      `<form method="post"><button type="submit">Pay</button></form>${back}`,
  );
}

export function invoicePage(invoice: InvoiceRecord): string {
  const lines = invoice.lines
    .map((line) => `<li>${escape(line.description)}: ${escape(dollars(line.amount))}</li>`)
    .join('');
  return page(
    `Invoice ${invoice.number}`,
    `<h1>Invoice ${escape(invoice.number)}: ${escape(dollars(invoice.amountDue))} ${invoice.status}</h1><ul>${lines}</ul>`,
  );
}

export function receiptPage(payment: PaymentRecord): string {
  return page('Receipt', `<h1>Receipt: ${escape(dollars(payment.amount))} paid</h1>`);
}

export const notFoundPage = () => page('Not found', '<h1>Not found</h1>');
