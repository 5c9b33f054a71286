/** The heading of the starter app (src/App.tsx), as the preview's edit mode picks it. */
export const STARTER_HEADING = {
  componentName: 'HomePage',
  filePath: 'src/App.tsx',
  line: 9,
  column: 7,
  tagName: 'h1',
  page: '/',
};
