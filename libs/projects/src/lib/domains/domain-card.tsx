import { useId, useState } from 'react';
import styled from 'styled-components';
import { cardSurface } from '../styles/surfaces';
import type { Domain, DomainStatus } from '@mason/contract';
import { useRemoveProjectDomainMutation, useVerifyProjectDomainMutation } from '@mason/api-client';
import {
  Alert,
  Badge,
  Button,
  ConfirmDialog,
  ExternalLinkIcon,
  RotateCwIcon,
  TrashIcon,
  VisuallyHidden,
  type BadgeVariant,
} from '@mason/ui-kit';
import { formatExactTime, formatRelativeTime } from '../format/relative-time';
import { DnsRecords } from './dns-records';

const StyledCard = styled.article`
  display: grid;
  gap: ${({ theme }) => theme.space[4]};
  ${cardSurface}
`;

const StyledTop = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[3]};
`;

const StyledTitle = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[3]};
  min-width: 0;
`;

const StyledName = styled.h2`
  margin: 0;
  min-width: 0;
  font-size: ${({ theme }) => theme.typography.fontSizes.lg};
  font-weight: ${({ theme }) => theme.typography.fontWeights.semibold};
  line-height: ${({ theme }) => theme.typography.lineHeights.tight};
  overflow-wrap: anywhere;
`;

const StyledActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[2]};
`;

const StyledText = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.mutedForeground};
  font-size: ${({ theme }) => theme.typography.fontSizes.sm};
  line-height: ${({ theme }) => theme.typography.lineHeights.normal};

  a {
    color: ${({ theme }) => theme.colors.foreground};
    font-weight: ${({ theme }) => theme.typography.fontWeights.medium};
    overflow-wrap: anywhere;
  }
`;

const StyledLink = styled.a`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[1]};
`;

/** A domain's state in words, and how it looks. */
const STATUS: Readonly<Record<DomainStatus, { label: string; variant: BadgeVariant }>> = {
  PENDING: { label: 'Waiting for DNS', variant: 'warning' },
  ACTIVE: { label: 'Active', variant: 'success' },
  FAILED: { label: 'Not working', variant: 'destructive' },
};

/** The badge of a domain: an ACTIVE one whose records went missing says so. */
function statusOf(domain: Domain) {
  if (domain.status === 'ACTIVE' && domain.activeUntil)
    return { label: 'Records missing', variant: 'warning' as const };
  return STATUS[domain.status];
}

export interface DomainCardProps {
  projectId: string;
  domain: Domain;
  /** Now, in ms (the list ticks it so "5 minutes ago" stays true). */
  now: number;
}

/**
 * One domain: its state, the records to create with the outcome of the last check, "Check now",
 * and removal behind a confirmation.
 */
export function DomainCard({ projectId, domain, now }: DomainCardProps) {
  const titleId = useId();
  const [verify, verifying] = useVerifyProjectDomainMutation();
  const [remove, removing] = useRemoveProjectDomainMutation();
  const [confirming, setConfirming] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const status = statusOf(domain);
  const missing = domain.checks.filter((check) => !check.ok).length;

  const checkNow = async () => {
    setAnnouncement('');
    try {
      const checked = await verify({ projectId, domain: domain.domain }).unwrap();
      const notFound = checked.checks.filter((check) => !check.ok).length;
      setAnnouncement(
        notFound === 0
          ? `Every record of ${checked.domain} was found.`
          : `${notFound} of ${checked.checks.length} records of ${checked.domain} were not found.`,
      );
    } catch {
      // The error's toast says what went wrong.
    }
  };

  const confirmRemove = async () => {
    try {
      await remove({ projectId, domain: domain.domain }).unwrap();
    } catch {
      // The error's toast says what went wrong; the domain stays listed.
    } finally {
      setConfirming(false);
    }
  };

  return (
    <StyledCard aria-labelledby={titleId}>
      <StyledTop>
        <StyledTitle>
          <StyledName id={titleId}>{domain.domain}</StyledName>
          <Badge variant={status.variant}>
            <VisuallyHidden>Status: </VisuallyHidden>
            {status.label}
          </Badge>
        </StyledTitle>
        <StyledActions>
          <Button
            variant="outline"
            size="sm"
            leadingIcon={<RotateCwIcon size={14} />}
            loading={verifying.isLoading}
            loadingText="Checking…"
            aria-label={`Check now for ${domain.domain}`}
            onClick={() => void checkNow()}
          >
            Check now
          </Button>
          <Button
            variant="ghost"
            size="sm"
            leadingIcon={<TrashIcon size={14} />}
            aria-label={`Remove ${domain.domain}`}
            onClick={() => setConfirming(true)}
          >
            Remove
          </Button>
        </StyledActions>
      </StyledTop>

      <StatusText domain={domain} missing={missing} />

      <DnsRecords domain={domain.domain} records={domain.dnsRecords} checks={domain.checks} />

      <StyledText>
        {domain.checkedAt ? (
          <span title={formatExactTime(domain.checkedAt)}>
            Last checked {formatRelativeTime(domain.checkedAt, now)}.
          </span>
        ) : (
          'Not checked yet.'
        )}{' '}
        Mason checks again every few minutes; a new record can take a while to reach everyone. Some
        DNS providers want only the part of the name before your own domain.
      </StyledText>
      <VisuallyHidden role="status">{announcement}</VisuallyHidden>

      <ConfirmDialog
        open={confirming}
        variant="destructive"
        title={`Remove ${domain.domain}?`}
        description={`The app stops opening at ${domain.domain} at once. You can add the domain again later, with a new TXT value to set.`}
        confirmLabel="Remove domain"
        busyLabel="Removing…"
        busy={removing.isLoading}
        onConfirm={() => void confirmRemove()}
        onCancel={() => setConfirming(false)}
      />
    </StyledCard>
  );
}

function StatusText({ domain, missing }: { domain: Domain; missing: number }) {
  if (domain.status === 'ACTIVE' && domain.activeUntil)
    return (
      <Alert tone="warning" title="Some records are missing">
        At the last check Mason could not find {missing === 1 ? 'one record' : `${missing} records`}
        . The domain keeps working until {formatExactTime(domain.activeUntil)}; put the records back
        before then, or it stops showing the app.
      </Alert>
    );
  if (domain.status === 'ACTIVE')
    return (
      <StyledText>
        The published app opens at{' '}
        <StyledLink href={domain.url} target="_blank" rel="noreferrer">
          {domain.url.replace(/\/$/, '')}
          <ExternalLinkIcon size={12} title="(opens in a new tab)" />
        </StyledLink>
      </StyledText>
    );
  if (domain.status === 'FAILED')
    return (
      <Alert tone="error" title="The records are gone">
        {domain.domain} no longer shows the app because its records are missing. Create them again,
        then check now.
      </Alert>
    );
  return (
    <StyledText>
      Create these records at the company that runs the DNS of {domain.domain} (often where you
      bought it). Once Mason finds them all, the domain shows the published app.
    </StyledText>
  );
}
