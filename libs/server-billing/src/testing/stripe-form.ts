/** A form or query value as Stripe's API reads it: strings, nested by bracket notation. */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type Form = { [key: string]: FormValue };

/** `items[0][price]` -> ['items', '0', 'price']; `expand[]` -> ['expand', '']. */
function pathOf(key: string): string[] {
  const head = /^[^[]+/.exec(key)?.[0] ?? key;
  const rest = [...key.slice(head.length).matchAll(/\[([^\]]*)\]/g)].map((match) => match[1] ?? '');
  return [head, ...rest];
}

type Container = Form | FormValue[];

function childOf(parent: Container, key: string, nextKey: string): Container {
  const index = key === '' && Array.isArray(parent) ? parent.length : key;
  const existing = (parent as Record<string | number, FormValue>)[index];
  if (existing !== undefined && typeof existing !== 'string') return existing;
  const made: Container = /^\d*$/.test(nextKey) ? [] : {};
  (parent as Record<string | number, FormValue>)[index] = made;
  return made;
}

function assign(target: Form, path: readonly string[], value: string): void {
  let node: Container = target;
  path.forEach((key, depth) => {
    const last = depth === path.length - 1;
    if (!last) {
      node = childOf(node, key, path[depth + 1] ?? '');
    } else if (Array.isArray(node) && key === '') {
      node.push(value);
    } else {
      (node as Record<string, FormValue>)[key] = value;
    }
  });
}

/**
 * An application/x-www-form-urlencoded body (or a query string) the way Stripe reads it: the SDK
 * sends nested params in bracket notation (`line_items[0][price]=price_1`), numeric keys make
 * arrays. Arrays come back dense, in index order.
 */
export function parseForm(encoded: string): Form {
  const form: Form = {};
  for (const [key, value] of new URLSearchParams(encoded)) assign(form, pathOf(key), value);
  return compact(form) as Form;
}

function compact(value: FormValue): FormValue {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.filter((item) => item !== undefined).map(compact);
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, compact(item)]));
}

/** A param that must be text. */
export const textOf = (value: FormValue | undefined): string | undefined =>
  typeof value === 'string' ? value : undefined;

/** A param that must be a nested object (absent or text: empty). */
export const objectOf = (value: FormValue | undefined): Form =>
  value && typeof value === 'object' && !Array.isArray(value) ? value : {};

/** A param that must be a list (absent: empty). */
export const listOf = (value: FormValue | undefined): FormValue[] =>
  Array.isArray(value) ? value : [];

/** Metadata as Stripe keeps it: string values; an empty value removes its key. */
export function mergeMetadata(
  current: Readonly<Record<string, string>>,
  update: FormValue | undefined,
): Record<string, string> {
  const next: Record<string, string> = { ...current };
  for (const [key, value] of Object.entries(objectOf(update))) {
    if (typeof value !== 'string') continue;
    if (value === '') delete next[key];
    else next[key] = value;
  }
  return next;
}
