import {
  createListenerMiddleware,
  isRejectedWithValue,
  type ListenerMiddlewareInstance,
  type UnknownAction,
} from '@reduxjs/toolkit';
import { isApiError, type ApiError } from './api-error';
import { API_REDUCER_PATH } from './api';
import { SILENT_ERROR_ENDPOINTS, toastFor } from './error-toasts';
import type { ApiEndpointName } from './mason-api';

/** What a toast asks of the notifier; notistack's enqueueSnackbar takes it as it is. */
export interface ApiToastOptions {
  readonly variant: 'error';
  /** Several calls failing the same way (a poll, parallel queries) show one toast. */
  readonly preventDuplicate: true;
}

/** Shows a toast. Default: notistack's enqueueSnackbar, loaded on the first toast (a no-op until a SnackbarProvider mounts). */
export type ApiNotifier = (message: string, options: ApiToastOptions) => void;

/** Logs the failures of silent calls. Default: console.warn. */
export type ApiWarn = (message: string, error: ApiError) => void;

export interface ApiListenerOptions {
  readonly notify?: ApiNotifier;
  readonly warn?: ApiWarn;
}

const defaultNotify: ApiNotifier = (message, options) => {
  // notistack assigns its global enqueueSnackbar when a SnackbarProvider mounts; it is loaded
  // only when a toast is needed, so pages without one never pay for it.
  void import('notistack').then((notistack) => {
    if (typeof notistack.enqueueSnackbar === 'function')
      notistack.enqueueSnackbar(message, options);
  });
};

const defaultWarn: ApiWarn = (message, error) => console.warn(message, error);

type ThunkMeta = { meta?: { arg?: { endpointName?: unknown; originalArgs?: unknown } } };

/** The endpoint of an RTK Query thunk action of this api ('api/executeQuery/rejected', ...). */
function endpointOf(action: UnknownAction): string | null {
  if (!action.type.startsWith(`${API_REDUCER_PATH}/execute`)) return null;
  const meta = (action as ThunkMeta).meta;
  return typeof meta?.arg?.endpointName === 'string' ? meta.arg.endpointName : null;
}

/**
 * The one place API errors become toasts (STYLE.md): a listener middleware that sees every
 * rejected call of the api slice and asks `toastFor` what to show. One per store.
 */
export function createApiListener(options: ApiListenerOptions = {}): ListenerMiddlewareInstance {
  const notify = options.notify ?? defaultNotify;
  const warn = options.warn ?? defaultWarn;
  const listener = createListenerMiddleware();
  listener.startListening({
    matcher: isRejectedWithValue,
    effect: (action) => {
      const endpoint = endpointOf(action);
      if (endpoint === null || !isApiError(action.payload)) return;
      const error = action.payload;
      const toast = toastFor(endpoint, error, (action as ThunkMeta).meta?.arg?.originalArgs);
      if (toast !== null) notify(toast, { variant: 'error', preventDuplicate: true });
      else if (SILENT_ERROR_ENDPOINTS.has(endpoint as ApiEndpointName))
        warn(`${endpoint} failed: ${error.message}`, error);
    },
  });
  return listener;
}
