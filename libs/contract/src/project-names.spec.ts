import { nameFromDescription } from './project-names';

describe('nameFromDescription', () => {
  it.each([
    ['Build me a todo list app where I can add tasks', 'Todo List App'],
    ['a counter app\nwith two buttons', 'Counter App'],
    ['Create a simple recipe book with search and favourites', 'Recipe Book'],
    ['I want a landing page for my bakery, Rosie’s Buns', 'Landing Page Bakery'],
    ['Personal finance tracker: budgets, charts, monthly reports', 'Personal Finance Tracker'],
    ['Make a kanban board', 'Kanban Board'],
    ['A website for my yoga studio', 'Yoga Studio'],
  ])('names "%s" "%s"', (description, name) => {
    expect(nameFromDescription(description)).toBe(name);
  });

  it('keeps at most four words, whatever the length of the description', () => {
    const name = nameFromDescription(`${'garden '.repeat(20)}planner`);
    expect(name).toBe('Garden Garden Garden Garden');
  });

  it('falls back to the first words when every word is filler', () => {
    expect(nameFromDescription('make it nice please')).toBe('Make It Nice Please');
  });

  it('names an empty description "Untitled app"', () => {
    expect(nameFromDescription('   ')).toBe('Untitled app');
  });
});
