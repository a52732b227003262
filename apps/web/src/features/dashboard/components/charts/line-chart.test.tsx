// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../../test/render.tsx';
import { LineChart } from './line-chart.tsx';

const series = [{ key: 'orders', label: 'Orders', color: 'blue', values: [0, 2, 5], format: String }];

describe('LineChart', () => {
  it('shows the values of a point chosen with the arrow keys, and hides them on Escape', async () => {
    renderWithProviders(
      <LineChart labels={['03/03', '10/03', '17/03']} series={series} ariaLabel="Growth" />,
    );
    const chart = screen.getByRole('img', { name: 'Growth' });
    chart.focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByText('Orders: 0')).toBeTruthy();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByText('Orders: 2')).toBeTruthy();
    await userEvent.keyboard('{End}');
    expect(screen.getByText('Orders: 5')).toBeTruthy();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByText(/Orders: /)).toBeNull();
  });

  it('carries each series and its values for the browser tests', () => {
    const { container } = renderWithProviders(
      <LineChart labels={['03/03', '10/03', '17/03']} series={series} ariaLabel="Growth" />,
    );
    const line = container.querySelector('polyline[data-series="orders"]');
    expect(line?.getAttribute('data-values')).toBe('0,2,5');
  });
});
