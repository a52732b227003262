// @vitest-environment jsdom
import type { CurrentWeatherView, SoilView, WeatherForecastView } from '@ampelos/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderWithProviders } from '../../../test/render.tsx';
import { userOf } from '../../../test/users.ts';
import { AgroCards } from './agro-cards.tsx';

const FIELD = {
  uuid: '6f1c1d2e-8a4b-4c1d-9e2f-0a1b2c3d4e5f',
  centroid: { lat: 37.8175, lng: 22.7105 },
  polygonPoints: [
    [22.71, 37.817],
    [22.711, 37.817],
    [22.711, 37.818],
    [22.71, 37.817],
  ] as [number, number][],
};
const POINT = 'lat=37.8175&lng=22.7105';

const weather: CurrentWeatherView = {
  location: { lat: 37.8175, lon: 22.7105, utc_offset_seconds: 10800 },
  current: {
    last_updated_epoch: 1748779200,
    temp_c: 24.4,
    humidity: 48,
    wind_mph: 9.2,
    is_day: 1,
    condition: { text: 'Partly cloudy', icon: 'partly-cloudy', code: 2 },
  },
  astronomy: {
    astro: { sunrise: '06:05 AM', sunset: '08:48 PM', sunrise_epoch: 1748747100, sunset_epoch: 1748800080 },
  },
  provider: 'open-meteo',
};
const soil: SoilView = {
  dt: 1748779200,
  t0: 295.02,
  t10: 291.86,
  moisture: 0.178,
  provider: 'agromonitoring',
};
const step = (dt: number, temp_min_c: number, temp_max_c: number, wind_mph: number, rain_mm: number) => ({
  dt,
  temp_c: temp_max_c,
  temp_min_c,
  temp_max_c,
  humidity: 50,
  wind_mph,
  rain_mm,
  clouds: 20,
  description: '',
  icon: rain_mm > 0 ? ('rain' as const) : ('clear' as const),
});
const forecast: WeatherForecastView = {
  utc_offset_seconds: 10800,
  // 1 June 06:00, 12:00, 18:00 local, then 2 June 09:00 local.
  entries: [
    step(1748746800, 14, 19, 4, 0),
    step(1748768400, 20, 27.4, 12, 1.2),
    step(1748790000, 19, 24, 9, 3.46),
    step(1748844000, 12, 21, 5, 0),
  ],
  provider: 'open-meteo',
};

function render(
  answers: Record<string, () => { status?: number; body?: unknown }>,
  lang: 'en' | 'el' = 'en',
) {
  // The season and satellite cards have their own tests (satellite-history.test.tsx, viticulture-card.test.tsx).
  mockApi({
    [`GET /api/agro/history?fieldUuid=${FIELD.uuid}`]: () => ({ body: { data: null } }),
    [`GET /api/agro/getSatelliteImgsData?fieldUuid=${FIELD.uuid}`]: () => ({ body: { data: null } }),
    [`GET /api/agro/viticulture?fieldUuid=${FIELD.uuid}`]: () => ({ body: { data: null } }),
    ...answers,
  });
  renderWithProviders(<AgroCards field={FIELD} />, { user: userOf('b2c_admin', { lang }), lang });
}

describe('field weather, soil and forecast cards', () => {
  it('show the temperature, humidity, wind in knots, sunrise, sunset and the soil in °C', async () => {
    render({
      [`GET /api/weather?${POINT}`]: () => ({ body: { data: weather } }),
      [`GET /api/agro/getWeatherForecastData?${POINT}`]: () => ({ body: { data: forecast } }),
      [`GET /api/agro/getSoilData?fieldUuid=${FIELD.uuid}`]: () => ({ body: { data: soil } }),
    });
    const card = await screen.findByTestId('weather-card');
    await waitFor(() => expect(card.dataset.state).toBe('ready'));
    expect(within(card).getByTestId('weather-temperature').textContent).toBe('24.4 °C');
    expect(within(card).getByTestId('weather-wind').textContent).toContain('8.0 kn');
    expect(within(card).getByText('48%')).toBeTruthy();
    expect(within(card).getByText('Partly cloudy')).toBeTruthy();
    expect(within(card).getByText('6:05 AM')).toBeTruthy();
    expect(within(card).getByText('8:48 PM')).toBeTruthy();

    const soilCard = screen.getByTestId('soil-card');
    await waitFor(() => expect(soilCard.dataset.state).toBe('ready'));
    expect(within(soilCard).getByTestId('soil-t0').textContent).toBe('21.9 °C');
    expect(within(soilCard).getByTestId('soil-t10').textContent).toBe('18.7 °C');
    expect(within(soilCard).getByTestId('soil-moisture').textContent).toBe('17.8 %');
  });

  it('group the forecast by day: maxima of temperature, wind and rain, mean minimum', async () => {
    render({
      [`GET /api/weather?${POINT}`]: () => ({ body: { data: null } }),
      [`GET /api/agro/getWeatherForecastData?${POINT}`]: () => ({ body: { data: forecast } }),
      [`GET /api/agro/getSoilData?fieldUuid=${FIELD.uuid}`]: () => ({ body: { data: null } }),
    });
    const rows = await screen.findAllByTestId('forecast-day');
    expect(rows.map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent))).toEqual([
      ['Sun 01/06', '', '27.4 °C', '17.7 °C', '10.4 kn', '3.5 mm'],
      ['Mon 02/06', '', '21.0 °C', '12.0 °C', '4.3 kn', '0.0 mm'],
    ]);
  });

  it('say "Information not available" when the providers fail, without an alert', async () => {
    render({
      [`GET /api/weather?${POINT}`]: () => ({ body: { data: null } }),
      [`GET /api/agro/getWeatherForecastData?${POINT}`]: () => ({
        status: 500,
        body: { errors: [{ msg: 'x' }] },
      }),
      [`GET /api/agro/getSoilData?fieldUuid=${FIELD.uuid}`]: () => ({
        status: 404,
        body: { errors: [{ msg: 'Field not found' }] },
      }),
    });
    for (const id of ['weather-card', 'soil-card', 'forecast-card', 'viticulture-card', 'satellite-card']) {
      const card = await screen.findByTestId(id);
      await waitFor(() => expect(card.dataset.state).toBe('unavailable'));
      expect(within(card).getByText('Information not available')).toBeTruthy();
    }
    expect(screen.queryByText('Field not found')).toBeNull();
    expect(screen.queryByText(/Something went wrong/)).toBeNull();
  });

  it('speak Greek', async () => {
    render(
      {
        [`GET /api/weather?${POINT}`]: () => ({ body: { data: weather } }),
        [`GET /api/agro/getWeatherForecastData?${POINT}`]: () => ({ body: { data: null } }),
        [`GET /api/agro/getSoilData?fieldUuid=${FIELD.uuid}`]: () => ({ body: { data: null } }),
      },
      'el',
    );
    const card = await screen.findByTestId('weather-card');
    await waitFor(() => expect(card.dataset.state).toBe('ready'));
    expect(within(card).getByText('Λίγα σύννεφα')).toBeTruthy();
    expect(
      within(screen.getByTestId('soil-card')).getByText('Οι πληροφορίες δεν είναι διαθέσιμες'),
    ).toBeTruthy();
  });
});
