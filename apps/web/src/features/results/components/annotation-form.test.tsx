// @vitest-environment jsdom
import type { ResultsBoxView } from '@ampelos/domain';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { AnnotationForm } from './annotation-form.tsx';

const box = {
  id: '3',
  x: 10,
  y: 10,
  w: 40,
  h: 40,
  lng: 22.7101,
  lat: 37.8177,
  colour: 'yellow',
  className: 'Not Classified',
  factor: null,
  comment: null,
  annotatedAt: null,
  annotatedBy: null,
  drawn: false,
} as unknown as ResultsBoxView;

describe('annotation stress factor', () => {
  it('keeps the chosen factor when it is clicked again', async () => {
    renderWithProviders(
      <AnnotationForm
        reportUuid="00000000-0000-4000-8000-000000000009"
        file="DJI_0001.JPG"
        base="DJI_0001"
        target={{ box }}
        onSaved={() => {}}
      />,
    );
    const input = screen.getByTestId('annotation-factor');
    await userEvent.click(input);
    await userEvent.click(await screen.findByRole('option', { name: /^Downy mildew/ }));
    expect((input as HTMLInputElement).value).toMatch(/^Downy mildew/);
    await userEvent.click(input);
    await userEvent.click(await screen.findByRole('option', { name: /^Downy mildew/ }));
    expect((input as HTMLInputElement).value).toMatch(/^Downy mildew/);
  }, 30_000);
});
