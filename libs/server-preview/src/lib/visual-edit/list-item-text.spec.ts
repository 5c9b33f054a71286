import { applyVisualEdits } from './apply-visual-edits';
import { applyListItemEdit } from './list-item-text';
import type { ElementChange } from './apply-visual-edits';

const FILE = 'src/components/Plans.tsx';

/** The location of the first `<li` of the code (where the preview build tags it). */
function firstItem(code: string) {
  const index = code.indexOf('<li');
  const before = code.slice(0, index);
  return { line: before.split('\n').length, column: index - before.lastIndexOf('\n') };
}

const retitle = (previousTextContent: string, textContent: string): ElementChange => ({
  kind: 'update',
  textContent,
  previousTextContent,
});

function applyTo(code: string, change: ElementChange) {
  return applyVisualEdits(code, FILE, [{ location: firstItem(code), change }]);
}

describe('text of an item of a list written in the source', () => {
  it('is changed in the list, in the item the preview showed (a field of an object)', () => {
    const code = `const PLANS = [
  { id: 1, name: 'Starter', price: 0 },
  { id: 2, name: "Pro", price: 12 },
];

export function Plans() {
  return (
    <ul>
      {PLANS.map((plan) => (
        <li key={plan.id}>{plan.name}</li>
      ))}
    </ul>
  );
}
`;
    expect(applyTo(code, retitle('Pro', 'Pro “plus”'))).toEqual({
      ok: true,
      code: code.replace('name: "Pro"', 'name: "Pro “plus”"'),
    });
  });

  it('is changed in a list of strings, also exported, `as const` and destructured', () => {
    const strings = `export const STEPS = ['Plan', 'Build', 'Ship'] as const;

export function Steps() {
  return <ol>{STEPS.map((step) => <li key={step}>{step}</li>)}</ol>;
}
`;
    expect(applyTo(strings, retitle('Build', 'Make'))).toEqual({
      ok: true,
      code: strings.replace("'Build'", "'Make'"),
    });
    const destructured = `const TEAM = [{ name: 'Ada' }, { name: 'Grace' }];

export function Team() {
  return <ul>{TEAM.map(({ name }) => <li key={name}>{name}</li>)}</ul>;
}
`;
    expect(applyTo(destructured, retitle('Grace', 'Grace Hopper'))).toEqual({
      ok: true,
      code: destructured.replace("'Grace'", "'Grace Hopper'"),
    });
  });

  it('is refused with a reason when the list is data the app gets while it runs', () => {
    const fetched = `import { useEffect, useState } from 'react';

export function Plans() {
  const [plans, setPlans] = useState<{ name: string }[]>([]);
  useEffect(() => {
    void fetch('/api/plans').then(async (response) => setPlans(await response.json()));
  }, []);
  return <ul>{plans.map((plan) => <li key={plan.name}>{plan.name}</li>)}</ul>;
}
`;
    const outcome = applyTo(fetched, retitle('Pro', 'Team'));
    expect(outcome).toMatchObject({ ok: false });
    expect(outcome.ok === false && outcome.message).toBe(
      'The text of the <li> in src/components/Plans.tsx line 8 comes from plans, data the app gets while it runs, so it cannot be changed in the source here. Ask the assistant in the chat to make this change.',
    );
  });

  it('is refused, saying where, when the list is imported from another file', () => {
    const imported = `import { PLANS } from '../data/plans';

export function Plans() {
  return <ul>{PLANS.map((plan) => <li key={plan.name}>{plan.name}</li>)}</ul>;
}
`;
    const outcome = applyTo(imported, retitle('Pro', 'Team'));
    expect(outcome.ok === false && outcome.message).toMatch(
      /^The text of the <li> in src\/components\/Plans\.tsx line 4 comes from PLANS, written in \.\.\/data\/plans\./,
    );
    // The caller can make it there: the module, the export, and what changes.
    expect(outcome.ok === false && outcome.elsewhere).toEqual({
      kind: 'list',
      from: '../data/plans',
      exportName: 'PLANS',
      field: 'name',
      previousText: 'Pro',
      text: 'Team',
      editIndex: 0,
    });
  });

  it('is refused when two items show the same text, and left as code when none does', () => {
    const twice = `const TAGS = ['New', 'New', 'Old'];
export const Tags = () => <ul>{TAGS.map((tag) => <li key={tag}>{tag}</li>)}</ul>;
`;
    expect(applyTo(twice, retitle('New', 'Fresh'))).toMatchObject({
      ok: false,
      message:
        '2 items of TAGS show “New”, so which one to change is not clear. Ask the assistant in the chat to make this change.',
    });
    const outcome = applyTo(twice, retitle('Gone', 'Fresh'));
    expect(outcome.ok === false && outcome.message).toMatch(/comes from code \(\{tag\}\)/);
  });
});

describe('applyListItemEdit: the item changed in the module that exports the list', () => {
  const elsewhere = { field: 'name', previousText: 'Pro', text: 'Team' };

  it('changes the item in an exported literal array of a TypeScript module, the rest kept', () => {
    const data = `export interface Plan {
  name: string;
}

export const PLANS: Plan[] = [{ name: 'Starter' }, { name: 'Pro' }];
`;
    expect(
      applyListItemEdit(data, 'src/data/plans.ts', {
        ...elsewhere,
        from: '../data/plans',
        exportName: 'PLANS',
      }),
    ).toEqual({
      ok: true,
      code: data.replace("name: 'Pro'", "name: 'Team'"),
    });
    const byDefault = `const plans = [{ name: "Pro" }];
export default plans;
`;
    expect(
      applyListItemEdit(byDefault, 'src/data/plans.js', {
        ...elsewhere,
        from: './plans',
        exportName: 'default',
      }),
    ).toEqual({
      ok: true,
      code: byDefault.replace('"Pro"', '"Team"'),
    });
  });

  it('says why when the export is no literal list, or no item shows the text any more', () => {
    const loaded = `export const PLANS = await fetch('/plans').then((response) => response.json());
`;
    expect(
      applyListItemEdit(loaded, 'src/data/plans.ts', {
        ...elsewhere,
        from: './plans',
        exportName: 'PLANS',
      }),
    ).toEqual({
      ok: false,
      message:
        'PLANS in src/data/plans.ts is not a list written in the file, so its items cannot be changed here. Ask the assistant in the chat to make this change.',
    });
    expect(
      applyListItemEdit(`export const PLANS = [{ name: 'Team' }];\n`, 'src/data/plans.ts', {
        ...elsewhere,
        from: './plans',
        exportName: 'PLANS',
      }),
    ).toMatchObject({ ok: false, message: expect.stringContaining('shows “Pro” any more') });
  });
});
