import { render, screen } from '@testing-library/react';
import { withElements } from './elements';

describe('withElements', () => {
  it('puts the element where its tag is, with the text around it', () => {
    const { container } = render(
      <p>{withElements('Teenite iga müügiga <amount></amount> ja rohkem', { amount: <b>12,00 €</b> })}</p>,
    );
    expect(container.innerHTML).toBe('<p>Teenite iga müügiga <b>12,00 €</b> ja rohkem</p>');
  });

  it('gives the text between the tags to the element as its children, and handles self-closing tags', () => {
    const { container } = render(
      <p>
        {withElements('Read <terms>the terms</terms> first<br/>now', { terms: <a href="/t" />, br: <br /> })}
      </p>,
    );
    expect(container.innerHTML).toBe('<p>Read <a href="/t">the terms</a> first<br>now</p>');
  });

  it('leaves a tag with no element, and a text with no tags, as they are', () => {
    render(<p>{withElements('You earn <amount></amount> per sale', {})}</p>);
    expect(screen.getByText('You earn <amount></amount> per sale').tagName).toBe('P');
    const { container } = render(<span>{withElements('Plain text', { amount: <b /> })}</span>);
    expect(container.innerHTML).toBe('<span>Plain text</span>');
  });
});
