import { screen, waitFor, within } from '@testing-library/react';
import {
  aGithubIntegration,
  aProject,
  errorHandler,
  mockEndpoint,
  networkErrorHandler,
} from '@mason/api-client/testing';
import { setupApiServer } from '@mason/web-testing';
import { ProjectCodeHosting } from '../project-code-hosting/project-code-hosting';
import {
  codeHostingFake,
  CONFLICT_SYNC,
  FAKE_LINK,
  FAKE_PUSHED,
  fakeConflict,
  NOT_PUSHED,
  type CodeHostingFakeOptions,
} from '../test-utils/code-hosting-fake';
import { githubFake } from '../test-utils/github-fake';
import { renderIntegrations } from '../test-utils/render-integrations';

const server = setupApiServer();

const PROJECT_ID = 'project-1';

/** The project's Settings section of a project linked to ada/shop, on a fake server. */
function renderSection(options: CodeHostingFakeOptions = {}) {
  const hosting = codeHostingFake({
    link: FAKE_LINK,
    sync: CONFLICT_SYNC,
    conflict: fakeConflict(),
    ...options,
  });
  server.use(
    ...githubFake({ integration: aGithubIntegration({ accountLogin: 'ada' }) }).handlers,
    ...hosting.handlers,
    mockEndpoint('getProject', aProject({ id: PROJECT_ID })),
  );
  const view = renderIntegrations(
    <ProjectCodeHosting projectId={PROJECT_ID} integrationsHref="/dashboard/integrations" />,
    { route: `/projects/${PROJECT_ID}`, path: '/projects/:projectId' },
  );
  return { ...view, hosting };
}

const section = () => within(screen.getByRole('region', { name: 'Code hosting' }));
const file = (path: string) => within(screen.getByRole('group', { name: path }));

/** Opens the dialog from the section, once the files are there. */
async function openDialog(
  user: ReturnType<typeof renderSection>['user'],
  firstFile = 'src/App.tsx',
) {
  await user.click(await section().findByRole('button', { name: 'Resolve conflicts' }));
  const dialog = await screen.findByRole('dialog', { name: 'Resolve conflicts' });
  await within(dialog).findByRole('group', { name: firstFile });
  return within(dialog);
}

describe('a conflict between Mason and GitHub', () => {
  it('names the files both changed, what each side has, and that nothing is lost', async () => {
    renderSection();
    const notice = (await section().findByText('Mason and GitHub both changed 2 files')).closest(
      '[role="status"]',
    ) as HTMLElement;
    expect(within(notice).getByText('src/App.tsx')).toBeVisible();
    expect(within(notice).getByText('public/logo.png')).toBeVisible();
    expect(notice).toHaveTextContent(
      'Since they last matched, GitHub has 1 new commit and Mason has 2 new versions.',
    );
    expect(notice).toHaveTextContent('Nothing is lost: both sides are kept.');
    // The conflict is the failure: no second, vaguer one.
    expect(section().getByText('Conflict')).toBeVisible();
    expect(section().queryByText('Failed')).not.toBeInTheDocument();
    expect(section().queryByText('The last push failed')).not.toBeInTheDocument();
  });

  it('shows both sides of each file; the assistant merges text only', async () => {
    const { user } = renderSection();
    await openDialog(user);

    // Focus is on the first choice once the files are there.
    await waitFor(() =>
      expect(file('src/App.tsx').getByRole('radio', { name: 'Keep Mason’s' })).toHaveFocus(),
    );
    expect(
      file('src/App.tsx').getByRole('region', { name: 'Mason’s src/App.tsx' }),
    ).toHaveTextContent('return <h1>My todos</h1>;');
    expect(
      file('src/App.tsx').getByRole('region', { name: 'GitHub’s src/App.tsx' }),
    ).toHaveTextContent('return <h1 className="title">Todos</h1>;');
    expect(
      file('src/App.tsx').getByRole('radio', { name: 'Let the assistant merge' }),
    ).toBeEnabled();

    const assistant = file('public/logo.png').getByRole('radio', {
      name: 'Let the assistant merge',
    });
    expect(assistant).toBeDisabled();
    expect(assistant).toHaveAccessibleDescription(
      'The assistant merges text only: both sides are binary files.',
    );
    expect(
      file('public/logo.png').getAllByText('A binary file: it is not shown here.'),
    ).toHaveLength(2);
  });

  it('says a side that was deleted, and why the assistant cannot merge it', async () => {
    const conflict = fakeConflict({
      files: [
        {
          path: 'src/old.ts',
          base: { kind: 'TEXT', text: 'export const old = 1;\n' },
          mason: { kind: 'MISSING', text: null },
          github: { kind: 'TEXT', text: 'export const old = 2;\n' },
        },
      ],
    });
    const { user } = renderSection({ conflict });
    await openDialog(user, 'src/old.ts');
    expect(file('src/old.ts').getByText('Deleted on this side.')).toBeVisible();
    expect(
      file('src/old.ts').getByRole('radio', { name: 'Let the assistant merge' }),
    ).toHaveAccessibleDescription('The assistant merges text only: Mason deleted this file.');
    // One file: no buttons for all of them.
    expect(screen.queryByRole('button', { name: 'Keep all Mason’s' })).not.toBeInTheDocument();
  });

  it('merges once every file has a choice, and tells the assistant’s part in the chat', async () => {
    const { user, hosting, toasts } = renderSection();
    const dialog = await openDialog(user);
    const merge = dialog.getByRole('button', { name: 'Merge' });
    expect(merge).toBeDisabled();
    expect(merge).toHaveAccessibleDescription('0 of 2 files chosen.');

    await user.click(file('src/App.tsx').getByRole('radio', { name: 'Let the assistant merge' }));
    expect(merge).toBeDisabled();
    await user.click(file('public/logo.png').getByRole('radio', { name: 'Keep GitHub’s' }));
    expect(merge).toHaveAccessibleDescription('2 of 2 files chosen.');
    await user.click(merge);

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(hosting.state.resolutions).toEqual([
      {
        theirs: fakeConflict().theirs,
        files: [
          { path: 'src/App.tsx', keep: 'ASSISTANT' },
          { path: 'public/logo.png', keep: 'GITHUB' },
        ],
      },
    ]);
    const note = section().getByText(/The assistant got a message in the chat to merge/);
    expect(note).toHaveTextContent(
      'The assistant got a message in the chat to merge src/App.tsx. Mason pushes the merge to GitHub once it is done.',
    );
    await waitFor(() => expect(note.closest('[tabindex="-1"]')).toHaveFocus());
    expect(
      await section().findByText(
        'The assistant is merging src/App.tsx. Mason pushes the merge once the conflict markers are gone.',
      ),
    ).toBeVisible();
    expect(section().queryByText(/both changed 2 files/)).not.toBeInTheDocument();
    // The conflict is gone on the server: nobody asks for it again, so no 404 is toasted.
    expect(toasts).toEqual([]);
  });

  it('keeps one side of every file at once, and the merge is pushed', async () => {
    const { user, hosting } = renderSection();
    const dialog = await openDialog(user);
    await user.click(dialog.getByRole('button', { name: 'Keep all Mason’s' }));
    expect(file('src/App.tsx').getByRole('radio', { name: 'Keep Mason’s' })).toBeChecked();
    expect(file('public/logo.png').getByRole('radio', { name: 'Keep Mason’s' })).toBeChecked();
    await user.click(dialog.getByRole('button', { name: 'Merge' }));

    expect(
      await section().findByText(/Mason keeps what you chose and pushes the merge to GitHub/),
    ).toBeVisible();
    expect(hosting.state.resolutions.map(({ files }) => files)).toEqual([
      [
        { path: 'src/App.tsx', keep: 'MASON' },
        { path: 'public/logo.png', keep: 'MASON' },
      ],
    ]);
    expect(await section().findByText('Pushed', {}, { timeout: 10_000 })).toBeVisible();
  });

  it('looks again when the conflict moved on meanwhile (409), keeping the choices of files that did not change', async () => {
    const { user, hosting } = renderSection();
    const dialog = await openDialog(user);
    await user.click(file('src/App.tsx').getByRole('radio', { name: 'Keep GitHub’s' }));
    await user.click(file('public/logo.png').getByRole('radio', { name: 'Keep Mason’s' }));

    // GitHub got another commit, which changed README.md too.
    const moved = fakeConflict({
      theirs: 'aaaabbbbccccddddeeeeffff0000111122223333',
      githubCommits: 2,
      files: [
        ...fakeConflict().files,
        {
          path: 'README.md',
          base: { kind: 'TEXT', text: '# Todos\n' },
          mason: { kind: 'TEXT', text: '# My todos\n' },
          github: { kind: 'TEXT', text: '# Todo list\n' },
        },
      ],
    });
    hosting.state.conflict = moved;
    await user.click(dialog.getByRole('button', { name: 'Merge' }));

    expect(await dialog.findByRole('alert')).toHaveTextContent(
      'GitHub or Mason has something new since you looked. Look at the files again.',
    );
    await dialog.findByRole('group', { name: 'README.md' });
    expect(file('src/App.tsx').getByRole('radio', { name: 'Keep GitHub’s' })).toBeChecked();
    const merge = dialog.getByRole('button', { name: 'Merge' });
    expect(merge).toBeDisabled();

    await user.click(file('README.md').getByRole('radio', { name: 'Let the assistant merge' }));
    await user.click(merge);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(hosting.state.resolutions.map(({ theirs }) => theirs)).toEqual([
      fakeConflict().theirs,
      moved.theirs,
    ]);
    expect(hosting.state.resolutions[1]?.files).toEqual([
      { path: 'src/App.tsx', keep: 'GITHUB' },
      { path: 'public/logo.png', keep: 'MASON' },
      { path: 'README.md', keep: 'ASSISTANT' },
    ]);
  });

  it('shows the server’s reason when it refuses the choices (400), and merges on a second try', async () => {
    const { user, hosting } = renderSection();
    server.use(
      errorHandler(
        'resolveProjectCodeHostingConflict',
        400,
        { message: 'Choose what to keep of public/logo.png.' },
        { once: true },
      ),
    );
    const dialog = await openDialog(user);
    await user.click(dialog.getByRole('button', { name: 'Keep all GitHub’s' }));
    await user.click(dialog.getByRole('button', { name: 'Merge' }));

    expect(await dialog.findByRole('alert')).toHaveTextContent(
      'Choose what to keep of public/logo.png.',
    );
    expect(file('public/logo.png').getByRole('radio', { name: 'Keep GitHub’s' })).toBeChecked();
    await user.click(await dialog.findByRole('button', { name: 'Merge' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(hosting.state.resolutions).toHaveLength(1);
  });

  it('says when the conflict is resolved already, and closes back to its button', async () => {
    const { user } = renderSection();
    server.use(
      errorHandler('getProjectCodeHostingConflict', 404, {
        message: 'This project has no conflict waiting for a choice.',
      }),
    );
    const opener = await section().findByRole('button', { name: 'Resolve conflicts' });
    await user.click(opener);
    const dialog = within(await screen.findByRole('dialog', { name: 'Resolve conflicts' }));
    expect(await dialog.findByText('The conflict is resolved already')).toBeVisible();

    await user.click(dialog.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(opener).toHaveFocus();
  });

  it('says why the files could not be loaded, and tries again', async () => {
    const { user } = renderSection();
    server.use(networkErrorHandler('getProjectCodeHostingConflict', { once: true }));
    await user.click(await section().findByRole('button', { name: 'Resolve conflicts' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Resolve conflicts' }));
    const alert = await dialog.findByRole('alert');
    expect(alert).toHaveTextContent('The files could not be loaded');

    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await dialog.findByRole('group', { name: 'src/App.tsx' })).toBeVisible();
  });

  it('closes on Escape without merging, focus back on its button', async () => {
    const { user, hosting } = renderSection();
    await openDialog(user);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(section().getByRole('button', { name: 'Resolve conflicts' })).toHaveFocus();
    expect(hosting.state.resolutions).toEqual([]);
  });
});

describe('a merge left to the assistant', () => {
  it('says which files it is merging, and follows the push once the markers are gone', async () => {
    const hosting = renderSection({
      conflict: null,
      sync: { ...NOT_PUSHED, state: 'PENDING' },
      merging: { files: ['src/App.tsx', 'README.md'] },
      settlesTo: FAKE_PUSHED,
    }).hosting;
    expect(
      await section().findByText(
        'The assistant is merging src/App.tsx and README.md. Mason pushes the merge once the conflict markers are gone.',
      ),
    ).toBeVisible();
    expect(section().queryByText(/New versions are waiting/)).not.toBeInTheDocument();
    expect(section().queryByRole('button', { name: 'Resolve conflicts' })).not.toBeInTheDocument();

    // The assistant's version has no marker left: Mason pushes the merge, the next poll sees it.
    const reads = hosting.state.reads;
    await waitFor(() => expect(hosting.state.reads).toBeGreaterThan(reads), { timeout: 5_000 });
    hosting.state.merging = null;
    expect(await section().findByText('Pushed', {}, { timeout: 10_000 })).toBeVisible();
    expect(section().queryByText(/The assistant is merging/)).not.toBeInTheDocument();
  });
});
