import { screen, waitFor, within } from '@testing-library/react';
import type { ProductionBackup } from '@mason/contract';
import {
  aBackupBeforeRestore,
  aProductionBackup,
  errorHandler,
  mockEndpoint,
} from '@mason/api-client/testing';
import { setupApiServer } from '@mason/web-testing';
import { renderPublishing } from '../../test-utils/render-publishing';
import { DatabaseBackups } from './database-backups';

const server = setupApiServer();

function renderBackups() {
  return renderPublishing(
    <>
      <h3 id="backups">Database backups</h3>
      <DatabaseBackups projectId="project-1" labelledBy="backups" />
    </>,
  );
}

/** A server whose backups grow by one on each restore, as Mason's do. */
function backupsServer(initial: ProductionBackup[]) {
  let backups = initial;
  const restored: string[] = [];
  server.use(
    mockEndpoint('getProductionBackups', () => ({ backups })),
    mockEndpoint('restoreProductionBackup', ({ params }) => {
      restored.push(String(params['backupId']));
      backups = [aBackupBeforeRestore({ id: `restore-${restored.length}` }), ...backups];
      return { backups };
    }),
  );
  return restored;
}

describe('DatabaseBackups', () => {
  it('lists the backups with their size and restores one after asking', async () => {
    const restored = backupsServer([aProductionBackup()]);
    const { user } = renderBackups();
    const list = await screen.findByRole('list', { name: 'Database backups' });
    expect(within(list).getByText('Before version 2 was published')).toBeInTheDocument();
    expect(within(list).getByText('39 MB')).toBeInTheDocument();

    await user.click(
      within(list).getByRole('button', {
        name: 'Restore the database as it was before version 2 was published',
      }),
    );
    const question = await screen.findByRole('alertdialog', {
      name: "Restore the published app's database?",
    });
    expect(question).toHaveTextContent(/backed up first, so you can undo this here/);
    await user.click(within(question).getByRole('button', { name: 'Restore' }));

    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(restored).toEqual(['backup-1']);
    // The backup the restore took is listed first, to undo it.
    expect(await within(list).findByText('Before a restore')).toBeInTheDocument();
  });

  it('asks nothing when the person cancels', async () => {
    const restored = backupsServer([aProductionBackup()]);
    const { user } = renderBackups();
    await user.click(await screen.findByRole('button', { name: /Restore the database/ }));
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(restored).toEqual([]);
  });

  it('says when there is no backup yet', async () => {
    backupsServer([]);
    renderBackups();
    expect(
      await screen.findByText(
        'No backups yet: one is taken before each publish that changes the database.',
      ),
    ).toBeInTheDocument();
  });

  it('says when the backups could not be loaded, and tries again', async () => {
    server.use(errorHandler('getProductionBackups', 500, {}, { once: true }));
    const { user } = renderBackups();
    expect(await screen.findByRole('alert')).toHaveTextContent('The backups could not be loaded.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Before version 2 was published')).toBeInTheDocument();
  });
});
