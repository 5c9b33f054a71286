import { STARTER_TITLE, withProjectTitle } from './page-title';
import { TEMPLATE_FILES } from './template';

describe('withProjectTitle', () => {
  it('titles the starter’s page with the project’s name, escaped', () => {
    expect(STARTER_TITLE).toBe('My app');
    const html = withProjectTitle(TEMPLATE_FILES['index.html'] ?? '', 'Tom & Jerry <Recipes>');
    expect(html).toContain('<title>Tom &amp; Jerry &lt;Recipes&gt;</title>');
    expect(html).not.toContain('My app');
  });

  it('keeps a title of the page’s own, and gives a page without one a title', () => {
    const own = '<html><head><title>Budget</title></head><body></body></html>';
    expect(withProjectTitle(own, 'Expenses')).toBe(own);
    expect(withProjectTitle('<html><head><title> </title></head></html>', 'Expenses')).toContain(
      '<title>Expenses</title>',
    );
    expect(withProjectTitle('<html><head></head><body></body></html>', 'Expenses')).toMatch(
      /<title>Expenses<\/title>\s*<\/head>/,
    );
    expect(withProjectTitle(own.replace('Budget', 'My app'), '  ')).toContain('My app');
  });
});
