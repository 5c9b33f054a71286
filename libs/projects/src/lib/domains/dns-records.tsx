import { Fragment } from 'react';
import styled from 'styled-components';
import { copyableValue } from '../styles/surfaces';
import type { DnsRecord, DomainCheck } from '@mason/contract';
import { AlertCircleIcon, CheckCircleIcon, InfoIcon } from '@mason/ui-kit';
import { CopyButton } from './copy-button';

const StyledList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space[2]};
`;

const StyledRecord = styled.li`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${({ theme }) => theme.space[3]};
  padding: ${({ theme }) => theme.space[3]};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.background};

  ${({ theme }) => `@media (min-width: ${theme.breakpoints.lg})`} {
    grid-template-columns: 3.5rem minmax(0, 1.25fr) minmax(0, 1.25fr) minmax(0, 1fr);
    align-items: start;
  }
`;

const StyledField = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[1]};
  min-width: 0;
`;

const StyledLabel = styled.span`
  color: ${({ theme }) => theme.colors.mutedForeground};
  font-size: ${({ theme }) => theme.typography.fontSizes.xs};
  font-weight: ${({ theme }) => theme.typography.fontWeights.medium};
`;

const StyledType = styled.span`
  font-family: ${({ theme }) => theme.typography.fonts.mono};
  font-size: ${({ theme }) => theme.typography.fontSizes.sm};
  font-weight: ${({ theme }) => theme.typography.fontWeights.semibold};
`;

const StyledCopyRow = styled.div`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space[2]};
`;

const StyledCode = styled.code`
  ${copyableValue}
  font-size: ${({ theme }) => theme.typography.fontSizes.sm};
  line-height: ${({ theme }) => theme.typography.lineHeights.normal};
`;

/** A DNS name or value that wraps after its dots and hyphens first, then anywhere. */
function Breakable({ text }: { text: string }) {
  const parts = text.split(/(?<=[.-])/);
  return parts.map((part, index) => (
    <Fragment key={index}>
      {index > 0 && <wbr />}
      {part}
    </Fragment>
  ));
}

const StyledCheck = styled.p<{ $tone: 'ok' | 'missing' | 'unknown' }>`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space[2]};
  margin: 0;
  font-size: ${({ theme }) => theme.typography.fontSizes.sm};
  line-height: ${({ theme }) => theme.typography.lineHeights.normal};

  > svg {
    flex: none;
    margin-top: 2px;
    color: ${({ theme, $tone }) =>
      $tone === 'ok'
        ? theme.colors.successText
        : $tone === 'missing'
          ? theme.colors.destructiveText
          : theme.colors.mutedForeground};
  }
`;

const StyledDetail = styled.span`
  display: block;
  color: ${({ theme }) => theme.colors.mutedForeground};
  overflow-wrap: anywhere;
`;

const RECORD_WORDS: Record<DnsRecord['type'], string> = {
  TXT: 'TXT record',
  CNAME: 'CNAME record',
  A: 'A record',
  AAAA: 'AAAA record',
};

export interface DnsRecordsProps {
  /** The domain (names the list for screen readers). */
  domain: string;
  records: readonly DnsRecord[];
  /** The outcome of the last check, per record (empty before the first one). */
  checks: readonly DomainCheck[];
}

/** The records to create at the person's DNS provider, each with copy buttons and its last check. */
export function DnsRecords({ domain, records, checks }: DnsRecordsProps) {
  return (
    <StyledList aria-label={`Records to create for ${domain}`}>
      {records.map((record) => {
        const check = checks.find(({ type, name }) => type === record.type && name === record.name);
        const words = RECORD_WORDS[record.type];
        return (
          <StyledRecord key={`${record.type} ${record.name}`} aria-label={words}>
            <StyledField>
              <StyledLabel>Type</StyledLabel>
              <StyledType>{record.type}</StyledType>
            </StyledField>
            <StyledField>
              <StyledLabel>Name</StyledLabel>
              <StyledCopyRow>
                <StyledCode>
                  <Breakable text={record.name} />
                </StyledCode>
                <CopyButton value={record.name} label={`Copy the name of the ${words}`} />
              </StyledCopyRow>
            </StyledField>
            <StyledField>
              <StyledLabel>Value</StyledLabel>
              <StyledCopyRow>
                <StyledCode>
                  <Breakable text={record.value} />
                </StyledCode>
                <CopyButton value={record.value} label={`Copy the value of the ${words}`} />
              </StyledCopyRow>
            </StyledField>
            <StyledField>
              <StyledLabel>Last check</StyledLabel>
              <CheckState check={check} />
            </StyledField>
          </StyledRecord>
        );
      })}
    </StyledList>
  );
}

function CheckState({ check }: { check: DomainCheck | undefined }) {
  if (!check)
    return (
      <StyledCheck $tone="unknown">
        <InfoIcon size={16} aria-hidden="true" />
        <span>Not checked yet</span>
      </StyledCheck>
    );
  return (
    <StyledCheck $tone={check.ok ? 'ok' : 'missing'}>
      {check.ok ? (
        <CheckCircleIcon size={16} aria-hidden="true" />
      ) : (
        <AlertCircleIcon size={16} aria-hidden="true" />
      )}
      <span>
        {check.ok ? 'Found' : 'Not found'}
        <StyledDetail>{check.detail}</StyledDetail>
      </span>
    </StyledCheck>
  );
}
