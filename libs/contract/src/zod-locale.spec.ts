import { LoginRequestSchema, SignupRequestSchema } from './auth';
import { UpdateCurrentUserRequestSchema } from './users';
import { loadEnglishMessages } from './zod-locale';

beforeAll(() => loadEnglishMessages());

// zod/mini ships no locale; the server loads English, so the messages the contract leaves to zod
// read as classic zod's do (the server's 400s say 'Missing field' by the "received undefined" ending).
describe('default messages', () => {
  const messagesOf = (result: {
    success: boolean;
    error?: { issues: { path: PropertyKey[]; message: string }[] };
  }) =>
    Object.fromEntries(
      (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
    );

  it('are English, as classic zod words them', () => {
    expect(messagesOf(LoginRequestSchema.safeParse({ password: 'x'.repeat(200) }))).toEqual({
      email: 'Invalid input: expected string, received undefined',
      password: 'Use at most 128 characters.',
    });
  });

  it('give way to the contract’s own messages', () => {
    expect(
      messagesOf(
        SignupRequestSchema.safeParse({
          firstName: ' ',
          lastName: 'Lovelace',
          email: ' ADA@x ',
          password: 'short1',
        }),
      ),
    ).toEqual({
      firstName: 'Enter your first name.',
      email: 'Enter a valid e-mail address.',
      password: 'Use at least 8 characters.',
    });
  });

  it('are never needed by a form: every check a form can fail has its own words', () => {
    expect(
      messagesOf(
        UpdateCurrentUserRequestSchema.safeParse({
          signupSource: ' ',
          currentPassword: 'x'.repeat(129),
        }),
      ),
    ).toEqual({
      signupSource: 'Choose where you heard of Mason.',
      currentPassword: 'Use at most 128 characters.',
    });
  });
});
