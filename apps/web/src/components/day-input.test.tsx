// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderWithProviders } from '../test/render.tsx';
import { DayInput } from './day-input.tsx';

function Controlled({ initial, onDay }: { initial: string; onDay: (day: string) => void }) {
  const [day, setDay] = useState(initial);
  return (
    <DayInput
      label="From"
      value={day}
      onChange={(next) => {
        setDay(next);
        onDay(next);
      }}
      data-testid="day"
    />
  );
}

describe('DayInput', () => {
  it('shows and reads the day first in Greek, with the calendar in Greek', async () => {
    mockApi({});
    const days: string[] = [];
    renderWithProviders(<Controlled initial="2025-03-01" onDay={(day) => days.push(day)} />, { lang: 'el' });
    const input = screen.getByTestId('day') as HTMLInputElement;
    expect(input.value).toBe('01/03/2025');
    expect(input.placeholder).toBe('ηη/μμ/εεεε');

    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: '05/04/2025' } });
    expect(days).toEqual(['2025-04-05']);
    // The calendar opens at the typed month, named in Greek.
    await waitFor(() => expect(screen.getByText(/Απρίλιος 2025/i)).toBeTruthy());
    fireEvent.blur(input);
    expect(input.value).toBe('05/04/2025');
  });

  it('reads the day first in English too, and ignores what is no day yet', () => {
    mockApi({});
    const days: string[] = [];
    renderWithProviders(<Controlled initial="" onDay={(day) => days.push(day)} />);
    const input = screen.getByTestId('day') as HTMLInputElement;
    expect(input.placeholder).toBe('dd/mm/yyyy');
    fireEvent.change(input, { target: { value: '13/02/2025' } });
    fireEvent.change(input, { target: { value: '31/02/2025' } });
    expect(days).toEqual(['2025-02-13']);
  });
});
