import { useGetTransactionsQuery } from '@mason/api-client';
import type { Transaction, TransactionStatus } from '@mason/contract';
import {
  Badge,
  EmptyState,
  Panel,
  TextLink,
  VisuallyHidden,
  type BadgeVariant,
} from '@mason/ui-kit';
import { formatMoney, formatShortDate } from '../format/billing-format';
import { StyledStackingTable, StyledTableScroll } from '../shared/data-table';
import { LoadError } from '../shared/load-error';
import { LoadingStatus } from '../shared/loading-status';

/** A payment's status in words, and its badge's colour. */
const STATUSES: Readonly<Record<TransactionStatus, { label: string; variant: BadgeVariant }>> = {
  SUCCEEDED: { label: 'Paid', variant: 'success' },
  PENDING: { label: 'Pending', variant: 'secondary' },
  FAILED: { label: 'Failed', variant: 'destructive' },
  REFUNDED: { label: 'Refunded', variant: 'outline' },
};

function TransactionRow({ transaction }: { transaction: Transaction }) {
  const status = STATUSES[transaction.status];
  return (
    <tr>
      <td data-label="Date">
        <time dateTime={transaction.createdAt}>{formatShortDate(transaction.createdAt)}</time>
      </td>
      <th scope="row">{transaction.description}</th>
      <td data-align="end" data-label="Amount">
        {formatMoney(transaction.amountCents, transaction.currency)}
      </td>
      <td data-label="Status">
        <Badge variant={status.variant}>{status.label}</Badge>
      </td>
      <td data-label="Receipt">
        {transaction.receiptUrl ? (
          <TextLink href={transaction.receiptUrl} target="_blank" rel="noreferrer">
            Receipt
            <VisuallyHidden> for {transaction.description} (opens in a new tab)</VisuallyHidden>
          </TextLink>
        ) : (
          <span>
            <span aria-hidden="true">—</span>
            <VisuallyHidden>No receipt</VisuallyHidden>
          </span>
        )}
      </td>
    </tr>
  );
}

/** The person's payments, newest first, each with its receipt when the provider gave one. */
export function TransactionsPanel() {
  const { data, error, isLoading, isFetching, refetch } = useGetTransactionsQuery();

  let body;
  if (isLoading) {
    body = <LoadingStatus label="Loading your payments…" />;
  } else if (!data) {
    body = (
      <LoadError
        title="Your payments could not be loaded"
        titleAs="h3"
        error={error}
        onRetry={() => void refetch()}
        retrying={isFetching}
      />
    );
  } else if (data.transactions.length === 0) {
    body = (
      <EmptyState
        title="No payments yet"
        titleAs="h3"
        description="Your payments and their receipts show here after your first checkout."
      />
    );
  } else {
    body = (
      <StyledTableScroll>
        <StyledStackingTable aria-label="Payments, newest first">
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Description</th>
              <th scope="col" data-align="end">
                Amount
              </th>
              <th scope="col">Status</th>
              <th scope="col">Receipt</th>
            </tr>
          </thead>
          <tbody>
            {data.transactions.map((transaction) => (
              <TransactionRow key={transaction.id} transaction={transaction} />
            ))}
          </tbody>
        </StyledStackingTable>
      </StyledTableScroll>
    );
  }
  return (
    <Panel title="Payments" titleAs="h2">
      {body}
    </Panel>
  );
}
