import { useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { useSnackbar, type ProviderContext } from 'notistack';
import { MasonThemeProvider } from '../../theme/mason-theme-provider';
import { ToastProvider } from './toast-provider';

let host: Promise<ProviderContext> | null = null;

function Ready({ onReady }: { onReady: (context: ProviderContext) => void }) {
  const context = useSnackbar();
  useEffect(() => onReady(context), [onReady, context]);
  return null;
}

/**
 * Mounts one ToastProvider in a root of its own, the first time a toast is shown: pages that
 * never show a toast never load the toast code. It follows the person's theme choice.
 */
export function ensureToastHost(): Promise<ProviderContext> {
  host ??= new Promise<ProviderContext>((resolve) => {
    const container = document.createElement('div');
    container.dataset['masonToasts'] = '';
    document.body.appendChild(container);
    createRoot(container).render(
      <MasonThemeProvider applyToDocument={false} withGlobalStyle={false}>
        <ToastProvider>
          <Ready onReady={resolve} />
        </ToastProvider>
      </MasonThemeProvider>,
    );
  });
  return host;
}
