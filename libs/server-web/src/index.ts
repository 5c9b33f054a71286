// Public API of @mason/server-web: name every export.
export { registerWebApp } from './lib/web-app';
export type { WebAppConfig } from './lib/web-app';
export { posthogJsVersion, posthogSources } from './lib/shell-policy';
export type { ShellPolicyConfig } from './lib/shell-policy';
