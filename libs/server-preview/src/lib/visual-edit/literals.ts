// How new text is written into the source, in each place text can go, so that it means exactly
// the text the person typed.

export type Quote = "'" | '"';

/** A JavaScript string literal with the given quote. */
export function stringLiteral(value: string, quote: Quote): string {
  let body = '';
  for (const character of value) {
    if (character === '\\') body += '\\\\';
    else if (character === quote) body += `\\${quote}`;
    else if (character === '\n') body += '\\n';
    else if (character === '\r') body += '\\r';
    else if (character === '\t') body += '\\t';
    else if (character < ' ' || character === '\u2028' || character === '\u2029') {
      body += `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`;
    } else body += character;
  }
  return `${quote}${body}${quote}`;
}

/** The raw text of a template literal part (between backticks, outside `${}`). */
export function templateText(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/`/g, '\\`').replace(/\$\{/g, '\\${');
}

/** An HTML entity: JSX text and JSX attribute strings decode these. */
const ENTITY = /&(#?[\w]+);/;

/**
 * A JSX attribute value: `"…"` (or `'…'` when that is the attribute's quote) when the text
 * reads the same there, else `{"…"}`, since attribute strings know no backslash escapes.
 */
export function jsxAttributeValue(value: string, quote: Quote): string {
  if (value.includes(quote) || ENTITY.test(value) || /[\r\n]/.test(value)) {
    return `{${JSON.stringify(value)}}`;
  }
  return `${quote}${value}${quote}`;
}

/**
 * JSX text for the words of an element: as is when JSX reads it back the same, else
 * `{"…"}`: braces and angle brackets are syntax, entities are decoded, and line breaks and
 * the whitespace at either end would be trimmed or collapsed.
 */
export function jsxTextValue(value: string): string {
  const plain =
    !/[{}<>\r\n]/.test(value) && !ENTITY.test(value) && value === value.trim() && value !== '';
  return plain ? value : `{${JSON.stringify(value)}}`;
}
