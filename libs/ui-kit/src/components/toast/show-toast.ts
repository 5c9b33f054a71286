import type { ToastVariant } from './toast-provider';

export interface ShowToastOptions {
  variant?: ToastVariant;
  /** A toast with the same text as one on screen is not shown twice. Default: true. */
  preventDuplicate?: boolean;
}

/**
 * Shows a toast from anywhere (a store listener, a thunk): loads the toast code on first use,
 * mounts the toast host, then shows the message top-center (SPEC.md 2).
 */
export async function showToast(
  message: string,
  { variant = 'default', preventDuplicate = true }: ShowToastOptions = {},
): Promise<void> {
  const { ensureToastHost } = await import('./toast-host');
  const { enqueueSnackbar } = await ensureToastHost();
  enqueueSnackbar(message, { variant, preventDuplicate });
}
