// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderWithProviders } from '../test/render.tsx';
import { TitledTable } from './titled-table.tsx';

describe('TitledTable', () => {
  it('lets an e-mail wrap before its "@" and keeps its text whole', () => {
    mockApi({});
    renderWithProviders(
      <TitledTable
        title="Owner info"
        testId="owner"
        rows={[
          ['E-mail', 'demo-customer@example.com'],
          ['Owner', 'Eleni Demo'],
        ]}
      />,
    );
    const cell = screen.getByText('Owner info').parentElement?.querySelectorAll('td')[0] as HTMLElement;
    expect(cell.textContent).toBe('demo-customer@example.com');
    expect(cell.innerHTML).toContain('demo-customer<wbr>@example.com');
    // The table is not of fixed layout: a long label widens its column instead of overflowing.
    expect(cell.closest('table')?.style.getPropertyValue('--table-layout')).not.toBe('fixed');
  });
});
