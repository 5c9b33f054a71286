import type { PreviewSelection } from '@mason/contract/preview';

/** What people call an element, by its tag. */
const NAMES: Readonly<Record<string, string>> = {
  a: 'Link',
  article: 'Article',
  aside: 'Sidebar',
  button: 'Button',
  footer: 'Footer',
  form: 'Form',
  header: 'Header',
  img: 'Image',
  input: 'Input',
  label: 'Label',
  li: 'List item',
  main: 'Main area',
  nav: 'Navigation',
  ol: 'List',
  p: 'Paragraph',
  section: 'Section',
  select: 'Menu',
  svg: 'Icon',
  table: 'Table',
  td: 'Table cell',
  textarea: 'Text area',
  th: 'Table heading',
  tr: 'Table row',
  ul: 'List',
  video: 'Video',
};

/** Elements named with their words too: a link or a button is known by what it says. */
const NAMED_BY_TEXT = new Set(['a', 'button']);
const TEXT_LENGTH = 24;

/**
 * An element as people would name it: "Heading", "Paragraph", "Link: About", "Button: Save"
 * (the words of a link or button, shortened), "Box" for a div and "Text" for inline text.
 */
export function elementName(selection: Pick<PreviewSelection, 'tagName' | 'textContent'>): string {
  const tag = selection.tagName.toLowerCase();
  const name = /^h[1-6]$/.test(tag) ? 'Heading' : (NAMES[tag] ?? (tag === 'div' ? 'Box' : 'Text'));
  const words = selection.textContent?.replace(/\s+/g, ' ').trim() ?? '';
  if (!NAMED_BY_TEXT.has(tag) || words === '') return name;
  return `${name}: ${words.length > TEXT_LENGTH ? `${words.slice(0, TEXT_LENGTH - 1)}…` : words}`;
}

/** The element and the component it is written in: "Heading in Hero". */
export function elementLabel(
  selection: Pick<PreviewSelection, 'tagName' | 'textContent' | 'componentName'>,
): string {
  const name = elementName(selection);
  return selection.componentName ? `${name} in ${selection.componentName}` : name;
}
