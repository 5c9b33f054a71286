/** The heading of the starter app (src/App.tsx), as the preview's edit mode picks it. */
export const STARTER_HEADING = {
  componentName: 'HomePage',
  filePath: 'src/App.tsx',
  line: 12,
  column: 9,
  tagName: 'h1',
  page: '/',
};
