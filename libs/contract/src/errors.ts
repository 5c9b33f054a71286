/**
 * The messages of SPEC.md 8, to the letter. The client's error catalogue chooses among them;
 * the server sends the ones a caller must recognise (e.g. 'Usage limit reached').
 */
export const ErrorMessages = {
  databasePasswordInvalid: 'Database password is not valid',
  emailTaken: 'Email is taken.',
  emailInUse: 'Email already in use.',
  tokenUsed: 'Token has already been used.',
  invalidRequest: 'Invalid Request',
  projectNotFoundLogin: 'Cannot find project. Please login and try again.',
  invalidCredentials: 'Invalid email or password',
  usageLimitReached: 'Usage limit reached',
  /** Ours (issue 12): a 403 on creating a project past the plan's project limit. */
  projectLimitReached:
    "Your plan's project limit is reached. Delete a project or upgrade your plan to create another.",
  customDomainsNotInPlan:
    'Custom domains come with the Pro and Usage-based plans. Change your plan on the billing page to add one.',
  forbidden: 'User cannot perform requested action',
  unknownServer: 'Unknown server error',
  googleLoginFailed: 'Failed to login with Google',
  googleSignupsClosed: 'We are not accepting new users at the moment. Please try again later.',
  sendMessageFailed: 'Error sending message',
  network: 'Cannot reach the server. Check your connection and try again.',
  timeout: 'The server took too long to answer. Please try again.',
  badResponse: 'The server sent an answer Mason could not read.',
} as const;
