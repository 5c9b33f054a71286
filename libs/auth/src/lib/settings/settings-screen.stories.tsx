import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { AccountProofMessages, ErrorMessages } from '@mason/contract';
import { aUser, errorHandler, mockEndpoint, pendingHandler } from '@mason/api-client/testing';
import { authStoryDecorators } from '../test-utils/auth-story';
import { signedIn } from '../test-utils/render-auth';
import { SettingsScreen } from './settings-screen';

const profileForm = (canvasElement: HTMLElement) =>
  within(within(canvasElement).getByRole('form', { name: 'Profile' }));
const passwordForm = (canvasElement: HTMLElement) =>
  within(within(canvasElement).getByRole('form', { name: 'Password' }));

/** Replaces a field's text the way a person pastes it. */
async function fill(field: HTMLElement, text: string) {
  await userEvent.clear(field);
  await userEvent.click(field);
  await userEvent.paste(text);
}

const meta = {
  title: 'Auth/Settings',
  component: SettingsScreen,
  // Each story in its own frame on the docs page: its own store and its own MSW handlers.
  parameters: { layout: 'fullscreen', docs: { story: { inline: false, iframeHeight: 1000 } } },
  decorators: [
    ...authStoryDecorators({ route: '/settings', path: '/settings', session: signedIn }),
  ],
} satisfies Meta<typeof SettingsScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A verified account, loaded into the forms. */
export const Default: Story = {
  play: async ({ canvasElement, canvas }) => {
    await expect(await canvas.findByRole('heading', { name: 'Settings' })).toBeVisible();
    await expect(profileForm(canvasElement).getByLabelText('First name')).toHaveValue('Ada');
    await expect(profileForm(canvasElement).getByLabelText('Email')).toHaveValue('ada@example.com');
    await expect(canvas.getByText('Verified.')).toBeVisible();
    await expect(
      within(canvas.getByRole('radiogroup', { name: 'Colour theme' })).getAllByRole('radio'),
    ).toHaveLength(3);
  },
};

/** The address is not verified yet: the hint says where the link is. */
export const UnverifiedEmail: Story = {
  parameters: {
    msw: { handlers: [mockEndpoint('getCurrentUser', aUser({ emailVerified: false }))] },
  },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByText('Not verified yet: check your inbox for the link.'),
    ).toBeVisible();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [pendingHandler('getCurrentUser')] } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading your settings');
  },
};

/** The account cannot be loaded: say so and offer a retry. */
export const LoadError: Story = {
  parameters: { msw: { handlers: [errorHandler('getCurrentUser', 503)] } },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { name: 'Your settings could not be loaded' }),
    ).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};

/** New names saved. */
export const ProfileSaved: Story = {
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole('form', { name: 'Profile' });
    const profile = profileForm(canvasElement);
    await fill(profile.getByLabelText('First name'), 'Augusta');
    await userEvent.click(profile.getByRole('button', { name: 'Save profile' }));
    await expect(await profile.findByRole('status')).toHaveTextContent('Saved.');
  },
};

/** A new address asks for the current password; the default fake refuses it without one. */
export const EmailChangeNeedsPassword: Story = {
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole('form', { name: 'Profile' });
    const profile = profileForm(canvasElement);
    await fill(profile.getByLabelText('Email'), 'augusta@example.com');
    await expect(
      profile.getByText('To change your e-mail address, enter your current password too.'),
    ).toBeVisible();
    await userEvent.click(profile.getByRole('button', { name: 'Save profile' }));
    await expect(await profile.findByText(AccountProofMessages.passwordForEmail)).toBeVisible();
    await fill(profile.getByLabelText('Current password', { selector: 'input' }), 'old-secret-1');
    await userEvent.click(profile.getByRole('button', { name: 'Save profile' }));
    await expect(await profile.findByRole('status')).toHaveTextContent(
      'Saved. We sent a verification link to augusta@example.com.',
    );
  },
};

/** The current password was wrong: said next to it, not as 'Email is taken.'. */
export const EmailChangeWrongPassword: Story = {
  parameters: {
    msw: {
      handlers: [
        errorHandler('updateCurrentUser', 400, {
          message: AccountProofMessages.wrongPassword,
          fieldErrors: { currentPassword: AccountProofMessages.wrongPassword },
        }),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole('form', { name: 'Profile' });
    const profile = profileForm(canvasElement);
    await fill(profile.getByLabelText('Email'), 'augusta@example.com');
    await fill(profile.getByLabelText('Current password', { selector: 'input' }), 'not-it-1');
    await userEvent.click(profile.getByRole('button', { name: 'Save profile' }));
    await expect(await profile.findByRole('alert')).toHaveTextContent(
      AccountProofMessages.wrongPassword,
    );
    await expect(profile.getByLabelText('Current password', { selector: 'input' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
  },
};

/** An account made with Google has no password: it must sign in with Google again first. */
export const EmailChangeWithoutPassword: Story = {
  parameters: {
    msw: { handlers: [mockEndpoint('getCurrentUser', aUser({ hasPassword: false }))] },
  },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole('form', { name: 'Profile' });
    const profile = profileForm(canvasElement);
    await fill(profile.getByLabelText('Email'), 'augusta@example.com');
    await expect(profile.getByText(AccountProofMessages.googleForEmail)).toBeVisible();
    await expect(profile.queryByLabelText('Current password')).toBeNull();
  },
};

/** Too many attempts to change the address: the server's message says when to try again. */
export const EmailChangeRateLimited: Story = {
  parameters: {
    msw: {
      handlers: [
        errorHandler('updateCurrentUser', 429, {
          message:
            'Too many attempts to change your e-mail address. Please try again in 42 minutes.',
          retryAfterSeconds: 2520,
        }),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole('form', { name: 'Profile' });
    const profile = profileForm(canvasElement);
    await fill(profile.getByLabelText('Email'), 'augusta@example.com');
    await fill(profile.getByLabelText('Current password', { selector: 'input' }), 'old-secret-1');
    await userEvent.click(profile.getByRole('button', { name: 'Save profile' }));
    await expect(await profile.findByRole('alert')).toHaveTextContent(/try again in 42 minutes/);
  },
};

/** Another account has the new address: 400 at /settings is 'Email is taken.' (SPEC.md 8). */
export const EmailTaken: Story = {
  parameters: {
    msw: {
      handlers: [
        errorHandler('updateCurrentUser', 400, {
          message: ErrorMessages.emailTaken,
          fieldErrors: { email: ErrorMessages.emailTaken },
        }),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole('form', { name: 'Profile' });
    const profile = profileForm(canvasElement);
    await fill(profile.getByLabelText('Email'), 'grace@example.com');
    await fill(profile.getByLabelText('Current password', { selector: 'input' }), 'old-secret-1');
    await userEvent.click(profile.getByRole('button', { name: 'Save profile' }));
    await expect(await profile.findByRole('alert')).toHaveTextContent(ErrorMessages.emailTaken);
    await expect(profile.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
  },
};

/** A new password needs the current one; nothing is sent without it. */
export const PasswordNeedsCurrent: Story = {
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole('form', { name: 'Password' });
    const form = passwordForm(canvasElement);
    await fill(form.getByLabelText('New password', { selector: 'input' }), 'brand-new-pass-7');
    await userEvent.click(form.getByRole('button', { name: 'Change password' }));
    await expect(
      await form.findByText('Enter your current password to set a new one.'),
    ).toBeVisible();
  },
};
