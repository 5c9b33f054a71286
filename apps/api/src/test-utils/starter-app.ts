/** The heading of the starter app (src/App.tsx), as the preview's edit mode picks it. */
export const STARTER_HEADING = {
  componentName: 'HomePage',
  filePath: 'src/App.tsx',
  line: 13,
  column: 11,
  tagName: 'h1',
  page: '/',
};
