import { useEffect, useRef, useState } from 'react';
import type { ProductionBackup } from '@mason/contract';
import {
  useGetProductionBackupsQuery,
  useRestoreProductionBackupMutation,
} from '@mason/api-client';
import {
  Button,
  ConfirmDialog,
  RotateCcwIcon,
  formatBytes,
  formatDateTime,
  formatRelativeTime,
} from '@mason/ui-kit';
import {
  StyledHistoryDetail,
  StyledHistoryItem,
  StyledHistoryList,
  StyledHistoryNote,
  StyledHistoryTitle,
  StyledHistoryWhen,
} from './history-list';

export interface DatabaseBackupsProps {
  projectId: string;
  /** The list's accessible name (the id of its heading). */
  labelledBy: string;
  /**
   * The newest publish and where it stands ("id:STATUS"): when it changes, a publish may have
   * backed the database up, so the list is asked again.
   */
  publishKey?: string | null;
}

/** "Before version 2 was published", "Before a restore". */
export function backupTitle(backup: ProductionBackup): string {
  if (backup.reason === 'BEFORE_RESTORE') return 'Before a restore';
  return backup.versionIndex === null
    ? 'Before a publish'
    : `Before version ${backup.versionIndex} was published`;
}

/**
 * The published app's database backups, newest first: one before each publish that changed the
 * database, one before each restore. Restore brings one back, after asking; the database as it
 * is then is backed up first, so a restore can be undone from this list too.
 */
export function DatabaseBackups({
  projectId,
  labelledBy,
  publishKey = null,
}: DatabaseBackupsProps) {
  const { data, isLoading, isError, refetch } = useGetProductionBackupsQuery({ projectId });
  const seenPublish = useRef(publishKey);
  useEffect(() => {
    if (seenPublish.current === publishKey) return;
    seenPublish.current = publishKey;
    void refetch();
  }, [publishKey, refetch]);
  const [target, setTarget] = useState<ProductionBackup | null>(null);
  const [restore, restoring] = useRestoreProductionBackupMutation();

  const confirm = async () => {
    if (!target) return;
    try {
      await restore({ projectId, backupId: target.id }).unwrap();
      setTarget(null);
    } catch {
      // The api listener says why; the question stays open for another try.
    }
  };

  if (isLoading) return <StyledHistoryNote role="status">Loading the backups…</StyledHistoryNote>;
  if (isError || !data)
    return (
      <StyledHistoryNote role="alert">
        The backups could not be loaded.{' '}
        <Button size="sm" variant="ghost" onClick={() => void refetch()}>
          Try again
        </Button>
      </StyledHistoryNote>
    );
  if (data.backups.length === 0)
    return (
      <StyledHistoryNote>
        No backups yet: one is taken before each publish that changes the database.
      </StyledHistoryNote>
    );

  return (
    <>
      <StyledHistoryList aria-labelledby={labelledBy}>
        {data.backups.map((backup) => {
          const title = backupTitle(backup);
          return (
            <StyledHistoryItem key={backup.id}>
              <StyledHistoryTitle>{title}</StyledHistoryTitle>
              <StyledHistoryDetail>{formatBytes(backup.bytes)}</StyledHistoryDetail>
              <StyledHistoryWhen
                dateTime={backup.createdAt}
                title={formatDateTime(backup.createdAt)}
              >
                {formatRelativeTime(backup.createdAt)}
              </StyledHistoryWhen>
              <Button
                size="sm"
                variant="ghost"
                leadingIcon={<RotateCcwIcon size={14} />}
                aria-label={`Restore the database as it was ${title.toLowerCase()}`}
                onClick={() => setTarget(backup)}
              >
                Restore
              </Button>
            </StyledHistoryItem>
          );
        })}
      </StyledHistoryList>
      <ConfirmDialog
        open={target !== null}
        variant="destructive"
        title="Restore the published app's database?"
        description={
          target
            ? `It goes back to how it was ${backupTitle(target).toLowerCase()}: what the app's users saved since then is replaced. The database as it is now is backed up first, so you can undo this here. The app's code stays as it is; roll back too if it needs the older tables.`
            : undefined
        }
        confirmLabel="Restore"
        busyLabel="Restoring…"
        busy={restoring.isLoading}
        onConfirm={() => void confirm()}
        onCancel={() => setTarget(null)}
      />
    </>
  );
}
