import { ErrorMessages } from '@mason/contract';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import {
  announcementFor,
  apiSessionEnded,
  apiSessionExpired,
  apiUsageLimitReached,
} from './announcements';
import { isApiError, SESSION_ENDED_MESSAGE, toApiError, type ApiError } from './api-error';

const body = (status: number, message: string, extra: Record<string, unknown> = {}) => ({
  statusCode: status,
  error: 'Error',
  message,
  ...extra,
});
const http = (
  status: number,
  message = 'Server says no',
  extra: Record<string, unknown> = {},
): FetchBaseQueryError => ({
  status,
  data: body(status, message, extra),
});
const resetDate = '2025-02-01T00:00:00.000Z';
const fieldErrors = { email: 'Enter a valid e-mail address.' };

interface Row {
  readonly row: string;
  readonly failure: FetchBaseQueryError;
  readonly pathname: string;
  readonly endpoint: string;
  readonly expected: Partial<ApiError> & Pick<ApiError, 'status' | 'kind' | 'message'>;
  readonly announces?: string;
}

/** Every row of SPEC.md 8, in order, with the pages and calls that select it (and the near misses). */
const catalogue: Row[] = [
  // 400 'Database password is not valid' -> rethrown, wherever it happens (it comes before the page rows)
  ...['/projects/p1', '/settings', '/signup'].map((pathname) => ({
    row: `400 database password on ${pathname}`,
    failure: http(400, 'Database password is not valid'),
    pathname,
    endpoint: 'attachDatabase',
    expected: {
      status: 400,
      kind: 'database-password-invalid',
      message: 'Database password is not valid',
    } as const,
  })),
  // 400 on /settings (both settings routes) -> 'Email is taken.', field errors kept
  ...['/settings', '/dashboard/settings', '/dashboard/settings/'].map((pathname) => ({
    row: `400 on ${pathname}`,
    failure: http(400, 'email: taken', { fieldErrors }),
    pathname,
    endpoint: 'updateCurrentUser',
    expected: {
      status: 400,
      kind: 'email-taken',
      message: 'Email is taken.',
      fieldErrors,
    } as const,
  })),
  // 400 on /signup -> 'Email already in use.'
  {
    row: '400 on /signup',
    failure: http(400, 'Email already in use.'),
    pathname: '/signup',
    endpoint: 'signup',
    expected: { status: 400, kind: 'email-in-use', message: 'Email already in use.' },
  },
  // 400 on /password-reset... or /verify-email... -> 'Token has already been used.'
  ...['/password-reset', '/password-reset/abc123', '/verify-email/abc123'].map((pathname) => ({
    row: `400 on ${pathname}`,
    failure: http(400, 'Token used'),
    pathname,
    endpoint: pathname.startsWith('/verify') ? 'verifyEmail' : 'resetPassword',
    expected: { status: 400, kind: 'token-used', message: 'Token has already been used.' } as const,
  })),
  // 400 elsewhere -> 'Invalid Request' (field errors kept); prefixes that only look alike do not count
  ...['/login', '/dashboard/projects', '/settingsx', '/signups', ''].map((pathname) => ({
    row: `400 on ${pathname || '(unknown page)'}`,
    failure: http(400, 'body/email must be an email', { fieldErrors }),
    pathname,
    endpoint: 'createProject',
    expected: {
      status: 400,
      kind: 'invalid-request',
      message: 'Invalid Request',
      fieldErrors,
    } as const,
  })),
  // 401 on a /projects path -> toast + session expired
  ...['/projects', '/projects/p1', '/projects/p1/theme'].map((pathname) => ({
    row: `401 on ${pathname}`,
    failure: http(401, 'Unauthorized'),
    pathname,
    endpoint: 'getProject',
    expected: {
      status: 401,
      kind: 'project-unauthorized',
      message: ErrorMessages.projectNotFoundLogin,
    } as const,
    announces: apiSessionExpired.type,
  })),
  // 401 elsewhere -> logout
  ...['/dashboard/projects', '/settings', '/'].map((pathname) => ({
    row: `401 on ${pathname}`,
    failure: http(401, 'Unauthorized'),
    pathname,
    endpoint: 'getCurrentUser',
    expected: { status: 401, kind: 'unauthorized', message: SESSION_ENDED_MESSAGE } as const,
    announces: apiSessionEnded.type,
  })),
  // 403 on login: the login call, whatever the page
  ...['/login', '/pricing'].map((pathname) => ({
    row: `403 from login on ${pathname}`,
    failure: http(403, 'Forbidden'),
    pathname,
    endpoint: 'login',
    expected: {
      status: 403,
      kind: 'invalid-credentials',
      message: 'Invalid email or password',
    } as const,
  })),
  // 403 on Google login (SPEC.md 8, other failures)
  {
    row: '403 from Google login',
    failure: http(403, 'Sign-ups are closed'),
    pathname: '/login',
    endpoint: 'loginWithGoogle',
    expected: { status: 403, kind: 'signups-closed', message: ErrorMessages.googleSignupsClosed },
  },
  // 403 'Usage limit reached' with limitResetDate -> usage modal + 'User cannot perform requested action'
  {
    row: '403 usage limit',
    failure: http(403, 'Usage limit reached', { limitResetDate: resetDate }),
    pathname: '/projects/p1',
    endpoint: 'sendTaskMessage',
    expected: {
      status: 403,
      kind: 'usage-limit',
      message: ErrorMessages.forbidden,
      limitResetDate: resetDate,
    },
    announces: apiUsageLimitReached.type,
  },
  // ... without limitResetDate it is any other 403
  {
    row: '403 usage limit without a reset date',
    failure: http(403, 'Usage limit reached'),
    pathname: '/projects/p1',
    endpoint: 'sendTaskMessage',
    expected: { status: 403, kind: 'forbidden', message: ErrorMessages.forbidden },
  },
  // 403 past the plan's project limit (ours): the message says what to do, and the toast shows it
  {
    row: '403 project limit',
    failure: http(403, ErrorMessages.projectLimitReached),
    pathname: '/dashboard/projects/new',
    endpoint: 'createProject',
    expected: {
      status: 403,
      kind: 'project-limit',
      message: ErrorMessages.projectLimitReached,
    },
  },
  // 403 other -> 'User cannot perform requested action' (the /login page alone is not "login")
  ...[
    ['/dashboard/projects', 'deleteProject'],
    ['/login', 'getCurrentUser'],
  ].map(([pathname, endpoint]) => ({
    row: `403 from ${endpoint} on ${pathname}`,
    failure: http(403, 'Not your project'),
    pathname: pathname as string,
    endpoint: endpoint as string,
    expected: {
      status: 403,
      kind: 'forbidden',
      message: 'User cannot perform requested action',
    } as const,
  })),
  // 500 or above -> 'Unknown server error' (also with a body that is not JSON)
  ...[500, 502, 503, 504].map((status) => ({
    row: `${status}`,
    failure: http(status, 'stack trace here'),
    pathname: '/settings',
    endpoint: 'getProjects',
    expected: { status, kind: 'server', message: 'Unknown server error' } as const,
  })),
  {
    row: '502 with an HTML body',
    failure: {
      status: 'PARSING_ERROR',
      originalStatus: 502,
      data: '<html>Bad Gateway</html>',
      error: 'SyntaxError',
    },
    pathname: '/',
    endpoint: 'getProjects',
    expected: { status: 502, kind: 'server', message: 'Unknown server error' },
  },
  // other -> the error's own message
  {
    row: '404',
    failure: http(404, 'Project not found.'),
    pathname: '/projects/p9',
    endpoint: 'getProject',
    expected: { status: 404, kind: 'other', message: 'Project not found.' },
  },
  {
    row: '429',
    failure: http(429, 'Too many attempts. Try again in 60 seconds.', { retryAfterSeconds: 60 }),
    pathname: '/login',
    endpoint: 'login',
    expected: {
      status: 429,
      kind: 'other',
      message: 'Too many attempts. Try again in 60 seconds.',
      retryAfterSeconds: 60,
    },
  },
  {
    row: '413 without a body',
    failure: { status: 413, data: null },
    pathname: '/projects/p1',
    endpoint: 'sendTaskMessage',
    expected: { status: 413, kind: 'other', message: 'The request failed (HTTP 413).' },
  },
  // no answer, or an unreadable one
  {
    row: 'network',
    failure: { status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' },
    pathname: '/settings',
    endpoint: 'getCurrentUser',
    expected: { status: 'NETWORK', kind: 'network', message: ErrorMessages.network },
  },
  {
    row: 'timeout',
    failure: { status: 'TIMEOUT_ERROR', error: 'TimeoutError: signal timed out' },
    pathname: '/projects/p1',
    endpoint: 'getProjectFiles',
    expected: { status: 'TIMEOUT', kind: 'timeout', message: ErrorMessages.timeout },
  },
  {
    row: '200 that is not JSON',
    failure: { status: 'PARSING_ERROR', originalStatus: 200, data: '<html>', error: 'SyntaxError' },
    pathname: '/',
    endpoint: 'getProjects',
    expected: { status: 'PARSE', kind: 'parse', message: ErrorMessages.badResponse },
  },
];

describe('the error catalogue (SPEC.md 8)', () => {
  it.each(catalogue)('$row', ({ failure, pathname, endpoint, expected, announces }) => {
    const error = toApiError(failure, { pathname, endpoint });
    expect(error).toMatchObject(expected);
    expect(isApiError(error)).toBe(true);
    // Field errors and dates appear only where the server sent them and the row keeps them.
    if (!('fieldErrors' in expected)) expect(error.fieldErrors).toBeUndefined();
    if (!('limitResetDate' in expected)) expect(error.limitResetDate).toBeUndefined();
    expect(announcementFor(error, endpoint)?.type).toBe(announces);
  });

  it('announces the usage limit with its reset date and the endpoint', () => {
    const error = toApiError(http(403, 'Usage limit reached', { limitResetDate: resetDate }), {
      pathname: '/projects/p1',
      endpoint: 'sendTaskMessage',
    });
    expect(announcementFor(error, 'sendTaskMessage')).toEqual(
      apiUsageLimitReached({
        message: 'Usage limit reached',
        limitResetDate: resetDate,
        endpoint: 'sendTaskMessage',
      }),
    );
  });

  it('keeps only well-typed parts of an error body', () => {
    const error = toApiError(
      {
        status: 400,
        data: { message: 42, fieldErrors: { email: 'Taken', age: 3 }, limitResetDate: 7 },
      },
      { pathname: '/', endpoint: 'createTask' },
    );
    expect(error).toEqual({
      status: 400,
      kind: 'invalid-request',
      message: 'Invalid Request',
      fieldErrors: { email: 'Taken' },
    });
  });
});

describe('isApiError', () => {
  it.each([
    [{ status: 400, kind: 'invalid-request', message: 'Invalid Request' }, true],
    [{ status: 'NETWORK', kind: 'network', message: 'x' }, true],
    [{ status: 'FETCH_ERROR', error: 'TypeError' }, false],
    [{ status: 400, kind: 'made-up', message: 'x' }, false],
    [{ name: 'Error', message: 'x' }, false],
    [null, false],
    ['Invalid Request', false],
  ])('%j -> %s', (value, expected) => {
    expect(isApiError(value)).toBe(expected);
  });
});
