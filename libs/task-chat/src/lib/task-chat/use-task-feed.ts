import { useCallback, useRef, useState } from 'react';
import { useDispatch } from 'react-redux';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import {
  isApiError,
  liveTaskLogsArgs,
  loadOlderTaskLogs,
  useGetTaskLogsQuery,
} from '@mason/api-client';

const OLDER_FAILED = 'Earlier messages could not be loaded.';

/**
 * A task's live log (entries, messages being written, connection) and the loading of older
 * entries in front of it.
 */
export function useTaskFeed(taskId: string) {
  const query = useGetTaskLogsQuery(liveTaskLogsArgs(taskId));
  const dispatch = useDispatch<ThunkDispatch<unknown, unknown, UnknownAction>>();
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [olderError, setOlderError] = useState<string | null>(null);
  const inFlight = useRef(false);

  const loadOlder = useCallback(() => {
    if (inFlight.current) return;
    inFlight.current = true;
    setLoadingOlder(true);
    setOlderError(null);
    dispatch(loadOlderTaskLogs(taskId))
      .catch((error: unknown) =>
        setOlderError(isApiError(error) ? `${OLDER_FAILED} ${error.message}` : OLDER_FAILED),
      )
      .finally(() => {
        inFlight.current = false;
        setLoadingOlder(false);
      });
  }, [dispatch, taskId]);

  return { ...query, loadOlder, loadingOlder, olderError };
}
