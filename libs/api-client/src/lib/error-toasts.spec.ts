import { ErrorMessages } from '@mason/contract';
import type { ApiError, ApiErrorKind } from './api-error';
import { INLINE_ERROR_ENDPOINTS, SILENT_ERROR_ENDPOINTS, toastFor } from './error-toasts';
import { api } from './mason-api';

const error = (kind: ApiErrorKind, message = `message of ${kind}`): ApiError => ({
  status: 400,
  kind,
  message,
});

describe('toastFor', () => {
  it.each([
    ['getProjects', error('server', 'Unknown server error'), 'Unknown server error'],
    [
      'getProject',
      error('project-unauthorized', ErrorMessages.projectNotFoundLogin),
      ErrorMessages.projectNotFoundLogin,
    ],
    [
      'login',
      error('project-unauthorized', ErrorMessages.projectNotFoundLogin),
      ErrorMessages.projectNotFoundLogin,
    ],
    ['getCurrentUser', error('unauthorized'), null],
    ['sendTaskMessage', error('unauthorized'), null],
    ['login', error('invalid-credentials'), null],
    ['signup', error('email-in-use'), null],
    ['updateCurrentUser', error('email-taken'), null],
    ['joinWaitlist', error('network', ErrorMessages.network), null],
    [
      'loginWithGoogle',
      error('signups-closed', ErrorMessages.googleSignupsClosed),
      ErrorMessages.googleSignupsClosed,
    ],
    ['loginWithGoogle', error('server'), null],
    ['sendTaskMessage', error('server'), ErrorMessages.sendMessageFailed],
    ['sendTaskMessage', error('timeout'), ErrorMessages.sendMessageFailed],
    ['sendTaskMessage', error('usage-limit', ErrorMessages.forbidden), ErrorMessages.forbidden],
    ['createTask', error('usage-limit', ErrorMessages.forbidden), ErrorMessages.forbidden],
    ['getActiveSubscription', error('server'), null],
    ['getClientConfig', error('network'), null],
    ['logout', error('server'), null],
    // The assets screen shows an upload's refusal beside the drop zone.
    ['uploadProjectAsset', error('other', 'logo.png is larger than 10 MB.'), null],
    // The verification reminder shows its own failure next to its button.
    ['resendVerificationEmail', error('other', 'Too many e-mails. Try again in an hour.'), null],
    [
      'getProjects',
      error('other', 'Too many requests. Try again in a minute.'),
      'Too many requests. Try again in a minute.',
    ],
    // Rethrown (SPEC.md 8): the attach form shows it at the password field, never a toast.
    ['attachDatabase', error('database-password-invalid', 'Database password is not valid'), null],
  ] as const)('%s with %j -> %s', (endpoint, apiError, expected) => {
    expect(toastFor(endpoint, apiError)).toBe(expected);
  });

  it('names only endpoints that exist', () => {
    for (const name of [...INLINE_ERROR_ENDPOINTS, ...SILENT_ERROR_ENDPOINTS])
      expect(api.endpoints).toHaveProperty(name);
  });
});
