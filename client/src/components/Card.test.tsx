import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Card } from './Card';

describe('Card', () => {
  it('is a region named by its heading, with its actions beside the heading', () => {
    render(
      <Card title="My sales" titleId="sales-totals" actions={<button type="button">Export CSV</button>}>
        <p>Figures</p>
      </Card>,
    );
    const region = screen.getByRole('region', { name: 'My sales' });
    expect(within(region).getByRole('heading', { level: 2, name: 'My sales' }).id).toBe('sales-totals');
    expect(within(region).getByRole('button', { name: 'Export CSV' })).toBeTruthy();
    expect(within(region).getByText('Figures')).toBeTruthy();
    expect(region.classList.contains('card')).toBe(true);
  });

  it('names itself by a heading it gives an id of its own, at the level asked for', () => {
    render(
      <>
        <Card title="Files" level={3} />
        <Card title="Preview" level={3} />
      </>,
    );
    const files = screen.getByRole('region', { name: 'Files' });
    const preview = screen.getByRole('region', { name: 'Preview' });
    const filesHeading = within(files).getByRole('heading', { level: 3 });
    expect(filesHeading.id).not.toBe('');
    expect(filesHeading.id).not.toBe(within(preview).getByRole('heading', { level: 3 }).id);
  });

  it('without a heading is a plain box, not a region nobody can name', () => {
    render(<Card testId="plain">Text</Card>);
    expect(screen.queryByRole('region')).toBeNull();
    expect(screen.getByTestId('plain').classList.contains('card')).toBe(true);
  });
});
