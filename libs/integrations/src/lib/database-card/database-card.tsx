import styled from 'styled-components';
import { IntegrationCard } from '../integration-card/integration-card';
import { StyledText } from '../shared/plain-text';

const StyledSteps = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space[2]};
  margin: 0;
  padding-left: ${({ theme }) => theme.space[5]};
  font-size: ${({ theme }) => theme.typography.fontSizes.sm};
`;

/** A cylinder: the usual mark of a database. */
function DatabaseMark() {
  return (
    <svg
      width="22"
      height="22"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <ellipse cx="12" cy="5" rx="8" ry="3" />
      <path d="M4 5v14c0 1.7 3.6 3 8 3s8-1.3 8-3V5" />
      <path d="M4 12c0 1.7 3.6 3 8 3s8-1.3 8-3" />
    </svg>
  );
}

/**
 * The Database card of /integrations (issue 34 §5): where an app's data can live, and where each
 * project chooses it (its Settings → Database). A database service is attached per project, with
 * its own credentials: there is no account to connect here.
 */
export function DatabaseCard() {
  return (
    <IntegrationCard
      name="Database"
      icon={<DatabaseMark />}
      description="Where an app keeps its data and its users. Each project chooses its own, in its Settings under Database."
    >
      <StyledSteps>
        <li>
          The built-in database: a development one for the preview and a production one once
          published, with time travel.
        </li>
        <li>A Supabase project, attached with its URL, anon key and database password.</li>
        <li>Any PostgreSQL database on a public address, attached with its connection URL.</li>
      </StyledSteps>
      <StyledText>
        Attached credentials are checked before they are kept, and kept encrypted. Connecting a
        whole Supabase account, to pick a project from a list, is not available on this server.
      </StyledText>
    </IntegrationCard>
  );
}
