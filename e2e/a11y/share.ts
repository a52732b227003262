import { seededRandom } from '@ampelos/domain';
import type { Screen } from './screens.ts';

// The share of the accessibility run that `npm test` checks (journeys/accessibility.test.ts): a few
// screen × language × width cases chosen by a seed, a different share each day, so that over the days
// every screen is checked in both languages at both widths while each CI run pays for a few only. The
// full run stays `npm run a11y`.

export type Lang = 'en' | 'el';
export const LANGS: readonly Lang[] = ['en', 'el'];
export const WIDTHS: readonly number[] = [375, 1440];

export interface ShareCase {
  screen: Screen;
  lang: Lang;
  width: number;
}

/** `A11Y_SEED` when given (to replay a run), else the day's number since 1970 (UTC): one share a day. */
export function shareSeed(env: NodeJS.ProcessEnv = process.env, now = Date.now()): number {
  const given = env.A11Y_SEED;
  if (given !== undefined && given !== '') {
    const seed = Number(given);
    if (!Number.isSafeInteger(seed)) throw new Error(`A11Y_SEED must be an integer, not ${given}`);
    return seed;
  }
  return Math.floor(now / 86_400_000);
}

/**
 * `count` different screens from `candidates`, each in one language at one width, always with one
 * administrator's screen among them; the same seed gives the same share.
 */
export function pickShare(candidates: readonly Screen[], seed: number, count: number): ShareCase[] {
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T => {
    const item = items[Math.floor(random() * items.length)];
    if (item === undefined) throw new Error('nothing to pick from');
    return item;
  };
  const admin = pick(candidates.filter((screen) => screen.as === 'admin'));
  const others = candidates.filter((screen) => screen !== admin);
  // A seeded Fisher–Yates shuffle of the other screens; the first count − 1 join the admin screen.
  for (let index = others.length - 1; index > 0; index--) {
    const other = Math.floor(random() * (index + 1));
    [others[index], others[other]] = [others[other] as Screen, others[index] as Screen];
  }
  const chosen = [admin, ...others.slice(0, Math.max(count - 1, 0))];
  return chosen.map((screen) => ({ screen, lang: pick(LANGS), width: pick(WIDTHS) }));
}
