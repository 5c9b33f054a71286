import { isKnownPath, isPublicPath, pathTo, paths } from './paths';

describe('route lists of SPEC.md 2', () => {
  it.each([
    '/',
    '/waitlist',
    '/login',
    '/signup',
    '/password-reset',
    '/password-reset/abc123',
    '/auth/callback/google',
    '/github/callback',
    '/github/callback/existing',
    '/github/callback/window',
    '/mcp/callback',
    '/mcp/callback/close',
    '/open-router/callback',
    '/pricing',
    '/privacy_policy',
    '/terms_of_service',
    '/verify-email/tok',
    '/projects/p1',
  ])('%s is public', (pathname) => {
    expect(isPublicPath(pathname)).toBe(true);
    expect(isKnownPath(pathname)).toBe(true);
  });

  it.each([
    '/develop',
    '/designs',
    '/integrations/supabase/redirect',
    '/domains',
    '/assets',
    '/env-variables',
    '/integrations',
    '/settings',
    '/billing',
    '/billing/checkout/checkout-1',
    '/billing/receipts/r1',
    '/projects/p1/theme',
    '/tasks',
    '/archived',
    '/files',
    '/task/t1',
    '/dashboard/projects',
    '/dashboard/projects/new',
    '/dashboard/projects/existing',
    '/dashboard/rewards',
    '/dashboard/settings',
    '/dashboard/billing',
    '/dashboard/mcp',
    '/dashboard/integrations',
    '/subscriptions/success',
    '/subscriptions/cancel',
  ])('%s needs login and is known', (pathname) => {
    expect(isPublicPath(pathname)).toBe(false);
    expect(isKnownPath(pathname)).toBe(true);
  });

  it.each(['/nowhere', '/projects', '/dashboard', '/projects/p1/other', '/task'])(
    '%s is unknown',
    (pathname) => {
      expect(isKnownPath(pathname)).toBe(false);
      expect(isPublicPath(pathname)).toBe(false);
    },
  );

  it('fills path parameters', () => {
    expect(pathTo(paths.project, { projectId: 'a b' })).toBe('/projects/a%20b');
  });
});
