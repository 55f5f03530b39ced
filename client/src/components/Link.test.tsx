import { fireEvent, render, screen } from '@testing-library/react';
import { Link as RouterLink, UNSAFE_createMemoryHistory as createMemoryHistory } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { HistoryRouter } from '../app/history-router';
import { Link } from './Link';

function renderAt(path: string, link: React.ReactNode) {
  const history = createMemoryHistory({ initialEntries: [path], v5Compat: true });
  render(<HistoryRouter history={history}>{link}</HistoryRouter>);
  return history;
}

describe("the app's Link", () => {
  it('is an anchor to the path, and a click opens the path in the app (a new history entry)', () => {
    const history = renderAt(
      '/',
      <Link to="/otsing?q=leping" className="x" data-testid="l">
        Otsing
      </Link>,
    );
    const link = screen.getByRole('link', { name: 'Otsing' });
    expect(link.getAttribute('href')).toBe('/otsing?q=leping');
    expect(link.className).toBe('x');
    fireEvent.click(link);
    expect(history.location.pathname).toBe('/otsing');
    expect(history.location.search).toBe('?q=leping');
    expect(history.index).toBe(1);
  });

  it('takes a pathname with its search and hash, as the footer gives them', () => {
    const history = renderAt('/', <Link to={{ pathname: '/missioon', hash: '#mission' }}>Mission</Link>);
    const link = screen.getByRole('link', { name: 'Mission' });
    expect(link.getAttribute('href')).toBe('/missioon#mission');
    fireEvent.click(link);
    expect(history.location.pathname).toBe('/missioon');
    expect(history.location.hash).toBe('#mission');
  });

  it('replaces the entry for the page shown, or when asked, and carries state', () => {
    const history = renderAt('/otsing', <Link to="/otsing">Same</Link>);
    fireEvent.click(screen.getByRole('link', { name: 'Same' }));
    expect(history.index).toBe(0);

    const other = renderAt(
      '/',
      <Link to="/ostukorv" replace state={{ from: 'home' }}>
        Cart
      </Link>,
    );
    fireEvent.click(screen.getByRole('link', { name: 'Cart' }));
    expect(other.index).toBe(0);
    expect(other.location.pathname).toBe('/ostukorv');
    expect(other.location.state).toEqual({ from: 'home' });
  });

  it('leaves modified clicks, other targets and handled clicks to the browser', () => {
    const onClick = vi.fn((event: React.MouseEvent) => event.preventDefault());
    // What the browser would do (a new tab, a window) is not done here.
    const browserDefault = (event: MouseEvent) => event.preventDefault();
    document.addEventListener('click', browserDefault);
    const history = renderAt(
      '/',
      <>
        <Link to="/a">A</Link>
        <Link to="/b" target="_blank">
          B
        </Link>
        <Link to="/c" onClick={onClick}>
          C
        </Link>
      </>,
    );
    for (const modifier of ['ctrlKey', 'metaKey', 'shiftKey', 'altKey']) {
      fireEvent.click(screen.getByRole('link', { name: 'A' }), { [modifier]: true });
    }
    fireEvent.click(screen.getByRole('link', { name: 'A' }), { button: 1 });
    fireEvent.click(screen.getByRole('link', { name: 'B' }));
    fireEvent.click(screen.getByRole('link', { name: 'C' }));
    document.removeEventListener('click', browserDefault);
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(history.location.pathname).toBe('/');
    expect(history.index).toBe(0);
  });

  it("resolves a relative path as React Router's own Link does", () => {
    const history = renderAt(
      '/minu/dokumendid',
      <>
        <Link to="uus">New</Link>
        <RouterLink to="uus">Router's</RouterLink>
      </>,
    );
    const link = screen.getByRole('link', { name: 'New' });
    expect(link.getAttribute('href')).toBe(
      screen.getByRole('link', { name: "Router's" }).getAttribute('href'),
    );
    fireEvent.click(link);
    expect(history.location.pathname).toBe(link.getAttribute('href'));
    expect(history.index).toBe(1);
  });
});
