import type { PreviewSelection } from '@mason/contract/preview';
import { CONSOLE_LIMIT, PreviewSession, previewEditsOf } from './preview-session';

const heading: PreviewSelection = {
  componentName: 'Hero',
  filePath: 'src/components/Hero.tsx',
  line: 4,
  column: 7,
  filePart: 'src/components/Hero.tsx:4:7',
  page: '/',
  tagName: 'h1',
  className: 'title',
  textContent: 'Mugs',
  style: {},
  instances: 1,
};
const button: PreviewSelection = {
  ...heading,
  line: 9,
  column: 5,
  tagName: 'button',
  filePart: 'src/components/Hero.tsx:9:5',
};

describe('PreviewSession', () => {
  it('attaches and detaches picked elements in layout mode, and edits one in edit mode', () => {
    const session = new PreviewSession();
    session.select(heading);
    expect(session.getState().attachedComponents).toEqual([]);

    session.setLayoutMode(true);
    session.select(heading);
    session.select(button);
    session.select(heading);
    expect(session.getState().attachedComponents).toEqual([button]);

    session.enterEditMode();
    expect(session.getState()).toMatchObject({
      layoutMode: false,
      editMode: true,
      pendingEdits: [],
    });
    session.select(heading);
    expect(session.getState().selection).toEqual(heading);
    expect(session.getState().attachedComponents).toEqual([button]);
  });

  it('keeps one staged edit per element, and entering edit mode or sending a message resets them', () => {
    const session = new PreviewSession();
    session.enterEditMode();
    session.stageEdit({ selection: heading, command: 'UPDATE', textContent: 'Cups' });
    session.stageEdit({ selection: heading, command: 'UPDATE', textContent: 'Bowls' });
    session.stageEdit({ selection: button, command: 'DELETE' });
    expect(previewEditsOf(session.getState().pendingEdits)).toEqual([
      { filePath: heading.filePath, line: 4, column: 7, textContent: 'Bowls' },
      { filePath: heading.filePath, line: 9, column: 5, hidden: true },
    ]);

    session.enterEditMode();
    expect(session.getState().pendingEdits).toEqual([]);

    session.stageEdit({ selection: heading, command: 'UPDATE', className: 'big' });
    session.setLayoutMode(true);
    session.select(button);
    session.messageSent();
    expect(session.getState()).toMatchObject({
      layoutMode: false,
      editMode: false,
      pendingEdits: [],
      attachedComponents: [],
      selection: null,
    });
  });

  it('keeps the newest console entries, replaces build errors, and clears', () => {
    const session = new PreviewSession();
    for (let index = 0; index < CONSOLE_LIMIT + 5; index += 1) {
      session.log({ level: 'log', text: `line ${index}`, detail: null });
    }
    expect(session.getState().console).toHaveLength(CONSOLE_LIMIT);
    expect(session.getState().console[0]?.text).toBe('line 5');

    session.clearConsole();
    session.logBuildFailure([
      { severity: 'error', file: 'src/App.tsx', line: 3, column: 9, message: 'Expected ";"' },
      { severity: 'warning', file: null, line: null, column: null, message: 'ignored' },
    ]);
    session.logBuildFailure([
      { severity: 'error', file: 'src/main.tsx', line: 1, column: null, message: 'No entry' },
    ]);
    expect(
      session.getState().console.map((entry) => [entry.level, entry.text, entry.detail]),
    ).toEqual([['build', 'No entry', 'src/main.tsx:1']]);
  });

  it('logs a notice of Mason’s once, as information, however often the preview repeats it', () => {
    const session = new PreviewSession();
    session.notice('This browser blocks localStorage in a framed preview.');
    session.log({ level: 'log', text: 'app started', detail: null });
    session.notice('This browser blocks localStorage in a framed preview.');
    expect(session.getState().console.map(({ level, text }) => [level, text])).toEqual([
      ['info', 'This browser blocks localStorage in a framed preview.'],
      ['log', 'app started'],
    ]);
  });

  it('queues chat requests until the chat takes them, and tells subscribers of every change', () => {
    const session = new PreviewSession();
    const changes = jest.fn();
    const unsubscribe = session.subscribe(changes);
    session.requestChatMessage('Fix these errors');
    const [request] = session.getState().chatRequests;
    expect(request?.content).toBe('Fix these errors');
    session.completeChatRequest(request?.id ?? 0);
    expect(session.getState().chatRequests).toEqual([]);
    session.setShownVersion({ versionId: 'v1', index: 1 });
    session.setShownVersion({ versionId: 'v1', index: 1 });
    expect(changes).toHaveBeenCalledTimes(3);
    unsubscribe();
    session.clearConsole();
    expect(changes).toHaveBeenCalledTimes(3);
  });
});

describe('PreviewSession versions', () => {
  it('opens an older version and goes back to the newest', () => {
    const session = new PreviewSession();
    const version = {
      versionId: 'v2',
      index: 2,
      previewUrl: 'http://p-1-v2.localhost:4200/?mason_preview=t',
    };
    session.viewVersion(version);
    expect(session.getState().viewedVersion).toEqual(version);
    session.viewVersion(null);
    expect(session.getState().viewedVersion).toBeNull();
  });
});

describe('PreviewSession current page', () => {
  it('knows no page at first, then the one the preview shows; the same page again tells nobody', () => {
    const session = new PreviewSession();
    const changes = jest.fn();
    session.subscribe(changes);
    expect(session.getState().currentPage).toBeNull();

    session.setCurrentPage('/about');
    session.setCurrentPage('/about');
    expect(session.getState().currentPage).toBe('/about');
    expect(changes).toHaveBeenCalledTimes(1);

    session.setCurrentPage(null);
    expect(session.getState().currentPage).toBeNull();
  });
});
