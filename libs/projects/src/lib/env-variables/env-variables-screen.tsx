import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import styled from 'styled-components';
import { isViteEnvKey, VITE_ENV_PREFIX, type EnvVariable } from '@mason/contract';
import {
  isApiError,
  useDeleteEnvVariableMutation,
  useGetEnvVariablesQuery,
  useGetProjectQuery,
} from '@mason/api-client';
import {
  Button,
  ConfirmDialog,
  EmptyState,
  Page,
  PageHeader,
  Panel,
  Text,
  WrenchIcon,
} from '@mason/ui-kit';
import { LoadingBlock } from '../loading-block/loading-block';
import { ProjectPicker, useProjectIdParam } from '../project-picker/project-scoped-page';
import { useProjectsPaths } from '../projects-paths/projects-paths';
import { AddEnvVariableForm } from './add-env-variable-form';
import { EnvVariableRow } from './env-variable-row';
import { RepublishNotice } from './republish-notice';

const StyledSections = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[6]};
`;

const StyledActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[2]};
`;

const StyledList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
`;

const StyledListHeading = styled.h2`
  margin: 0 0 ${({ theme }) => theme.space[3]};
  font-size: ${({ theme }) => theme.typography.fontSizes.lg};
  font-weight: ${({ theme }) => theme.typography.fontWeights.semibold};

  &:focus {
    outline: none;
  }
`;

const StyledStatus = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.successText};
  font-size: ${({ theme }) => theme.typography.fontSizes.sm};
`;

const StyledCode = styled.code`
  font-family: ${({ theme }) => theme.typography.fonts.mono};
`;

/** What a change means for the preview, after "KEY saved." or "KEY deleted." */
function changeNote(key: string, deleted: boolean): string {
  if (!isViteEnvKey(key)) return '';
  return deleted
    ? ' Open previews reload without it.'
    : ' Open previews reload with the new value.';
}

/**
 * /env-variables?projectId=…: a project's environment variables. Keys are listed with their
 * values masked (a toggle shows one), each says where it goes (built into the app, or kept on
 * the server); variables are added, edited and deleted (with a confirm). Without a project it
 * asks for one.
 */
export function EnvVariablesScreen() {
  const paths = useProjectsPaths();
  const projectId = useProjectIdParam();
  if (!projectId) {
    return (
      <ProjectPicker
        title="Environment variables"
        description="Settings and secrets your app reads, like API keys and addresses."
        hrefFor={paths.envVariables}
      />
    );
  }
  return <ProjectEnvVariables projectId={projectId} />;
}

function ProjectEnvVariables({ projectId }: { projectId: string }) {
  const paths = useProjectsPaths();
  const { data: project } = useGetProjectQuery(projectId);
  const { data, error, isLoading, isFetching, refetch } = useGetEnvVariablesQuery(projectId);
  const [deleteVariable, { isLoading: deleting }] = useDeleteEnvVariableMutation();
  const [confirming, setConfirming] = useState<string | null>(null);
  const [changes, setChanges] = useState(0);
  const [status, setStatus] = useState('');
  const listHeading = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  const [focusList, setFocusList] = useState(false);
  // A deleted row and its buttons are gone: once the dialog has closed (and handed focus back),
  // focus goes to the list's heading.
  useEffect(() => {
    if (focusList && confirming === null) {
      setFocusList(false);
      listHeading.current?.focus();
    }
  }, [focusList, confirming]);
  const variables = data?.variables ?? [];

  const changed = (text: string) => {
    setChanges((count) => count + 1);
    setStatus(text);
  };
  const saved = ({ key }: EnvVariable) => changed(`${key} saved.${changeNote(key, false)}`);
  const confirmDelete = async () => {
    if (!confirming) return;
    const key = confirming;
    try {
      await deleteVariable({ projectId, key }).unwrap();
      setConfirming(null);
      setFocusList(true);
      changed(`${key} deleted.${changeNote(key, true)}`);
    } catch {
      // The API's error toast says why; the dialog stays to try again or cancel.
    }
  };

  const missing = isApiError(error) && error.status === 404 && !data;
  let list: ReactNode;
  if (isLoading) {
    list = <LoadingBlock label="Loading the variables" />;
  } else if (error && !data) {
    list = (
      <EmptyState
        bordered
        title="The variables could not be loaded"
        description="Check your connection, then try again."
        action={
          <Button onClick={() => void refetch()} loading={isFetching} loadingText="Trying again…">
            Try again
          </Button>
        }
      />
    );
  } else if (variables.length === 0) {
    list = (
      <EmptyState
        bordered
        icon={<WrenchIcon />}
        title="No variables yet"
        description="Add an API key, an address or a setting above. Mason’s assistant asks for one when your app needs it, too."
      />
    );
  } else {
    list = (
      <StyledList aria-labelledby={headingId}>
        {variables.map((variable) => (
          <EnvVariableRow
            key={variable.key}
            projectId={projectId}
            variable={variable}
            onSaved={saved}
            onDelete={setConfirming}
          />
        ))}
      </StyledList>
    );
  }

  if (missing) {
    return (
      <Page>
        <PageHeader title="Environment variables" />
        <EmptyState
          bordered
          title="There is no such project"
          description="It may have been deleted, or the link is not complete. Choose one of your projects."
          action={
            <Button as={Link} to={paths.dashboard}>
              All projects
            </Button>
          }
        />
      </Page>
    );
  }

  return (
    <Page>
      <PageHeader
        title={project ? `Environment variables of ${project.name}` : 'Environment variables'}
        description="Settings and secrets your app reads. Values are stored encrypted; Mason’s assistant sees the keys only."
        actions={
          <StyledActions>
            <Button as={Link} to={paths.dashboard} variant="ghost">
              All projects
            </Button>
            <Button as={Link} to={paths.project(projectId)} variant="outline">
              Back to the project
            </Button>
          </StyledActions>
        }
      />
      <StyledSections>
        {changes > 0 && <RepublishNotice key={changes} projectId={projectId} />}
        <Panel
          title="Add a variable"
          description={
            <>
              Keys starting with <StyledCode>{VITE_ENV_PREFIX}</StyledCode> are built into the app:
              read them as <StyledCode>import.meta.env.{VITE_ENV_PREFIX}NAME</StyledCode>, and
              anyone who opens the app can see them. Other keys stay on Mason’s server.
            </>
          }
        >
          <AddEnvVariableForm
            projectId={projectId}
            existingKeys={variables.map((variable) => variable.key)}
            onSaved={saved}
          />
        </Panel>
        <section aria-labelledby={headingId}>
          <StyledListHeading id={headingId} ref={listHeading} tabIndex={-1}>
            Variables
          </StyledListHeading>
          <StyledStatus role="status">{status}</StyledStatus>
          {list}
        </section>
        <Text tone="muted" size="sm">
          Saving or deleting a variable rebuilds the preview with it.
        </Text>
      </StyledSections>
      <ConfirmDialog
        open={confirming !== null}
        variant="destructive"
        title={`Delete ${confirming ?? ''}?`}
        description={
          confirming && isViteEnvKey(confirming)
            ? 'The app no longer gets this value. The preview rebuilds without it.'
            : 'Mason forgets this value. This cannot be undone.'
        }
        confirmLabel="Delete variable"
        busyLabel="Deleting…"
        busy={deleting}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setConfirming(null)}
      />
    </Page>
  );
}
