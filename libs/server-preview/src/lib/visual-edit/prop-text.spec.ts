import { applyVisualEdits } from './apply-visual-edits';
import type { ElementLocation } from './apply-visual-edits';
import { applyPropTextEdit, propTextRefusal } from './prop-text';

const CARD_PATH = 'src/components/Card.tsx';

const CARD = `type CardProps = { title: string; note?: string };

export function Card({ title, note: remark = 'None' }: CardProps) {
  return (
    <article>
      <h2>{title}</h2>
      <p>{remark}</p>
      <ul>
        {['a'].map((title) => (
          <li key={title}>{title}</li>
        ))}
      </ul>
    </article>
  );
}

export const Badge = (props: { label: string }) => <span>{props.label}</span>;

function helper({ text }: { text: string }) {
  return <em>{text}</em>;
}
`;

function at(code: string, snippet: string): ElementLocation {
  const index = code.indexOf(snippet);
  if (index === -1 || code.indexOf(snippet, index + 1) !== -1) throw new Error(snippet);
  const before = code.slice(0, index);
  return { line: before.split('\n').length, column: index - before.lastIndexOf('\n') };
}

function changeText(snippet: string, previousTextContent: string, textContent: string) {
  return applyVisualEdits(CARD, CARD_PATH, [
    {
      location: at(CARD, snippet),
      change: { kind: 'update', textContent, previousTextContent },
    },
  ]);
}

describe('text passed as a prop', () => {
  it('is found where the component is used: a destructured prop, a renamed one, props.field', () => {
    expect(changeText('<h2>', 'Groceries', 'Errands')).toMatchObject({
      ok: false,
      elsewhere: {
        kind: 'prop',
        componentName: 'Card',
        propName: 'title',
        previousText: 'Groceries',
        text: 'Errands',
        editIndex: 0,
      },
    });
    expect(changeText('<p>', 'Soon', 'Later')).toMatchObject({
      elsewhere: { kind: 'prop', componentName: 'Card', propName: 'note' },
    });
    expect(changeText('<span>', 'New', 'Fresh')).toMatchObject({
      elsewhere: { kind: 'prop', componentName: 'Badge', propName: 'label' },
    });
  });

  it('is code, not a prop, when a function in between binds the name or the function is no component', () => {
    for (const [snippet, previous] of [
      ['<li key', 'a'],
      ['<em>', 'x'],
    ] as const) {
      const outcome = changeText(snippet, previous, 'y');
      expect(outcome).toMatchObject({ ok: false });
      expect(outcome).not.toHaveProperty('elsewhere');
      if (!outcome.ok) expect(outcome.message).toMatch(/comes from code/);
    }
  });

  it('changes each use of the component that shows the text, in its own quotes', () => {
    const page = [
      "import { Card } from './Card';",
      '',
      'export function Page() {',
      '  return (',
      '    <>',
      '      <Card title="Groceries" />',
      '      <Card title={\'Groceries\'} note="Soon" />',
      '      <Card title={`Groceries`} />',
      '      <Card title="Chores" />',
      '      <Other title="Groceries" />',
      '    </>',
      '  );',
      '}',
      '',
    ].join('\n');
    const elsewhere = {
      componentName: 'Card',
      propName: 'title',
      previousText: 'Groceries',
      text: 'Errands & "more"',
    };
    expect(applyPropTextEdit(page, 'src/Page.tsx', elsewhere)).toEqual({
      uses: 3,
      code: page
        .replace('<Card title="Groceries" />', '<Card title={"Errands & \\"more\\""} />')
        .replace("<Card title={'Groceries'}", '<Card title={\'Errands & "more"\'}')
        .replace('<Card title={`Groceries`} />', '<Card title={`Errands & "more"`} />'),
    });
    expect(
      applyPropTextEdit('export const x = <Card title="Chores" />;', 'a.tsx', elsewhere),
    ).toEqual({ uses: 0, code: 'export const x = <Card title="Chores" />;' });
    expect(applyPropTextEdit('<<<', 'broken.tsx', elsewhere)).toEqual({ uses: 0, code: '<<<' });
  });

  it('says why when no use, or more than one, shows the text', () => {
    const elsewhere = { componentName: 'Card', propName: 'title', previousText: 'Hi', text: 'Yo' };
    expect(propTextRefusal(elsewhere, 0)).toBe(
      'The text comes from the title of Card, and no <Card title="Hi"> is written in the app\'s files, so it cannot be changed here. Ask the assistant in the chat to make this change.',
    );
    expect(propTextRefusal(elsewhere, 2)).toMatch(
      /^The text comes from the title of Card, and 2 places write <Card title="Hi">, so which one to change is not clear\./,
    );
  });
});
