// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { LayerControls } from './layer-controls.tsx';

const controls = (
  vigour: {
    counts: { low: number; medium: number; high: number } | null;
    state: 'loading' | 'error' | 'ready';
  },
  lang: 'en' | 'el' = 'en',
) =>
  renderWithProviders(
    <LayerControls
      layers={['ai', 'vigour']}
      layer="vigour"
      onLayer={() => {}}
      opacity={100}
      onOpacity={() => {}}
      surfaceMap={null}
      vigour={vigour}
    />,
    { lang },
  );

describe('vigour layer legend', () => {
  it('names the three classes with how many plants each has, and explains the neighbours rule', () => {
    controls({ counts: { low: 14, medium: 120, high: 9 }, state: 'ready' });
    const legend = screen.getByTestId('results-vigour-legend');
    expect([...legend.querySelectorAll('[data-vigour]')].map((row) => row.textContent)).toEqual([
      'Low vigour (14)',
      'Medium vigour (120)',
      'High vigour (9)',
    ]);
    expect(screen.getByTestId('results-vigour-explained').textContent).toContain(
      'more than one spread below their median is low',
    );
  });

  it('says it is loading, or that it failed', () => {
    const { unmount } = controls({ counts: null, state: 'loading' });
    expect(screen.getByText('Loading the vigour layer…')).toBeTruthy();
    expect(screen.getByText('Low vigour')).toBeTruthy();
    unmount();
    controls({ counts: null, state: 'error' });
    expect(screen.getByRole('alert').textContent).toBe('The vigour layer could not be loaded.');
  });

  it('is in Greek in Greek', () => {
    controls({ counts: { low: 1, medium: 2, high: 3 }, state: 'ready' }, 'el');
    expect(screen.getByTestId('results-vigour-legend').textContent).toContain('Υψηλή ευρωστία (3)');
  });
});
