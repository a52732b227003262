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
    // A stress factor a person chose outside the five classes, and how such plants are marked.
    expect(within(legend).getByText('Other stress factor')).toBeTruthy();
    expect(screen.getByTestId('results-class-by-person').textContent).toContain(
      'the stress factor chosen in a note is the plant’s class',
    );
    // The stress colours of the other layers' markers would contradict the class colours.
    expect(screen.queryByText('Stress and low chlorophyll')).toBeNull();
    expect(screen.getByTestId('results-not-classified-explained').textContent).toContain(
      'could not be told from the photo',
    );
  });

  it('is in Greek in Greek', () => {
    controls('beta', 'el');
    expect(screen.getByTestId('results-not-classified-explained').textContent).toContain('Μη ταξινομημένο');
    expect(screen.getByText('Άλλος παράγοντας καταπόνησης')).toBeTruthy();
    expect(screen.getByTestId('results-class-by-person').textContent).toContain('Εκτίμηση ανθρώπου');
  });

  it('is not shown for the other layers', () => {
    controls('ai');
    expect(screen.queryByTestId('results-classification-legend')).toBeNull();
  });
});
