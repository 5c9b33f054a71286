import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { restoreSession } from '@mason/auth';
import { showToast } from '@mason/ui-kit';
import { App } from './app/app';
import { currentLocation } from './app/location';
import { preloadRoute } from './app/routes';
import { makeStore } from './app/store';

const store = makeStore({
  getPathname: () => currentLocation.pathname,
  notify: (message, options) => void showToast(message, options),
});
void store.dispatch(restoreSession());
preloadRoute(window.location.pathname);

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <BrowserRouter>
      <App store={store} />
    </BrowserRouter>
  </StrictMode>,
);
