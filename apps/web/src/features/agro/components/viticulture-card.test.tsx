// @vitest-environment jsdom
import { type ViticultureView, viticultureSummary, type WeatherHistoryEntry } from '@ampelos/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderWithProviders } from '../../../test/render.tsx';
import { userOf } from '../../../test/users.ts';
import { ViticultureCard } from './viticulture-card.tsx';

const FIELD_UUID = '6f1c1d2e-8a4b-4c1d-9e2f-0a1b2c3d4e5f';

/** 1–12 April 2026, two 12-hour entries a day: 10–18 °C (4 °C·days a day); 14 mm on 12 April. */
function entries(): WeatherHistoryEntry[] {
  return Array.from({ length: 24 }, (_, i) => {
    const dt = Date.parse('2026-04-01T00:00:00Z') / 1000 + i * 12 * 3600;
    return {
      dt,
      temp_c: 14,
      temp_min_c: 10,
      temp_max_c: 18,
      humidity: 70,
      wind_mph: 3,
      rain_mm: i === 22 ? 14 : 0,
      icon: 'clear' as const,
    };
  });
}
const view: ViticultureView = {
  ...viticultureSummary(entries(), { lat: 37.8, lng: 0 }, '2026-04-13'),
  source: 'open-meteo',
};

function render(data: ViticultureView | null, lang: 'en' | 'el' = 'en') {
  mockApi({ [`GET /api/agro/viticulture?fieldUuid=${FIELD_UUID}`]: () => ({ body: { data } }) });
  renderWithProviders(<ViticultureCard fieldUuid={FIELD_UUID} />, {
    user: userOf('b2c_admin', { lang }),
    lang,
  });
}

describe('viticulture card', () => {
  it('shows the degree days so far, the region, and the 3-10 rule with the shoot assumption', async () => {
    render(view);
    const card = await screen.findByTestId('viticulture-card');
    await waitFor(() => expect(card.dataset.state).toBe('ready'));
    expect(within(card).getByTestId('viticulture-gdd').textContent).toBe('48 °C·days');
    expect(within(card).getByTestId('viticulture-region').textContent).toContain('Below Region Ia');
    // 48 °C·days: the estimate says the shoots are not 10 cm yet, so the rain does not meet the rule.
    expect(within(card).getByTestId('downy-mildew-status').textContent).toBe('Conditions not met');
    expect(within(card).getByTestId('downy-mildew-assumption').textContent).toContain('shorter than 10 cm');
    expect(within(card).getByTestId('downy-mildew-latest').textContent).toContain('14.0 mm');
    expect(within(card).getByText(/at least 10 mm of rain falls within 24–48 hours/)).toBeTruthy();
  });

  it('recomputes the rule when the grower says the shoots are 10 cm', async () => {
    render(view);
    const card = await screen.findByTestId('viticulture-card');
    await waitFor(() => expect(card.dataset.state).toBe('ready'));
    fireEvent.click(within(card).getByText('Yes'));
    expect(within(card).getByTestId('downy-mildew-status').textContent).toBe('Conditions met');
    expect(within(card).getByTestId('downy-mildew-met-days').textContent).toContain(
      'Met on 1 day this season',
    );
  });

  it('says "Information not available" without weather history, in Greek too', async () => {
    render(null, 'el');
    const card = await screen.findByTestId('viticulture-card');
    await waitFor(() => expect(card.dataset.state).toBe('unavailable'));
    expect(within(card).getByText('Οι πληροφορίες δεν είναι διαθέσιμες')).toBeTruthy();
    expect(within(card).getByText('Αμπελουργικοί δείκτες')).toBeTruthy();
  });
});
