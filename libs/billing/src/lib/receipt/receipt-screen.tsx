import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import styled from 'styled-components';
import { useGetCurrentUserQuery, useGetTransactionsQuery } from '@mason/api-client';
import type { Transaction, TransactionKind, TransactionStatus } from '@mason/contract';
import { Badge, Button, EmptyState, Inline, Page, PageHeader, Panel } from '@mason/ui-kit';
import { formatBillingDate, formatMoney } from '../format/billing-format';
import { StyledDetailsList } from '../shared/details-list';
import { LoadError } from '../shared/load-error';
import { LoadingStatus } from '../shared/loading-status';

export interface ReceiptScreenProps {
  /** The billing screen: the way back, and where an unknown receipt leads. */
  billingHref: string;
}

const KINDS: Readonly<Record<TransactionKind, string>> = {
  SUBSCRIPTION: 'Plan',
  CREDITS: 'Credits',
  BALANCE: 'Balance top-up',
  USAGE: 'Usage',
  REFUND: 'Refund',
};

const STATUSES: Readonly<Record<TransactionStatus, string>> = {
  SUCCEEDED: 'Paid',
  PENDING: 'Pending',
  FAILED: 'Failed',
  REFUNDED: 'Refunded',
};

const StyledTotal = styled.p`
  display: flex;
  justify-content: space-between;
  margin: 0;
  padding-top: ${({ theme }) => theme.space[3]};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  font-weight: ${({ theme }) => theme.typography.fontWeights.semibold};
`;

const StyledNote = styled.p`
  margin: ${({ theme }) => `${theme.space[4]} 0 0`};
  color: ${({ theme }) => theme.colors.mutedForeground};
  font-size: ${({ theme }) => theme.typography.fontSizes.xs};
`;

/** Hidden when printed: a receipt on paper needs no buttons. */
const StyledActions = styled.div`
  @media print {
    display: none;
  }
`;

function Receipt({ transaction, billedTo }: { transaction: Transaction; billedTo: string | null }) {
  const amount = formatMoney(transaction.amountCents, transaction.currency);
  return (
    <Panel
      title={transaction.description}
      titleAs="h2"
      aria-label={`Receipt for ${transaction.description}`}
      actions={
        <Badge variant={transaction.status === 'SUCCEEDED' ? 'success' : 'secondary'}>
          {STATUSES[transaction.status]}
        </Badge>
      }
    >
      <StyledDetailsList>
        <dt>Receipt number</dt>
        <dd>{transaction.id}</dd>
        <dt>Date</dt>
        <dd>
          <time dateTime={transaction.createdAt}>{formatBillingDate(transaction.createdAt)}</time>
        </dd>
        <dt>For</dt>
        <dd>{KINDS[transaction.kind]}</dd>
        {billedTo && (
          <>
            <dt>Billed to</dt>
            <dd>{billedTo}</dd>
          </>
        )}
        <dt>Paid with</dt>
        <dd>Mason’s test payment page (no card charged)</dd>
      </StyledDetailsList>
      <StyledTotal>
        <span>Total</span>
        <span>{amount}</span>
      </StyledTotal>
      <StyledNote>Issued by Mason. Keep this page for your records; it can be printed.</StyledNote>
    </Panel>
  );
}

/**
 * /billing/receipts/:id: the receipt of one of the person's payments made on Mason's own payment
 * page (the embedded provider; Stripe's payments link to Stripe's receipts). Someone else's or an
 * unknown payment is not found.
 */
export function ReceiptScreen({ billingHref }: ReceiptScreenProps) {
  const { id = '' } = useParams<{ id: string }>();
  const payments = useGetTransactionsQuery();
  const { data: user } = useGetCurrentUserQuery();
  const transaction = payments.data?.transactions.find((candidate) => candidate.id === id);
  const billedTo = user ? `${user.firstName} ${user.lastName} (${user.email})` : null;
  const toBilling = (
    <Button as={Link} to={billingHref} variant="outline">
      Go to billing
    </Button>
  );

  let body: ReactNode;
  if (payments.isLoading) {
    body = <LoadingStatus label="Loading the receipt…" />;
  } else if (!payments.data) {
    body = (
      <LoadError
        title="The receipt could not be loaded"
        error={payments.error}
        onRetry={() => void payments.refetch()}
        retrying={payments.isFetching}
      />
    );
  } else if (!transaction) {
    body = (
      <EmptyState
        bordered
        title="This receipt is not among your payments"
        description="Your payments and their receipts are on the billing page."
        action={toBilling}
      />
    );
  } else {
    body = (
      <>
        <Receipt transaction={transaction} billedTo={billedTo} />
        <StyledActions>
          <Inline gap={2} justify="end">
            {toBilling}
            <Button onClick={() => window.print()}>Print</Button>
          </Inline>
        </StyledActions>
      </>
    );
  }

  return (
    <Page width="narrow">
      <PageHeader title="Receipt" description="Mason" />
      {body}
    </Page>
  );
}
