import { cut } from './values';

/** A value as a console shows it: strings as they are, errors by name and message, the rest as JSON. */
export function formatValue(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value instanceof Error) return `${value.name}: ${value.message}`;
  if (value instanceof Element) return `<${value.tagName.toLowerCase()}>`;
  try {
    if (value === null || typeof value !== 'object') return String(value);
    const json = JSON.stringify(value);
    if (json !== undefined) return json;
  } catch {
    // A cycle, a BigInt inside or a throwing toJSON: String below.
  }
  try {
    return String(value);
  } catch {
    return Object.prototype.toString.call(value);
  }
}

/**
 * console.log's arguments as one line, cut to the contract's length; with more than one, the
 * first may hold %s, %d, %i, %f, %o, %O, %c and %%.
 */
export function formatConsoleArguments(args: readonly unknown[]): string {
  const [first, ...rest] = args;
  if (typeof first !== 'string' || rest.length === 0) return cut(args.map(formatValue).join(' '));
  const line = first.replace(/%[sdifoOc%]/g, (directive) => {
    if (directive === '%%') return '%';
    if (rest.length === 0) return directive;
    const value = rest.shift();
    if (directive === '%c') return '';
    if (directive === '%d' || directive === '%i' || directive === '%f') {
      const number = typeof value === 'number' ? value : Number.parseFloat(formatValue(value));
      return String(directive === '%f' ? number : Math.trunc(number));
    }
    return formatValue(value);
  });
  return cut([line, ...rest.map(formatValue)].join(' '));
}
