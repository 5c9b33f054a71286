/** A project name from its description: the first words, at most 60 characters. */
export function nameFromDescription(description: string): string {
  const firstLine = description.trim().split(/\r?\n/)[0] ?? '';
  const words = firstLine.replace(/\s+/g, ' ').split(' ');
  let name = '';
  for (const word of words) {
    if ((name + ' ' + word).trim().length > 60) break;
    name = (name + ' ' + word).trim();
  }
  name = name || firstLine.slice(0, 60);
  return name.charAt(0).toUpperCase() + name.slice(1) || 'Untitled app';
}
