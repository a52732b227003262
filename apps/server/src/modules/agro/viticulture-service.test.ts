import type { AgroHistoryView, WeatherHistoryEntry } from '@ampelos/domain';
import { describe, expect, it } from 'vitest';
import type { AuthContext } from '../auth/sessions.ts';
import { createViticultureService } from './viticulture-service.ts';

const FIELD = { id: 1, uuid: 'f', title: 'F', ring: [], lat: 37.8, lng: 22.7, agroId: null };
const auth = {} as AuthContext;

/** 9-hour entries from a day on: 15–25 °C (10 degree days a day); the entry holding noon UTC of `rainOn` gets 12 mm. */
function entries(fromIso: string, days: number, rainOn?: string): WeatherHistoryEntry[] {
  const start = Date.parse(`${fromIso}T00:00:00Z`) / 1000;
  return Array.from({ length: Math.floor((days * 24) / 9) }, (_, i) => {
    const dt = start + i * 9 * 3600;
    const noon = rainOn ? Date.parse(`${rainOn}T12:00:00Z`) / 1000 : -1;
    const rain = dt <= noon && noon < dt + 9 * 3600 ? 12 : 0;
    return {
      dt,
      temp_c: 20,
      temp_min_c: 15,
      temp_max_c: 25,
      humidity: 50,
      wind_mph: 3,
      rain_mm: rain,
      icon: 'clear',
    };
  });
}

function service(weather: WeatherHistoryEntry[] | null, file: Partial<AgroHistoryView> | null = null) {
  const asked: { from: Date; to: Date }[] = [];
  return {
    asked,
    viticulture: createViticultureService({
      agro: { visibleField: async () => FIELD },
      history: {
        weather: async (_field, from, to) => {
          asked.push({ from, to });
          return weather ? { provider: 'open-meteo', entries: weather } : null;
        },
      },
      fieldHistory: { fieldHistory: async () => (file ? (file as AgroHistoryView) : null) },
    }),
  };
}

describe('viticulture service', () => {
  it('asks the season from 1 April to today and names the region of the degree days so far', async () => {
    const { viticulture, asked } = service(entries('2026-04-01', 91, '2026-06-10'));
    const view = await viticulture.viticulture(auth, { fieldUuid: 'f' }, new Date('2026-07-01T12:00:00Z'));
    expect(asked[0]?.from.toISOString()).toBe('2026-04-01T00:00:00.000Z');
    expect(asked[0]?.to.toISOString()).toBe('2026-07-01T12:00:00.000Z');
    expect(view?.source).toBe('open-meteo');
    expect(view?.season.complete).toBe(false);
    expect(view?.gdd).toBeGreaterThan(880);
    expect(view?.winklerRegion).toBe('Ia');
    expect(view?.downyMildew.shootsFrom).toBe('2026-04-15');
    expect(view?.downyMildew.metDays).toEqual(['2026-06-11', '2026-06-10']);
  });

  it('stops a finished season at 31 October', async () => {
    const { viticulture, asked } = service(entries('2026-04-01', 30));
    const view = await viticulture.viticulture(auth, { fieldUuid: 'f' }, new Date('2026-12-01T00:00:00Z'));
    expect(asked[0]?.to.toISOString()).toBe('2026-10-31T23:59:59.000Z');
    expect(view?.season.complete).toBe(true);
  });

  it("falls back to the latest report's history file when the provider fails, else null", async () => {
    const file = { weather_data: entries('2026-05-01', 10) };
    const fromFile = await service(null, file).viticulture.viticulture(
      auth,
      { fieldUuid: 'f' },
      new Date('2026-06-01'),
    );
    expect(fromFile?.source).toBe('report-file');
    expect(fromFile?.season.firstDay).toBe('2026-05-01');
    expect(
      await service(null).viticulture.viticulture(auth, { fieldUuid: 'f' }, new Date('2026-06-01')),
    ).toBeNull();
  });
});
