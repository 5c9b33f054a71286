import type { ReactElement } from 'react';
import { renderWithProviders, type ScreenRouteOptions } from '@mason/web-testing';

/** A billing screen as a signed-in person sees it: a fresh store, a router at `route`. */
export function renderBilling(ui: ReactElement, options: ScreenRouteOptions = {}) {
  return renderWithProviders(ui, {
    route: options.route ?? '/dashboard/billing',
    path: options.path ?? '/dashboard/billing',
    routes: options.routes,
    getToken: () => 'test-token',
  });
}
