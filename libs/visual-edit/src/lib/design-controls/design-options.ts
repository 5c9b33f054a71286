import { twMerge } from 'tailwind-merge';
import { normalizeProperty, type ElementDraft, type StyleRow } from '../edit-draft/edit-draft';

/** One choice of a design control: its Tailwind class, and the CSS value written otherwise. */
export interface DesignOption {
  readonly label: string;
  readonly tailwind: string;
  readonly css: string;
}

/** A design control: what it sets (one CSS property), and its choices. */
export interface DesignGroup {
  readonly id: string;
  readonly label: string;
  readonly property: string;
  readonly options: readonly DesignOption[];
}

const option = (label: string, tailwind: string, css: string): DesignOption => ({
  label,
  tailwind,
  css,
});

/** The theme's colours (src/globals.css); outside Tailwind, the same variables with a fallback. */
function themeColours(prefix: 'text' | 'bg' | 'border'): DesignOption[] {
  const colours: [string, string, string][] = [
    ...(prefix === 'border' ? [['Border', 'border', '#e2e8f0'] as [string, string, string]] : []),
    ['Background', 'background', '#ffffff'],
    ['Foreground', 'foreground', '#0f172a'],
    ['Card', 'card', '#ffffff'],
    ['Muted', prefix === 'text' ? 'muted-foreground' : 'muted', '#64748b'],
    ['Primary', 'primary', '#4f46e5'],
    ['Secondary', 'secondary', '#f1f5f9'],
    ['Accent', 'accent', '#f1f5f9'],
    ['Destructive', 'destructive', '#dc2626'],
  ];
  return colours.map(([label, name, fallback]) =>
    option(label, `${prefix}-${name}`, `var(--${name}, ${fallback})`),
  );
}

const spacing = (prefix: 'p' | 'm'): DesignOption[] =>
  [0, 1, 2, 3, 4, 6, 8, 12].map((step) =>
    option(`${step * 4} px`, `${prefix}-${step}`, `${step * 4}px`),
  );

/** The design controls, in the order the panel shows them. */
export const DESIGN_GROUPS: readonly DesignGroup[] = [
  {
    id: 'font-size',
    label: 'Font size',
    property: 'font-size',
    options: [
      option('Extra small', 'text-xs', '12px'),
      option('Small', 'text-sm', '14px'),
      option('Base', 'text-base', '16px'),
      option('Large', 'text-lg', '18px'),
      option('Extra large', 'text-xl', '20px'),
      option('2XL', 'text-2xl', '24px'),
      option('3XL', 'text-3xl', '30px'),
      option('4XL', 'text-4xl', '36px'),
    ],
  },
  {
    id: 'font-weight',
    label: 'Font weight',
    property: 'font-weight',
    options: [
      option('Normal', 'font-normal', '400'),
      option('Medium', 'font-medium', '500'),
      option('Semibold', 'font-semibold', '600'),
      option('Bold', 'font-bold', '700'),
    ],
  },
  { id: 'text-colour', label: 'Text colour', property: 'color', options: themeColours('text') },
  {
    id: 'background',
    label: 'Background',
    property: 'background-color',
    options: themeColours('bg'),
  },
  {
    id: 'border',
    label: 'Border',
    // Outside Tailwind the shorthand, so a width shows without a style of its own.
    property: 'border',
    options: [
      option('None', 'border-0', '0'),
      option('Thin', 'border', '1px solid'),
      option('Thick', 'border-2', '2px solid'),
    ],
  },
  {
    id: 'border-colour',
    label: 'Border colour',
    property: 'border-color',
    options: themeColours('border'),
  },
  { id: 'padding', label: 'Padding', property: 'padding', options: spacing('p') },
  { id: 'margin', label: 'Margin', property: 'margin', options: spacing('m') },
  {
    id: 'radius',
    label: 'Corner radius',
    property: 'border-radius',
    options: [
      option('None', 'rounded-none', '0'),
      option('Small', 'rounded-sm', '4px'),
      option('Medium', 'rounded-md', '8px'),
      option('Large', 'rounded-lg', '12px'),
      option('Extra large', 'rounded-xl', '16px'),
      option('Full', 'rounded-full', '9999px'),
    ],
  },
  {
    id: 'width',
    label: 'Width',
    property: 'width',
    options: [
      option('Auto', 'w-auto', 'auto'),
      option('Fit the content', 'w-fit', 'fit-content'),
      option('Full', 'w-full', '100%'),
    ],
  },
  {
    id: 'height',
    label: 'Height',
    property: 'height',
    options: [
      option('Auto', 'h-auto', 'auto'),
      option('Fit the content', 'h-fit', 'fit-content'),
      option('Full', 'h-full', '100%'),
      option('The screen', 'h-screen', '100vh'),
    ],
  },
  {
    id: 'text-align',
    label: 'Text align',
    property: 'text-align',
    options: [
      option('Left', 'text-left', 'left'),
      option('Center', 'text-center', 'center'),
      option('Right', 'text-right', 'right'),
    ],
  },
];

const tokens = (className: string) => className.split(/\s+/).filter(Boolean);

/** Whether `token` sets what the group sets (tailwind-merge drops it before the group's class). */
function inGroup(token: string, group: DesignGroup): boolean {
  return (
    group.options.some((choice) => token === choice.tailwind) ||
    !tokens(twMerge(`${token} ${group.options[0].tailwind}`)).includes(token)
  );
}

/**
 * What the group is set to in the draft now: the last of its classes (Tailwind) or its inline
 * style's value, as written ('' when unset). It may be none of the group's choices ('px-2').
 */
export function currentValue(draft: ElementDraft, group: DesignGroup, tailwind: boolean): string {
  if (tailwind)
    return (
      tokens(draft.className)
        .filter((token) => inGroup(token, group))
        .at(-1) ?? ''
    );
  const row = draft.styleRows.find((item) => normalizeProperty(item.property) === group.property);
  return row?.value.trim() ?? '';
}

/** The choice whose class (Tailwind) or value (inline style) is `value`, if one is. */
export function optionOf(
  group: DesignGroup,
  value: string,
  tailwind: boolean,
): DesignOption | null {
  return (
    group.options.find((choice) => (tailwind ? choice.tailwind : choice.css) === value) ?? null
  );
}

/**
 * The draft with the group set to `choice` (null: unset). In a Tailwind app its class goes
 * through tailwind-merge, so it replaces the class that set the same thing; otherwise the
 * inline style's row for the property is written (or removed).
 */
export function withOption(
  draft: ElementDraft,
  group: DesignGroup,
  choice: DesignOption | null,
  tailwind: boolean,
): ElementDraft {
  if (tailwind) {
    const className = choice
      ? twMerge(draft.className, choice.tailwind)
      : tokens(draft.className)
          .filter((token) => !inGroup(token, group))
          .join(' ');
    return { ...draft, className };
  }
  const others = draft.styleRows.filter(
    (row) => normalizeProperty(row.property) !== group.property,
  );
  if (!choice) return { ...draft, styleRows: others };
  const existing = draft.styleRows.find(
    (row) => normalizeProperty(row.property) === group.property,
  );
  const nextId = Math.max(0, ...draft.styleRows.map((row) => row.id)) + 1;
  const row: StyleRow = { id: existing?.id ?? nextId, property: group.property, value: choice.css };
  return {
    ...draft,
    styleRows: existing
      ? draft.styleRows.map((item) => (item === existing ? row : item))
      : [...others, row],
  };
}
