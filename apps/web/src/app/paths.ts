import { matchPath } from 'react-router';

/** Every URL of the web app. Only the shell knows them; libraries get what they need as props. */
export const paths = {
  home: '/',
  waitlist: '/waitlist',
  login: '/login',
  signup: '/signup',
  passwordReset: '/password-reset',
  passwordResetToken: '/password-reset/:token',
  googleCallback: '/auth/callback/google',
  githubCallback: '/github/callback',
  githubCallbackExisting: '/github/callback/existing',
  githubCallbackWindow: '/github/callback/window',
  mcpCallback: '/mcp/callback',
  mcpCallbackClose: '/mcp/callback/close',
  openRouterCallback: '/open-router/callback',
  pricing: '/pricing',
  privacyPolicy: '/privacy_policy',
  termsOfService: '/terms_of_service',
  verifyEmail: '/verify-email/:token',
  project: '/projects/:projectId',

  develop: '/develop',
  designs: '/designs',
  supabaseRedirect: '/integrations/supabase/redirect',
  domains: '/domains',
  assets: '/assets',
  envVariables: '/env-variables',
  integrations: '/integrations',
  settings: '/settings',
  billing: '/billing',
  /** The embedded payment provider's checkout page (a server without Stripe). */
  billingCheckout: '/billing/checkout/:id',
  /** The receipt of a payment made on that page. */
  billingReceipt: '/billing/receipts/:id',
  projectTheme: '/projects/:projectId/theme',
  tasks: '/tasks',
  archived: '/archived',
  files: '/files',
  task: '/task/:id',
  dashboardProjects: '/dashboard/projects',
  dashboardProjectsNew: '/dashboard/projects/new',
  dashboardProjectsExisting: '/dashboard/projects/existing',
  dashboardRewards: '/dashboard/rewards',
  dashboardSettings: '/dashboard/settings',
  dashboardBilling: '/dashboard/billing',
  dashboardMcp: '/dashboard/mcp',
  dashboardIntegrations: '/dashboard/integrations',
  subscriptionsSuccess: '/subscriptions/success',
  subscriptionsCancel: '/subscriptions/cancel',
} as const;

export type PathName = keyof typeof paths;

/** SPEC.md 2: routes anyone may open without logging in. */
export const publicPaths: readonly string[] = [
  paths.home,
  paths.waitlist,
  paths.login,
  paths.signup,
  paths.passwordReset,
  paths.passwordResetToken,
  paths.googleCallback,
  paths.githubCallback,
  paths.githubCallbackExisting,
  paths.githubCallbackWindow,
  paths.mcpCallback,
  paths.mcpCallbackClose,
  paths.openRouterCallback,
  paths.pricing,
  paths.privacyPolicy,
  paths.termsOfService,
  paths.verifyEmail,
  paths.project,
];

/** SPEC.md 2: the other known routes; a logged-in person elsewhere goes to /dashboard/projects. */
export const privatePaths: readonly string[] = Object.values(paths).filter(
  (path) => !publicPaths.includes(path),
);

const matches = (patterns: readonly string[], pathname: string) =>
  patterns.some((pattern) => matchPath({ path: pattern, end: true }, pathname) !== null);

export const isPublicPath = (pathname: string): boolean => matches(publicPaths, pathname);
export const isKnownPath = (pathname: string): boolean =>
  isPublicPath(pathname) || matches(privatePaths, pathname);

/** Fills `:params` of a path pattern. */
export const pathTo = (pattern: string, params: Record<string, string>): string =>
  pattern.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
