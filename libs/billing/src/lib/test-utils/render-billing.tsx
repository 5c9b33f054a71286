import type { ReactElement, ReactNode } from 'react';
import { renderWithProviders } from '@mason/web-testing';

export interface RenderBillingOptions {
  route?: string;
  path?: string;
  routes?: Record<string, ReactNode>;
}

/** A billing screen as a signed-in person sees it: a fresh store, a router at `route`. */
export function renderBilling(ui: ReactElement, options: RenderBillingOptions = {}) {
  return renderWithProviders(ui, {
    route: options.route ?? '/dashboard/billing',
    path: options.path ?? '/dashboard/billing',
    routes: options.routes,
    getToken: () => 'test-token',
  });
}
