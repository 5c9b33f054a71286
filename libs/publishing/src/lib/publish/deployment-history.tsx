import { useState } from 'react';
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
import {
  StyledHistoryItem as StyledItem,
  StyledHistoryList as StyledList,
  StyledHistoryNote as StyledEmpty,
  StyledHistoryTitle as StyledVersion,
  StyledHistoryWhen as StyledWhen,
} from './history-list';
import { DEPLOYMENT_STATUS_LABELS } from './publish-state';

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
