// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { LayerControls } from './layer-controls.tsx';

const controls = (layer: 'ai' | 'beta', lang: 'en' | 'el' = 'en') =>
  renderWithProviders(
    <LayerControls
      layers={['ai', 'beta']}
      layer={layer}
      onLayer={() => {}}
      opacity={100}
      onOpacity={() => {}}
      surfaceMap={null}
    />,
    { lang },
  );

describe('classification layer legend', () => {
  it('shows the classes and explains Not Classified when the Classification layer is chosen', () => {
    controls('beta');
    const legend = screen.getByTestId('results-classification-legend');
    for (const name of ['Fungal Diseases', 'Trunk Diseases', 'Heat Stress', 'Water Stress', 'Toxicity']) {
      expect(within(legend).getByText(name)).toBeTruthy();
    }
    expect(within(legend).getByText('Not Classified')).toBeTruthy();
    expect(screen.getByTestId('results-not-classified-explained').textContent).toContain(
      'could not be told from the photo',
    );
  });

  it('is in Greek in Greek', () => {
    controls('beta', 'el');
    expect(screen.getByTestId('results-not-classified-explained').textContent).toContain('Μη ταξινομημένο');
  });

  it('is not shown for the other layers', () => {
    controls('ai');
    expect(screen.queryByTestId('results-classification-legend')).toBeNull();
  });
});
