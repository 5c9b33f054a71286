import { elementLabel, elementName } from './element-names';

describe('elementName', () => {
  it('names elements as people do, links and buttons by their words', () => {
    expect(elementName({ tagName: 'H1', textContent: 'Your app starts here' })).toBe('Heading');
    expect(elementName({ tagName: 'p', textContent: 'Describe what you want' })).toBe('Paragraph');
    expect(elementName({ tagName: 'a', textContent: '  About\n us ' })).toBe('Link: About us');
    expect(elementName({ tagName: 'button', textContent: null })).toBe('Button');
    expect(
      elementName({ tagName: 'button', textContent: 'Add this item to the shopping list now' }),
    ).toBe('Button: Add this item to the sh…');
    expect(elementName({ tagName: 'div', textContent: null })).toBe('Box');
    expect(elementName({ tagName: 'em', textContent: 'now' })).toBe('Text');
    expect(elementName({ tagName: 'img', textContent: null })).toBe('Image');
  });

  it('says which component the element is written in, when known', () => {
    expect(elementLabel({ tagName: 'h2', textContent: 'Hi', componentName: 'Hero' })).toBe(
      'Heading in Hero',
    );
    expect(elementLabel({ tagName: 'li', textContent: 'Milk', componentName: '' })).toBe(
      'List item',
    );
  });
});
