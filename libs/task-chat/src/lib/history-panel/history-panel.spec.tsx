import { screen, within } from '@testing-library/react';
import { aTask, aVersion, mockEndpoint } from '@mason/api-client/testing';
import { setupApiServer } from '@mason/web-testing';
import { renderChat } from '../../test-utils/render-chat';
import { HistoryPanel } from './history-panel';

const server = setupApiServer();

describe('HistoryPanel', () => {
  it('says "Repair" on a version the assistant made to fix its own error, and on no other', async () => {
    server.use(
      mockEndpoint('getTasks', { tasks: [aTask()] }),
      mockEndpoint('getTask', aTask()),
      mockEndpoint('getTaskVersions', {
        versions: [
          aVersion({ index: 1, summary: 'Made the expense list', origin: 'ASSISTANT' }),
          aVersion({ index: 2, summary: 'Visual edit: changed the class', origin: 'PERSON' }),
          aVersion({ index: 3, summary: 'Removed the throw', origin: 'REPAIR' }),
        ],
      }),
    );
    renderChat(
      <HistoryPanel
        projectId="project-1"
        selectedTaskId="task-1"
        currentVersionId="version-3"
        onSelectTask={() => undefined}
      />,
    );
    const versions = await screen.findByRole('region', { name: 'Versions' });
    const item = (index: number) =>
      within(versions).getByText(`Version ${index}`).closest('li') as HTMLElement;
    expect(await within(versions).findByText('Version 3')).toBeVisible();
    expect(within(item(3)).getByText('Repair')).toBeVisible();
    expect(within(item(2)).queryByText('Repair')).toBeNull();
    expect(within(item(1)).queryByText('Repair')).toBeNull();
  });
});
