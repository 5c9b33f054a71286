import { screen, waitFor, within } from '@testing-library/react';
import { AccountProofMessages } from '@mason/contract';
import { apiErrorBody, aUser, errorHandler, mockEndpoint } from '@mason/api-client/testing';
import { MasonThemeProvider, THEME_STORAGE_KEY } from '@mason/ui-kit';
import { setupApiServer } from '@mason/web-testing';
import { renderAuth, signedIn } from '../test-utils/render-auth';
import { SettingsScreen } from './settings-screen';

const server = setupApiServer();

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('mason.session.token', 'test-token');
  localStorage.setItem('mason.session.email', 'ada@example.com');
});

/** Settings as the app shows it: inside Mason's theme provider, which keeps the choice in localStorage. */
function renderSettings(route = '/settings') {
  return renderAuth(
    <MasonThemeProvider>
      <SettingsScreen />
    </MasonThemeProvider>,
    { route, path: route, session: signedIn },
  );
}

/** Replaces a field's text the way a person pastes it (typing key by key re-renders the whole page per key). */
async function fill(user: ReturnType<typeof renderAuth>['user'], field: HTMLElement, text: string) {
  await user.clear(field);
  await user.paste(text);
}

const profile = () => within(screen.getByRole('form', { name: 'Profile' }));
const passwordForm = () => within(screen.getByRole('form', { name: 'Password' }));

describe('SettingsScreen', () => {
  it('loads the account into the profile form', async () => {
    renderSettings();
    expect(await screen.findByRole('heading', { name: 'Settings' })).toBeInTheDocument();
    expect(profile().getByLabelText('First name')).toHaveValue('Ada');
    expect(profile().getByLabelText('Last name')).toHaveValue('Lovelace');
    expect(profile().getByLabelText('Email')).toHaveValue('ada@example.com');
    expect(screen.getByText('Verified.')).toBeInTheDocument();
  });

  it('saves new names with PUT /users/current', async () => {
    const sent: { method: string; body: unknown }[] = [];
    server.use(
      mockEndpoint('updateCurrentUser', ({ request, body }) => {
        sent.push({ method: request.method, body });
        return aUser({ firstName: 'Augusta', lastName: 'King' });
      }),
    );
    const view = renderSettings();
    const firstName = await screen.findByLabelText('First name');
    await fill(view.user, firstName, 'Augusta');
    await fill(view.user, profile().getByLabelText('Last name'), 'King');
    await view.user.click(profile().getByRole('button', { name: 'Save profile' }));

    expect(await profile().findByText('Saved.')).toBeInTheDocument();
    expect(sent).toEqual([
      { method: 'PUT', body: { firstName: 'Augusta', lastName: 'King', email: 'ada@example.com' } },
    ]);
  });

  it('asks for the current password when the e-mail changes, and sends it with the new address', async () => {
    const sent: unknown[] = [];
    server.use(
      mockEndpoint('updateCurrentUser', ({ body }) => {
        sent.push(body);
        return aUser({ email: 'augusta@example.com', emailVerified: false });
      }),
    );
    const view = renderSettings();
    const email = await screen.findByLabelText('Email');
    expect(profile().queryByLabelText('Current password')).not.toBeInTheDocument();
    await fill(view.user, email, 'augusta@example.com');
    expect(
      profile().getByText('To change your e-mail address, enter your current password too.'),
    ).toBeInTheDocument();
    await fill(
      view.user,
      profile().getByLabelText('Current password', { selector: 'input' }),
      'old-secret-1',
    );
    await view.user.click(profile().getByRole('button', { name: 'Save profile' }));

    expect(
      await profile().findByText('Saved. We sent a verification link to augusta@example.com.'),
    ).toBeInTheDocument();
    expect(sent).toEqual([
      {
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: 'augusta@example.com',
        currentPassword: 'old-secret-1',
      },
    ]);
  });

  it('does not send a new e-mail address without the current password', async () => {
    const sent = jest.fn(() => aUser());
    server.use(mockEndpoint('updateCurrentUser', sent));
    const view = renderSettings();
    await fill(view.user, await screen.findByLabelText('Email'), 'augusta@example.com');
    await view.user.click(profile().getByRole('button', { name: 'Save profile' }));

    expect(await profile().findByText(AccountProofMessages.passwordForEmail)).toBeInTheDocument();
    expect(profile().getByLabelText('Current password', { selector: 'input' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(sent).not.toHaveBeenCalled();
  });

  it('says when the current password is wrong, not "Email is taken."', async () => {
    server.use(
      errorHandler('updateCurrentUser', 400, {
        message: AccountProofMessages.wrongPassword,
        fieldErrors: { currentPassword: AccountProofMessages.wrongPassword },
      }),
    );
    const view = renderSettings();
    await fill(view.user, await screen.findByLabelText('Email'), 'augusta@example.com');
    const current = profile().getByLabelText('Current password', { selector: 'input' });
    await fill(view.user, current, 'not-it-1');
    await view.user.click(profile().getByRole('button', { name: 'Save profile' }));

    expect(await profile().findByRole('alert')).toHaveTextContent(
      AccountProofMessages.wrongPassword,
    );
    expect(current).toHaveAttribute('aria-invalid', 'true');
    expect(profile().queryByText('Email is taken.')).not.toBeInTheDocument();
  });

  it('tells an account without a password to sign in with Google again first', async () => {
    const sent: unknown[] = [];
    server.use(
      mockEndpoint('getCurrentUser', aUser({ hasPassword: false })),
      mockEndpoint('updateCurrentUser', ({ body }) => {
        sent.push(body);
        return Response.json(
          apiErrorBody(400, {
            message: AccountProofMessages.googleForEmail,
            fieldErrors: { currentPassword: AccountProofMessages.googleForEmail },
          }),
          { status: 400 },
        );
      }),
    );
    const view = renderSettings();
    await fill(view.user, await screen.findByLabelText('Email'), 'augusta@example.com');
    expect(profile().getByText(AccountProofMessages.googleForEmail)).toBeInTheDocument();
    expect(profile().queryByLabelText('Current password')).not.toBeInTheDocument();
    await view.user.click(profile().getByRole('button', { name: 'Save profile' }));

    expect(await profile().findByRole('alert')).toHaveTextContent(
      AccountProofMessages.googleForEmail,
    );
    expect(sent).toEqual([
      { firstName: 'Ada', lastName: 'Lovelace', email: 'augusta@example.com' },
    ]);
  });

  it('says when to try again after too many e-mail changes', async () => {
    const message =
      'Too many attempts to change your e-mail address. Please try again in 42 minutes.';
    server.use(errorHandler('updateCurrentUser', 429, { message, retryAfterSeconds: 2520 }));
    const view = renderSettings();
    await fill(view.user, await screen.findByLabelText('Email'), 'augusta@example.com');
    await fill(
      view.user,
      profile().getByLabelText('Current password', { selector: 'input' }),
      'old-secret-1',
    );
    await view.user.click(profile().getByRole('button', { name: 'Save profile' }));
    expect(await profile().findByRole('alert')).toHaveTextContent(message);
  });

  it('shows "Email is taken." on a 400 at /settings, and next to the e-mail field', async () => {
    server.use(
      errorHandler('updateCurrentUser', 400, {
        message: 'Email is taken.',
        fieldErrors: { email: 'Email is taken.' },
      }),
    );
    const view = renderSettings();
    const email = await screen.findByLabelText('Email');
    await fill(view.user, email, 'grace@example.com');
    await fill(
      view.user,
      profile().getByLabelText('Current password', { selector: 'input' }),
      'old-secret-1',
    );
    await view.user.click(profile().getByRole('button', { name: 'Save profile' }));

    expect(await profile().findByRole('alert')).toHaveTextContent('Email is taken.');
    expect(profile().getAllByText('Email is taken.')).toHaveLength(2);
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(view.toasts).toEqual([]);
  });

  it('shows "Email is taken." at /dashboard/settings too', async () => {
    server.use(errorHandler('updateCurrentUser', 400, { message: 'Bad Request' }));
    const view = renderSettings('/dashboard/settings');
    await view.user.click(await screen.findByRole('button', { name: 'Save profile' }));
    expect(await profile().findByRole('alert')).toHaveTextContent('Email is taken.');
  });

  it('checks the names before sending', async () => {
    const sent = jest.fn(() => aUser());
    server.use(mockEndpoint('updateCurrentUser', sent));
    const view = renderSettings();
    await view.user.clear(await screen.findByLabelText('First name'));
    await view.user.click(profile().getByRole('button', { name: 'Save profile' }));
    expect(await profile().findByText('Enter your first name.')).toBeInTheDocument();
    expect(sent).not.toHaveBeenCalled();
  });

  it('needs the current password to set a new one', async () => {
    const sent = jest.fn(() => aUser());
    server.use(mockEndpoint('updateCurrentUser', sent));
    const view = renderSettings();
    await screen.findByRole('form', { name: 'Password' });
    await fill(
      view.user,
      passwordForm().getByLabelText('New password', { selector: 'input' }),
      'brand-new-pass-7',
    );
    await view.user.click(passwordForm().getByRole('button', { name: 'Change password' }));

    expect(
      await passwordForm().findByText('Enter your current password to set a new one.'),
    ).toBeInTheDocument();
    expect(
      passwordForm().getByLabelText('Current password', { selector: 'input' }),
    ).toHaveAttribute('aria-invalid', 'true');
    expect(sent).not.toHaveBeenCalled();
  });

  it('changes the password with the current one, then empties both fields', async () => {
    const sent: unknown[] = [];
    server.use(
      mockEndpoint('updateCurrentUser', ({ body }) => {
        sent.push(body);
        return aUser();
      }),
    );
    const view = renderSettings();
    await screen.findByRole('form', { name: 'Password' });
    const current = passwordForm().getByLabelText('Current password', { selector: 'input' });
    const next = passwordForm().getByLabelText('New password', { selector: 'input' });
    await fill(view.user, current, 'old-secret-1');
    await fill(view.user, next, 'brand-new-pass-7');
    await view.user.click(passwordForm().getByRole('button', { name: 'Change password' }));

    expect(await passwordForm().findByText('Password changed.')).toBeInTheDocument();
    expect(sent).toEqual([{ currentPassword: 'old-secret-1', newPassword: 'brand-new-pass-7' }]);
    expect(current).toHaveValue('');
    expect(next).toHaveValue('');
  });

  it('shows a wrong current password next to its field', async () => {
    const wrong = 'Your current password is not right.';
    server.use(
      errorHandler('updateCurrentUser', 400, {
        message: wrong,
        fieldErrors: { currentPassword: wrong },
      }),
    );
    const view = renderSettings();
    await screen.findByRole('form', { name: 'Password' });
    await fill(
      view.user,
      passwordForm().getByLabelText('Current password', { selector: 'input' }),
      'not-it-1',
    );
    await fill(
      view.user,
      passwordForm().getByLabelText('New password', { selector: 'input' }),
      'brand-new-pass-7',
    );
    await view.user.click(passwordForm().getByRole('button', { name: 'Change password' }));

    expect(await passwordForm().findByText(wrong)).toBeInTheDocument();
    expect(
      passwordForm().getByLabelText('Current password', { selector: 'input' }),
    ).toHaveAttribute('aria-invalid', 'true');
    expect(passwordForm().queryByText('Password changed.')).not.toBeInTheDocument();
  });

  it('saves where the person heard of Mason', async () => {
    const sent: unknown[] = [];
    server.use(
      mockEndpoint('updateCurrentUser', ({ body }) => {
        sent.push(body);
        return aUser({ signupSource: 'YouTube' });
      }),
    );
    const view = renderSettings();
    const form = within(await screen.findByRole('form', { name: 'How you found Mason' }));
    expect(form.getByRole('button', { name: 'Save' })).toBeDisabled();
    await view.user.selectOptions(form.getByLabelText('How did you hear about Mason?'), 'YouTube');
    await view.user.click(form.getByRole('button', { name: 'Save' }));
    expect(await form.findByText('Thank you.')).toBeInTheDocument();
    expect(sent).toEqual([{ signupSource: 'YouTube' }]);
  });

  it('keeps the colour theme choice (light, dark, system) in localStorage', async () => {
    const view = renderSettings();
    const themes = within(await screen.findByRole('radiogroup', { name: 'Colour theme' }));
    expect(themes.getByRole('radio', { name: 'Dark' })).toBeChecked();

    await view.user.click(themes.getByRole('radio', { name: 'Light' }));
    expect(themes.getByRole('radio', { name: 'Light' })).toBeChecked();
    expect(themes.getByRole('radio', { name: 'Dark' })).not.toBeChecked();
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');

    await view.user.click(themes.getByRole('radio', { name: 'System' }));
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('system');

    view.unmount();
    renderSettings();
    const again = within(await screen.findByRole('radiogroup', { name: 'Colour theme' }));
    expect(again.getByRole('radio', { name: 'System' })).toBeChecked();
  });

  it('"Log out" ends the session: the server revokes the token and the browser forgets it', async () => {
    const revoked: (string | null)[] = [];
    server.use(
      mockEndpoint('logout', ({ request }) => {
        revoked.push(request.headers.get('authorization'));
        return { ok: true };
      }),
    );
    const view = renderSettings();
    await view.user.click(await screen.findByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(view.store.getState().session.status).toBe('anonymous'));
    expect(revoked).toEqual(['Bearer test-token']);
    expect(localStorage.getItem('mason.session.token')).toBeNull();
    expect(localStorage.getItem('mason.session.email')).toBeNull();
  });

  it('offers a retry when the account cannot be loaded', async () => {
    server.use(errorHandler('getCurrentUser', 503, {}, { once: true }));
    const view = renderSettings();
    expect(
      await screen.findByRole('heading', { name: 'Your settings could not be loaded' }),
    ).toBeInTheDocument();
    await view.user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText('First name')).toHaveValue('Ada');
  });
});
