import type { ReactElement, ReactNode } from 'react';
import { renderWithProviders } from '@mason/web-testing';

export interface RenderIntegrationsOptions {
  route?: string;
  path?: string;
  routes?: Record<string, ReactNode>;
}

/** An integrations screen as a signed-in person sees it: a fresh store, a router at `route`. */
export function renderIntegrations(ui: ReactElement, options: RenderIntegrationsOptions = {}) {
  return renderWithProviders(ui, {
    route: options.route ?? '/dashboard/integrations',
    path: options.path ?? '/dashboard/integrations',
    routes: options.routes,
    getToken: () => 'test-token',
  });
}
