import { screen, within } from '@testing-library/react';

/** The panel under a heading (a ui-kit Panel is a section), to look inside it. */
export function inSection(heading: string) {
  const section = screen.getByRole('heading', { name: heading }).closest('section');
  if (!section) throw new Error(`No section holds the heading "${heading}".`);
  return within(section);
}
