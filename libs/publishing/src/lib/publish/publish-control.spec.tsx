import { act, screen, waitFor, within } from '@testing-library/react';
import { errorHandler, FIXTURE_NOW, pendingHandler } from '@mason/api-client/testing';
import { APP_SLUG_NEEDS_PUBLISHED_APP, appSlugChangeLimitMessage } from '@mason/contract';
import { setupApiServer } from '@mason/web-testing';
import {
  APP_URL,
  BUILD_LOG,
  aDeploymentOf,
  aPublishing,
  fakePublishing,
} from '../../test-utils/publishing-fake';
import { renderPublishing } from '../../test-utils/render-publishing';
import { PublishControl } from './publish-control';
import { PUBLISH_POLL_MS } from './publish-state';

const server = setupApiServer();

function renderControl(initial = aPublishing([])) {
  const { fake, handlers } = fakePublishing(initial);
  server.use(...handlers);
  const view = renderPublishing(<PublishControl projectId="project-1" />, {
    route: '/projects/project-1',
    path: '/projects/:projectId',
    routes: {
      '/domains': <h1>Custom domains</h1>,
      '/assets': <h1>Assets</h1>,
      '/env-variables': <h1>Environment variables</h1>,
    },
  });
  return { ...view, fake };
}

/** Opens the dialog from the header's button (whatever it says now). */
async function openDialog(user: ReturnType<typeof renderControl>['user'], name: RegExp | string) {
  const trigger = await screen.findByRole('button', { name });
  // A person waits for the button to stop loading.
  await waitFor(() => expect(trigger).not.toHaveAttribute('aria-busy'));
  await user.click(trigger);
  return screen.findByRole('dialog', { name: 'Publish' });
}

/** The part of the dialog that says where publishing stands. */
const stateOf = (dialog: HTMLElement) =>
  within(within(dialog).getByRole('region', { name: 'Publishing state' }));
/** The dialog's Address section. */
const addressOf = (dialog: HTMLElement) =>
  within(within(dialog).getByRole('region', { name: 'Address' }));

const LIVE_V1 = () => aPublishing([aDeploymentOf(1, 'LIVE')]);

describe('PublishControl', () => {
  it('publishes a project that was never published, and shows the progress', async () => {
    const { user, fake } = renderControl();
    const dialog = await openDialog(user, 'Publish');
    expect(within(dialog).getByText(/Publish version 1 to a public address/)).toBeInTheDocument();
    expect(within(dialog).getByText('Nothing published yet.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Unpublish' })).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Publish' }));

    expect(await stateOf(dialog).findByText('Publishing version 1…')).toBeInTheDocument();
    expect(
      stateOf(dialog).getByText(/The address answers once the build succeeds/),
    ).toBeInTheDocument();
    expect(fake.deployRequests).toEqual([{ newApi: true }]);
    expect(screen.getByRole('button', { name: 'Publishing…', hidden: true })).toBeInTheDocument();
    const history = within(dialog).getByRole('list', { name: 'History' });
    expect(within(history).getByText('Version 1')).toBeInTheDocument();
    expect(within(history).getByText('Waiting')).toBeInTheDocument();
  });

  describe('while a deployment is on its way', () => {
    beforeEach(() => {
      jest.useFakeTimers({ now: Date.parse(FIXTURE_NOW) });
    });
    afterEach(() => {
      jest.useRealTimers();
    });

    it('asks the server to answer when it ends (again every 2 s), stops once it is live, and tells screen readers', async () => {
      const building = aDeploymentOf(2, 'BUILDING');
      const { fake } = renderControl(aPublishing([building, aDeploymentOf(1, 'LIVE')]));
      expect(await screen.findByRole('button', { name: 'Publishing…' })).toBeInTheDocument();
      // It asks at once to be answered when the deployment on its way ends.
      await waitFor(() => expect(fake.waits.at(-1)).toBe(building.id));
      const readsWhileBuilding = fake.reads;

      // This server answered at once, still building: it asks again 2 s later, waiting again.
      await act(() => jest.advanceTimersByTimeAsync(PUBLISH_POLL_MS));
      expect(fake.reads).toBe(readsWhileBuilding + 1);
      expect(fake.waits.at(-1)).toBe(building.id);
      expect(screen.getByRole('button', { name: 'Publishing…' })).toBeInTheDocument();

      fake.set(aPublishing([aDeploymentOf(2, 'LIVE'), aDeploymentOf(1, 'SUPERSEDED')]));
      await act(() => jest.advanceTimersByTimeAsync(PUBLISH_POLL_MS));
      expect(await screen.findByRole('button', { name: 'Published' })).toBeInTheDocument();
      expect(screen.getByRole('status')).toHaveTextContent(`Version 2 is live at ${APP_URL}.`);

      const readsWhenLive = fake.reads;
      await act(() => jest.advanceTimersByTimeAsync(5 * PUBLISH_POLL_MS));
      expect(fake.reads).toBe(readsWhenLive);
    });

    it('says when the build failed', async () => {
      const { fake } = renderControl(aPublishing([aDeploymentOf(1, 'QUEUED')]));
      expect(await screen.findByRole('button', { name: 'Publishing…' })).toBeInTheDocument();

      fake.set(
        aPublishing([
          aDeploymentOf(1, 'FAILED', {
            error: 'The build stopped with 2 errors.',
            buildLog: BUILD_LOG,
          }),
        ]),
      );
      await act(() => jest.advanceTimersByTimeAsync(PUBLISH_POLL_MS));
      expect(await screen.findByRole('button', { name: 'Publish failed' })).toBeInTheDocument();
      expect(screen.getByRole('status')).toHaveTextContent('Publishing version 1 failed.');
    });
  });

  it('shows the live address with Copy and Open', async () => {
    const { user } = renderControl(LIVE_V1());
    const dialog = await openDialog(user, 'Published');
    expect(within(dialog).getByText('Your app is live')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'todo-app.apps.example.com' })).toHaveAttribute(
      'href',
      APP_URL,
    );
    const open = within(dialog).getByRole('link', { name: 'Open the app in a new tab' });
    expect(open).toHaveAttribute('href', APP_URL);
    expect(open).toHaveAttribute('target', '_blank');
    expect(open).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(dialog).queryByRole('button', { name: /Update/ })).not.toBeInTheDocument();

    const writeText = jest.spyOn(navigator.clipboard, 'writeText');
    await user.click(within(dialog).getByRole('button', { name: 'Copy the address' }));
    expect(writeText).toHaveBeenCalledWith(APP_URL);
    expect(within(dialog).getByRole('button', { name: 'Copy the address' })).toHaveTextContent(
      'Copied',
    );
    expect(within(dialog).getByText('Copied to the clipboard.')).toBeInTheDocument();
  });

  it('offers Update when a newer version exists, and publishes the newest', async () => {
    const { user, fake } = renderControl(
      aPublishing([aDeploymentOf(1, 'LIVE')], { latestVersionIndex: 3 }),
    );
    const dialog = await openDialog(user, 'Update');
    expect(within(dialog).getByText(/Version 3 is newer than the live one/)).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Update to version 3' }));
    expect(await stateOf(dialog).findByText('Publishing version 3…')).toBeInTheDocument();
    expect(
      within(dialog).getByText(/Version 1 stays live until the new build succeeds/),
    ).toBeInTheDocument();
    expect(fake.deployRequests).toEqual([{ newApi: true }]);
  });

  it('shows why a publish failed, its build log, and tries again', async () => {
    const failed = aDeploymentOf(2, 'FAILED', {
      error: 'The production build stopped with 2 errors.',
      buildLog: BUILD_LOG,
    });
    const { user, fake } = renderControl(
      aPublishing([failed, aDeploymentOf(1, 'LIVE')], { latestVersionIndex: 2 }),
    );
    const dialog = await openDialog(user, 'Publish failed');
    const alert = within(dialog).getByRole('alert');
    expect(alert).toHaveTextContent('Publishing version 2 failed');
    expect(alert).toHaveTextContent('The production build stopped with 2 errors.');
    await user.click(within(dialog).getByText('Build log (2 lines)'));
    expect(within(dialog).getByText(/Could not resolve "\.\/Toggle"/)).toBeVisible();
    expect(within(dialog).getByText('Version 1 is still live.')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await stateOf(dialog).findByText('Publishing version 2…')).toBeInTheDocument();
    expect(fake.deployRequests).toEqual([{ newApi: true }]);
  });

  it('changes the app’s name: the schema’s rules, a taken name, then the new address', async () => {
    const { user } = renderControl(LIVE_V1());
    server.use(
      errorHandler(
        'changeAppSlug',
        409,
        { message: 'That name is taken. Choose another.' },
        { once: true },
      ),
    );
    const dialog = await openDialog(user, 'Published');
    await user.click(within(dialog).getByRole('button', { name: 'Change the name' }));
    const field = within(dialog).getByRole('textbox', { name: 'App name' });
    expect(field).toHaveValue('todo-app');
    expect(
      within(dialog).getByText(/old address keeps redirecting to the new one for 30 days/),
    ).toBeInTheDocument();

    await user.clear(field);
    await user.type(field, 'ab');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Use at least 3 characters.')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');

    await user.clear(field);
    await user.type(field, 'p-shop');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      within(dialog).getByText('Names starting with “p-” are kept for previews.'),
    ).toBeInTheDocument();

    await user.clear(field);
    await user.type(field, 'admin');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('That name is reserved. Choose another.')).toBeInTheDocument();

    await user.clear(field);
    await user.type(field, 'taken-name');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('That name is taken. Choose another.'),
    ).toBeInTheDocument();

    await user.clear(field);
    await user.type(field, 'Mug-Shop');
    expect(
      within(dialog).getByText('The address becomes mug-shop.apps.example.com'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await addressOf(dialog).findByText('mug-shop.apps.example.com')).toBeInTheDocument();
    expect(within(dialog).queryByRole('textbox', { name: 'App name' })).not.toBeInTheDocument();
    // Focus is back on the button that opened the edit.
    expect(within(dialog).getByRole('button', { name: 'Change the name' })).toHaveFocus();
    expect(within(dialog).getByRole('link', { name: 'Open the app in a new tab' })).toHaveAttribute(
      'href',
      'https://mug-shop.apps.example.com/',
    );
  });

  it('says the server’s reason when the name cannot change: the app is not published, or it changed too often today', async () => {
    const { user } = renderControl(LIVE_V1());
    const limit = appSlugChangeLimitMessage(3 * 3600);
    server.use(
      errorHandler(
        'changeAppSlug',
        409,
        {
          message: APP_SLUG_NEEDS_PUBLISHED_APP,
          fieldErrors: { slug: APP_SLUG_NEEDS_PUBLISHED_APP },
        },
        { once: true },
      ),
    );
    const dialog = await openDialog(user, 'Published');
    await user.click(within(dialog).getByRole('button', { name: 'Change the name' }));
    const field = within(dialog).getByRole('textbox', { name: 'App name' });
    await user.clear(field);
    await user.type(field, 'mug-shop');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(APP_SLUG_NEEDS_PUBLISHED_APP)).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');

    server.use(
      errorHandler(
        'changeAppSlug',
        429,
        { message: limit, fieldErrors: { slug: limit }, retryAfterSeconds: 3 * 3600 },
        { once: true },
      ),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText(
        'An app’s name can change 5 times a day. You can change it again in 3 hours.',
      ),
    ).toBeInTheDocument();
    expect(addressOf(dialog).queryByText('mug-shop.apps.example.com')).not.toBeInTheDocument();
  });

  it('rolls back to an earlier deployment after the person confirms', async () => {
    const { user, fake } = renderControl(
      aPublishing([aDeploymentOf(2, 'LIVE'), aDeploymentOf(1, 'SUPERSEDED')]),
    );
    const dialog = await openDialog(user, 'Published');
    const history = within(dialog).getByRole('list', { name: 'History' });
    const [newest, older] = within(history).getAllByRole('listitem');
    expect(newest).toHaveTextContent(/Version 2.*Live.*8 hours ago/);
    expect(older).toHaveTextContent(/Version 1.*Replaced.*9 hours ago/);
    expect(
      within(newest as HTMLElement).queryByRole('button', { name: /Roll back/ }),
    ).not.toBeInTheDocument();

    await user.click(
      within(older as HTMLElement).getByRole('button', { name: 'Roll back to version 1' }),
    );
    const question = screen.getByRole('alertdialog', { name: 'Roll back to version 1?' });
    expect(question).toHaveTextContent(
      `${APP_URL} serves version 1 again at once, without building.`,
    );
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(fake.rollbacks).toEqual([]);

    await user.click(
      within(older as HTMLElement).getByRole('button', { name: 'Roll back to version 1' }),
    );
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Roll back' }),
    );
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(fake.rollbacks).toEqual(['deployment-1']);
    await waitFor(() =>
      expect(
        within(within(dialog).getByRole('list', { name: 'History' })).getAllByRole('listitem')[1],
      ).toHaveTextContent(/Version 1.*Live/),
    );
    expect(within(dialog).getByText(/Version 1, published/)).toBeInTheDocument();
  });

  it('unpublishes after the person confirms, and can publish again', async () => {
    const { user, fake } = renderControl(LIVE_V1());
    const dialog = await openDialog(user, 'Published');

    await user.click(within(dialog).getByRole('button', { name: 'Unpublish' }));
    const question = screen.getByRole('alertdialog', { name: 'Unpublish the app?' });
    expect(question).toHaveTextContent(`${APP_URL} stops answering at once.`);
    expect(within(question).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(question).getByRole('button', { name: 'Unpublish' }));

    expect(await within(dialog).findByText(/The app is offline/)).toBeInTheDocument();
    expect(fake.unpublished).toBe(1);
    expect(within(dialog).queryByRole('button', { name: 'Unpublish' })).not.toBeInTheDocument();
    expect(
      within(dialog).getByRole('button', { name: 'Roll back to version 1' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('The app is offline.');
    expect(
      screen.getByRole('button', { name: 'Publish', expanded: true, hidden: true }),
    ).toBeInTheDocument();
  });

  it('links to the project’s domains, assets and environment variables', async () => {
    const { user, location } = renderControl(LIVE_V1());
    const dialog = await openDialog(user, 'Published');
    expect(within(dialog).getByRole('link', { name: 'Custom domains' })).toHaveAttribute(
      'href',
      '/domains?projectId=project-1',
    );
    expect(within(dialog).getByRole('link', { name: 'Assets' })).toHaveAttribute(
      'href',
      '/assets?projectId=project-1',
    );
    expect(within(dialog).getByRole('link', { name: 'Environment variables' })).toHaveAttribute(
      'href',
      '/env-variables?projectId=project-1',
    );

    await user.click(within(dialog).getByRole('link', { name: 'Environment variables' }));
    expect(
      await screen.findByRole('heading', { name: 'Environment variables' }),
    ).toBeInTheDocument();
    expect(location.search).toBe('?projectId=project-1');
  });

  it('says when the state cannot be loaded, and tries again', async () => {
    const { user } = renderControl(LIVE_V1());
    server.use(errorHandler('getDeployment', 500, {}, { once: true }));
    const dialog = await openDialog(user, 'Publish');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Publishing could not be loaded');

    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByText('Your app is live')).toBeInTheDocument();
  });

  it('shows that it is loading', async () => {
    server.use(pendingHandler('getDeployment'));
    renderPublishing(<PublishControl projectId="project-1" />);
    expect(await screen.findByRole('button', { name: /Publish/ })).toHaveAttribute(
      'aria-busy',
      'true',
    );
  });
});
