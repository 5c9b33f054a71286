import { useState } from 'react';
import styled from 'styled-components';
import type { Deployment } from '@mason/contract';
import { useRollbackDeploymentMutation } from '@mason/api-client';
import {
  Badge,
  Button,
  ConfirmDialog,
  RotateCcwIcon,
  VisuallyHidden,
  formatDateTime,
  formatRelativeTime,
} from '@mason/ui-kit';
import { DEPLOYMENT_STATUS_LABELS } from './publish-state';

const StyledList = styled.ol`
  display: grid;
  margin: 0;
  padding: 0;
  list-style: none;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
`;

const StyledItem = styled.li`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => `${theme.space[1]} ${theme.space[2]}`};
  min-height: 44px;
  padding: ${({ theme }) => `${theme.space[1.5]} ${theme.space[3]}`};

  & + & {
    border-top: 1px solid ${({ theme }) => theme.colors.border};
  }
`;

const StyledVersion = styled.span`
  font-weight: ${({ theme }) => theme.typography.fontWeights.medium};
`;

const StyledWhen = styled.time`
  flex: 1;
  color: ${({ theme }) => theme.colors.mutedForeground};
  font-size: ${({ theme }) => theme.typography.fontSizes.xs};
  white-space: nowrap;
`;

const StyledEmpty = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.mutedForeground};
`;

export interface DeploymentHistoryProps {
  projectId: string;
  /** Newest first. */
  history: readonly Deployment[];
  /** The app's public address, named in the rollback's question. */
  url: string | null;
  /** The history's accessible name (the id of its heading). */
  labelledBy: string;
}

/** Every publish, newest first: its version, how it went and when; earlier builds can be served again. */
export function DeploymentHistory({ projectId, history, url, labelledBy }: DeploymentHistoryProps) {
  const [target, setTarget] = useState<Deployment | null>(null);
  const [rollBack, rolling] = useRollbackDeploymentMutation();

  const confirm = async () => {
    if (!target) return;
    try {
      await rollBack({ projectId, deploymentId: target.id }).unwrap();
      setTarget(null);
    } catch {
      // The api listener says why; the question stays open for another try.
    }
  };

  if (history.length === 0) return <StyledEmpty>Nothing published yet.</StyledEmpty>;

  return (
    <>
      <StyledList aria-labelledby={labelledBy}>
        {history.map((deployment) => {
          const status = DEPLOYMENT_STATUS_LABELS[deployment.status];
          const at = deployment.finishedAt ?? deployment.createdAt;
          return (
            <StyledItem key={deployment.id}>
              <StyledVersion>Version {deployment.versionIndex}</StyledVersion>
              <Badge variant={status.variant}>
                <VisuallyHidden>Status: </VisuallyHidden>
                {status.label}
              </Badge>
              <StyledWhen dateTime={at} title={formatDateTime(at)}>
                {formatRelativeTime(at)}
              </StyledWhen>
              {deployment.canRollBack && (
                <Button
                  size="sm"
                  variant="ghost"
                  leadingIcon={<RotateCcwIcon size={14} />}
                  aria-label={`Roll back to version ${deployment.versionIndex}`}
                  onClick={() => setTarget(deployment)}
                >
                  Roll back
                </Button>
              )}
            </StyledItem>
          );
        })}
      </StyledList>
      <ConfirmDialog
        open={target !== null}
        title={target ? `Roll back to version ${target.versionIndex}?` : ''}
        description={
          target
            ? `${url ? `${url} serves` : 'The app serves'} version ${target.versionIndex} again at once, without building. You can publish the newest version again at any time.`
            : undefined
        }
        confirmLabel="Roll back"
        busyLabel="Rolling back…"
        busy={rolling.isLoading}
        onConfirm={() => void confirm()}
        onCancel={() => setTarget(null)}
      />
    </>
  );
}
