import { lazy, useState, type ComponentType, type LazyExoticComponent } from 'react';
import { matchPath, Route, Routes } from 'react-router';
import { paths, type PathName } from './paths';
import { Root } from './root';

type Page = ComponentType;

/**
 * A screen loaded on demand whose loading can start before it is rendered (`preload`). Rendered
 * once its code has loaded, it is the screen itself at once; a lazy screen would suspend all the
 * same, and React holds back what a Suspense boundary reveals for a moment after its fallback
 * showed (300 ms), however soon the code is there.
 */
function preloadable(load: () => Promise<{ default: ComponentType }>): {
  Screen: ComponentType;
  preload: () => void;
} {
  let loaded: ComponentType | null = null;
  let loading: Promise<void> | null = null;
  const preload = () => {
    loading ??= load().then(
      (module) => void (loaded = module.default),
      // A failed load is the lazy screen's to report, when it loads again.
      () => void (loading = null),
    );
  };
  const Lazy: LazyExoticComponent<ComponentType> = lazy(load);
  function Screen() {
    // Chosen once, when it mounts: switching later would mount the screen again.
    const [Component] = useState<ComponentType>(() => loaded ?? Lazy);
    return <Component />;
  }
  return { Screen, preload };
}

// Every screen is its own chunk: the shell loads only the route that is opened.
const PublicFrame = lazy(() => import('./routes/public-frame'));
const signedInFrame = preloadable(() => import('./routes/app-frame'));
const SignedInFrame = signedInFrame.Screen;
const Landing = lazy(() => import('./routes/landing'));
const Pricing = lazy(() => import('./routes/pricing'));
const Waitlist = lazy(() => import('./routes/waitlist'));
const PrivacyPolicy = lazy(() => import('./routes/privacy-policy'));
const TermsOfService = lazy(() => import('./routes/terms-of-service'));
const Login = lazy(() => import('./routes/login'));
const Signup = lazy(() => import('./routes/signup'));
const PasswordReset = lazy(() => import('./routes/password-reset'));
const PasswordResetToken = lazy(() => import('./routes/password-reset-token'));
const VerifyEmail = lazy(() => import('./routes/verify-email'));
const GoogleCallback = lazy(() => import('./routes/google-callback'));
const DashboardProjects = lazy(() => import('./routes/dashboard-projects'));
const NewProject = lazy(() => import('./routes/new-project'));
const ImportProject = lazy(() => import('./routes/import-project'));
const ProjectFiles = lazy(() => import('./routes/project-files'));
const EnvVariables = lazy(() => import('./routes/env-variables'));
const ProjectAssets = lazy(() => import('./routes/project-assets'));
const Domains = lazy(() => import('./routes/domains'));
const projectWorkspace = preloadable(() => import('./routes/project-workspace'));
const ProjectWorkspace = projectWorkspace.Screen;
const Tasks = lazy(() => import('./routes/tasks'));
const ArchivedTasks = lazy(() => import('./routes/archived-tasks'));
const Task = lazy(() => import('./routes/task'));
const Settings = lazy(() => import('./routes/settings'));
const Billing = lazy(() => import('./routes/billing'));
const Rewards = lazy(() => import('./routes/rewards'));
const BillingCheckout = lazy(() => import('./routes/billing-checkout'));
const BillingReceipt = lazy(() => import('./routes/billing-receipt'));
const SubscriptionSuccess = lazy(() => import('./routes/subscription-success'));
const SubscriptionCancel = lazy(() => import('./routes/subscription-cancel'));
const Integrations = lazy(() => import('./routes/integrations'));
const SupabaseRedirect = lazy(() => import('./routes/supabase-redirect'));
const GithubCallback = lazy(() => import('./routes/github-callback'));
const McpServers = lazy(() => import('./routes/mcp-servers'));
const McpCallback = lazy(() => import('./routes/mcp-callback'));
const OpenRouterCallback = lazy(() => import('./routes/open-router-callback'));
const ComingSoon = lazy(() => import('./routes/coming-soon'));

/**
 * Starts loading the screen of the address the page opened on, beside the session check: the
 * guard renders it only once the session is restored, by when its code has loaded (and run), so
 * it renders (and asks for its data) at once. Only the project workspace: its code (the chat,
 * the preview) is the largest, and it is where a person comes back to.
 */
export function preloadRoute(pathname: string): void {
  if (!matchPath(paths.project, pathname)) return;
  signedInFrame.preload();
  projectWorkspace.preload();
}

export interface ComingSoonRoute {
  title: string;
  description?: string;
}

/** Routes whose screens come with later issues: they say so plainly, inside the app frame. */
const comingSoon: [PathName, ComingSoonRoute][] = [
  ['develop', { title: 'Develop' }],
  ['designs', { title: 'Designs' }],
  ['projectTheme', { title: 'Project theme' }],
];

const page = (path: string, Screen: Page) => <Route key={path} path={path} element={<Screen />} />;
const soon = ([name, route]: [PathName, ComingSoonRoute]) => (
  <Route key={name} path={paths[name]} element={<ComingSoon {...route} />} />
);

/** The whole route table of SPEC.md 2; the guard in Root decides who may see what. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Root />}>
        <Route element={<PublicFrame />}>
          {page(paths.home, Landing)}
          {page(paths.pricing, Pricing)}
          {page(paths.waitlist, Waitlist)}
          {page(paths.privacyPolicy, PrivacyPolicy)}
          {page(paths.termsOfService, TermsOfService)}
        </Route>
        {page(paths.login, Login)}
        {page(paths.signup, Signup)}
        {page(paths.passwordReset, PasswordReset)}
        {page(paths.passwordResetToken, PasswordResetToken)}
        {page(paths.verifyEmail, VerifyEmail)}
        {page(paths.googleCallback, GoogleCallback)}
        {/* A payment page and its receipts, like a provider's: outside the app frame (they need a login all the same). */}
        {page(paths.billingCheckout, BillingCheckout)}
        {page(paths.billingReceipt, BillingReceipt)}
        {/* GitHub's redirects: public, outside the app frame (the screen asks for a login if there is none). */}
        <Route path={paths.githubCallback} element={<GithubCallback flow="DEFAULT" />} />
        <Route path={paths.githubCallbackExisting} element={<GithubCallback flow="EXISTING" />} />
        <Route path={paths.githubCallbackWindow} element={<GithubCallback flow="WINDOW" />} />
        {/* An MCP server's sign-in and OpenRouter's PKCE flow come back here: public, outside the app frame too. */}
        <Route path={paths.mcpCallback} element={<McpCallback />} />
        <Route path={paths.mcpCallbackClose} element={<McpCallback popup />} />
        {page(paths.openRouterCallback, OpenRouterCallback)}
        <Route element={<SignedInFrame />}>
          {page(paths.dashboardProjects, DashboardProjects)}
          {page(paths.dashboardProjectsNew, NewProject)}
          {page(paths.dashboardProjectsExisting, ImportProject)}
          {page(paths.files, ProjectFiles)}
          {page(paths.envVariables, EnvVariables)}
          {page(paths.assets, ProjectAssets)}
          {page(paths.domains, Domains)}
          {page(paths.project, ProjectWorkspace)}
          {page(paths.tasks, Tasks)}
          {page(paths.archived, ArchivedTasks)}
          {page(paths.task, Task)}
          {page(paths.settings, Settings)}
          {page(paths.dashboardSettings, Settings)}
          {page(paths.billing, Billing)}
          {page(paths.dashboardBilling, Billing)}
          {page(paths.dashboardRewards, Rewards)}
          {page(paths.integrations, Integrations)}
          {page(paths.supabaseRedirect, SupabaseRedirect)}
          {page(paths.dashboardIntegrations, Integrations)}
          {page(paths.dashboardMcp, McpServers)}
          {page(paths.subscriptionsSuccess, SubscriptionSuccess)}
          {page(paths.subscriptionsCancel, SubscriptionCancel)}
          {comingSoon.map(soon)}
        </Route>
        {/* Unknown routes: the guard sends a visitor to /login and a signed-in person to the dashboard. */}
        <Route path="*" element={null} />
      </Route>
    </Routes>
  );
}
