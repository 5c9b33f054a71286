import { ErrorMessages, type UsageLimitError } from '@mason/contract';
import { createAction, isAnyOf } from '@reduxjs/toolkit';
import type { ApiError } from './api-error';

/**
 * What api-client announces. It never navigates and never imports a feature: auth and the shell
 * listen for these actions (clear the session, go to /login, open the usage modal).
 */

/** A 401 outside a /projects path: the session is over; log out and go to /login. */
export const apiSessionEnded = createAction<{ reason: 'unauthorized'; endpoint: string }>(
  'apiClient/sessionEnded',
);

/**
 * A 401 on a /projects path: the toast 'Cannot find project. Please login and try again.' is
 * raised by the api listener; log out and go to /login.
 */
export const apiSessionExpired = createAction<{ message: string; endpoint: string }>(
  'apiClient/sessionExpired',
);

/** A 403 'Usage limit reached' with limitResetDate: open the usage-limit modal. */
export const apiUsageLimitReached = createAction<UsageLimitError & { endpoint: string }>(
  'apiClient/usageLimitReached',
);

/** Matches both announcements that end the session (auth clears it and goes to /login on either). */
export const isApiSessionEnd = isAnyOf(apiSessionEnded, apiSessionExpired);

export type ApiAnnouncement =
  | ReturnType<typeof apiSessionEnded>
  | ReturnType<typeof apiSessionExpired>
  | ReturnType<typeof apiUsageLimitReached>;

/** The announcement an error calls for, if any (pure; the base query dispatches it). */
export function announcementFor(error: ApiError, endpoint: string): ApiAnnouncement | null {
  switch (error.kind) {
    case 'unauthorized':
      return apiSessionEnded({ reason: 'unauthorized', endpoint });
    case 'project-unauthorized':
      return apiSessionExpired({ message: error.message, endpoint });
    case 'usage-limit':
      return error.limitResetDate
        ? apiUsageLimitReached({
            message: ErrorMessages.usageLimitReached,
            limitResetDate: error.limitResetDate,
            endpoint,
          })
        : null;
    default:
      return null;
  }
}
