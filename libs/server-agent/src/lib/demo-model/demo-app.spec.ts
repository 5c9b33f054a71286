import { demoAppFor, itemsNamedIn } from './demo-app';

describe('the offline demo app', () => {
  it('names the app from the description and fills its list with the items named in it', () => {
    const app = demoAppFor(['A grocery list with milk, eggs and fresh bread. Make it green.']);
    expect(app.title).toBe('Grocery List');
    expect(app.items).toEqual(['Milk', 'Eggs', 'Fresh bread']);
    expect(app.summary).toBe('A grocery list with milk, eggs and fresh bread.');
    expect(app.source).toContain('const TITLE = "Grocery List";');
    expect(app.source).toContain('const FIRST_ITEMS = ["Milk", "Eggs", "Fresh bread"];');
  });

  it('differs with the description: another app, other items', () => {
    const packing = demoAppFor(['Packing list for a beach trip: towel, sunscreen, hat']);
    expect(packing.title).toBe('Packing List Beach Trip');
    expect(packing.items).toEqual(['Towel', 'Sunscreen', 'Hat']);
    const chores = demoAppFor(['Chore tracker including dishes; laundry; vacuuming']);
    expect(chores).toMatchObject({
      title: 'Chore Tracker',
      items: ['Dishes', 'Laundry', 'Vacuuming'],
    });
  });

  it('adds the items a later message names, and renames the app when asked', () => {
    const app = demoAppFor([
      'A grocery list with milk',
      'Add apples and pears',
      'Call it Weekly shop',
      'add milk',
    ]);
    expect(app.title).toBe('Weekly shop');
    expect(app.items).toEqual(['Milk', 'Apples', 'Pears']);
  });

  it('shows sample items when the description names none', () => {
    expect(demoAppFor(['A habit tracker']).items).toEqual([
      'Try the demo',
      'Add an item of your own',
      'Tick one off',
    ]);
  });

  it('keeps what the person wrote inside string literals, whatever it holds', () => {
    const app = demoAppFor(['A list with "quotes", </script> and {braces}']);
    expect(app.source).toContain('"\\"quotes\\""');
    expect(app.source).toContain('"{braces}"');
    expect(app.source).not.toMatch(/^[^"]*\{braces\}[^"]*$/m);
  });

  it('reads lists after the usual words', () => {
    expect(itemsNamedIn('a board of cards, lanes & labels')).toEqual(['Cards', 'Lanes', 'Labels']);
    expect(itemsNamedIn('nothing listed here')).toEqual([]);
  });
});
