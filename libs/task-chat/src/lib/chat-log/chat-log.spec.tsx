import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TaskLogsQuery } from '@mason/contract';
import { errorHandler, mockEndpoint } from '@mason/api-client/testing';
import { setupApiServer } from '@mason/web-testing';
import { aLongHistory } from '../../test-utils/chat-fixtures';
import { TEST_ROW_HEIGHT } from '../../test-utils/jsdom-layout';
import { renderChat } from '../../test-utils/render-chat';
import { TaskChat } from '../task-chat/task-chat';

const server = setupApiServer();

const HISTORY = aLongHistory(10_000);

/** GET logs over a 10 000-entry history, 50 per page as the server pages it; records the cursors. */
function serveLongHistory() {
  const cursors: string[] = [];
  server.use(
    mockEndpoint('getTaskLogs', ({ query }) => {
      const { beforeLogId, afterLogId, limit = 50 } = query as TaskLogsQuery;
      if (afterLogId) return { logs: [], hasMoreBefore: true, hasMoreAfter: false };
      cursors.push(beforeLogId ?? 'newest');
      const end = beforeLogId ? Number(beforeLogId) - 1 : HISTORY.length;
      const start = Math.max(0, end - limit);
      return { logs: HISTORY.slice(start, end), hasMoreBefore: start > 0, hasMoreAfter: false };
    }),
  );
  return cursors;
}

/** The person scrolls, once the log shows its newest entry at the bottom (where it opens). */
const scrollTo = async (element: HTMLElement, top: number) => {
  await waitFor(() => expect(element.scrollTop).toBe(element.scrollHeight - element.clientHeight));
  element.scrollTop = top;
  fireEvent.scroll(element);
};

/** Where the row holding `text` is, in px from the top of the log's view. */
function placeInView(log: HTMLElement, text: RegExp): number {
  const row = within(log).getByText(text).closest<HTMLElement>('[data-index]');
  const top = Number(/translateY\((-?[\d.]+)px\)/.exec(row?.style.transform ?? '')?.[1]);
  return top - log.scrollTop;
}

describe('ChatLog', () => {
  it('opens at the newest entry and puts only the rows in view in the page', async () => {
    serveLongHistory();
    renderChat(<TaskChat taskId="task-1" />);
    const log = await screen.findByRole('log', { name: 'Conversation' });

    expect(
      await within(log).findByText('Answer 10000: the list sorts by due date now.'),
    ).toBeInTheDocument();
    const rendered = log.querySelectorAll('[data-index]').length;
    expect(rendered).toBeGreaterThan(5);
    expect(rendered).toBeLessThan(30);
    expect(within(log).queryByText(/^Message 9951:/)).not.toBeInTheDocument();
  });

  it('loads older entries when scrolled near the top, keeping the entry in view where it was', async () => {
    const cursors = serveLongHistory();
    renderChat(<TaskChat taskId="task-1" />);
    const log = await screen.findByRole('log', { name: 'Conversation' });
    await within(log).findByText(/^Answer 10000:/);

    // The oldest loaded entry (9951) is the second row, right under the first.
    await scrollTo(log, TEST_ROW_HEIGHT);

    const before = log.scrollTop;
    const inView = placeInView(log, /^Message 9951:/);
    expect(Number.isFinite(inView)).toBe(true);
    await waitFor(() => expect(cursors).toEqual(['newest', '9951']));
    expect(await within(log).findByText(/^Message 9951:/)).toBeInTheDocument();
    // 50 older entries went in above: the view moved down by their height, so 9951 stays put.
    await waitFor(() => expect(log.scrollTop).toBeGreaterThan(before + 50 * 30));
    expect(placeInView(log, /^Message 9951:/)).toBe(inView);
  });

  it('offers to try again when older entries cannot be loaded', async () => {
    const cursors = serveLongHistory();
    const { user } = renderChat(<TaskChat taskId="task-1" />);
    const log = await screen.findByRole('log', { name: 'Conversation' });
    await within(log).findByText(/^Answer 10000:/);
    server.use(errorHandler('getTaskLogs', 503, {}, { once: true }));

    await scrollTo(log, 0);

    expect(
      await within(log).findByText(/Earlier messages could not be loaded/),
    ).toBeInTheDocument();
    await user.click(within(log).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(cursors).toEqual(['newest', '9951']));
    await waitFor(() =>
      expect(
        within(log).queryByText(/Earlier messages could not be loaded/),
      ).not.toBeInTheDocument(),
    );
  });

  it('says where the conversation starts when there is nothing older', async () => {
    renderChat(<TaskChat taskId="task-1" />);
    const log = await screen.findByRole('log', { name: 'Conversation' });
    expect(
      await within(log).findByText('This is the start of the conversation.'),
    ).toBeInTheDocument();
  });
});
