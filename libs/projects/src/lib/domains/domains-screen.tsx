import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import styled from 'styled-components';
import { useGetProjectDomainsQuery, useGetProjectQuery } from '@mason/api-client';
import {
  Alert,
  Button,
  EmptyState,
  ExternalLinkIcon,
  Page,
  PageHeader,
  Panel,
} from '@mason/ui-kit';
import { LoadingBlock } from '../loading-block/loading-block';
import {
  ProjectPageActions,
  ProjectPicker,
  useProjectIdParam,
} from '../project-picker/project-scoped-page';
import { useProjectsPaths } from '../projects-paths/projects-paths';
import { AddDomainForm } from './add-domain-form';
import { DomainCard } from './domain-card';

const StyledBody = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[6]};
`;

const StyledList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space[4]};
`;

/** How often "checked 5 minutes ago" is brought up to date, and the states refreshed. */
const REFRESH_MS = 60_000;

/**
 * /domains?projectId=…: a project's custom domains. Add one (a published project only), create
 * the records it shows (copy buttons), see each record's last check, check now, remove.
 */
export function DomainsScreen() {
  const paths = useProjectsPaths();
  const projectId = useProjectIdParam();

  if (!projectId) {
    return (
      <ProjectPicker
        title="Domains"
        description="Show a published app on a domain of yours."
        hrefFor={paths.domains}
      />
    );
  }
  return <ProjectDomains projectId={projectId} />;
}

function ProjectDomains({ projectId }: { projectId: string }) {
  const paths = useProjectsPaths();
  const { data: project } = useGetProjectQuery(projectId);
  // Mason checks pending domains in the background: the list follows along while it is open.
  const { data, isLoading, isError, isFetching, refetch } = useGetProjectDomainsQuery(projectId, {
    pollingInterval: REFRESH_MS,
  });
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), REFRESH_MS);
    return () => clearInterval(timer);
  }, []);

  const name = project?.name ?? 'this project';
  let body: ReactNode;
  if (isLoading) {
    body = <LoadingBlock label="Loading the domains" />;
  } else if (isError && !data) {
    body = (
      <EmptyState
        bordered
        title="The domains could not be loaded"
        description="Check your connection, then try again."
        action={
          <Button onClick={() => void refetch()} loading={isFetching} loadingText="Trying again…">
            Try again
          </Button>
        }
      />
    );
  } else if (data) {
    body = (
      <StyledBody>
        {!data.planIncludesDomains ? (
          <Alert
            tone="info"
            title="Custom domains come with the Pro and Usage-based plans"
            action={
              <Button as={Link} to={paths.billing(paths.domains(projectId))} size="sm">
                See plans
              </Button>
            }
          >
            Your plan does not include custom domains. Change your plan, then come back to add a
            domain. Domains added before keep serving the app.
          </Alert>
        ) : data.published ? (
          <Panel
            title="Add a domain"
            titleAs="h2"
            description="Mason then shows the DNS records to create for it."
          >
            <AddDomainForm projectId={projectId} />
          </Panel>
        ) : (
          <Alert
            tone="info"
            title={`${name} is not published yet`}
            action={
              <Button as={Link} to={paths.project(projectId)} variant="outline" size="sm">
                Open project
              </Button>
            }
          >
            A domain shows the published app. Publish the app from its project first, then come back
            to add a domain.
          </Alert>
        )}
        {data.domains.length > 0 ? (
          <StyledList aria-label="Domains">
            {data.domains.map((domain) => (
              <li key={domain.domain}>
                <DomainCard projectId={projectId} domain={domain} now={now} />
              </li>
            ))}
          </StyledList>
        ) : (
          data.published &&
          data.planIncludesDomains && (
            <EmptyState
              bordered
              icon={<ExternalLinkIcon />}
              title="No domains yet"
              titleAs="h2"
              description="Add a domain you own above; Mason shows the records to create at your DNS provider."
            />
          )
        )}
      </StyledBody>
    );
  }

  return (
    <Page width="large">
      <PageHeader
        title={project ? `Domains of ${project.name}` : 'Domains'}
        description="Show the published app on a domain of yours. Mason checks the domain's DNS records and serves the app there once they are in place."
        actions={<ProjectPageActions projectId={projectId} />}
      />
      {body}
    </Page>
  );
}
