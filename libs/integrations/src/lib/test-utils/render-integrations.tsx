import type { ReactElement } from 'react';
import { renderWithProviders, type ScreenRouteOptions } from '@mason/web-testing';

/** An integrations screen as a signed-in person sees it: a fresh store, a router at `route`. */
export function renderIntegrations(ui: ReactElement, options: ScreenRouteOptions = {}) {
  return renderWithProviders(ui, {
    route: options.route ?? '/dashboard/integrations',
    path: options.path ?? '/dashboard/integrations',
    routes: options.routes,
    getToken: () => 'test-token',
  });
}
