const RAD = Math.PI / 180;
const J2000 = 2451545;
const UNIX_EPOCH_JULIAN = 2440587.5;

/**
 * Sunrise and sunset (Unix seconds) of the day containing `at` at a place, by the sunrise equation
 * (NOAA's simplified form, within a minute or two away from the poles; the sun's centre 0.833° below
 * the horizon for refraction and its radius). Null when the sun does not rise or set that day.
 * Used when a provider gives no astronomy (Agromonitoring).
 */
export function sunTimes(at: Date, lat: number, lng: number): { sunrise: number; sunset: number } | null {
  // The local solar day containing `at`.
  const julian = at.getTime() / 86_400_000 + UNIX_EPOCH_JULIAN + lng / 360;
  const n = Math.round(julian - J2000 - 0.0009 - lng / 360);
  const meanNoon = n + 0.0009 - lng / 360;
  const anomaly = (357.5291 + 0.98560028 * meanNoon) % 360;
  const centre =
    1.9148 * Math.sin(anomaly * RAD) +
    0.02 * Math.sin(2 * anomaly * RAD) +
    0.0003 * Math.sin(3 * anomaly * RAD);
  const ecliptic = (anomaly + centre + 180 + 102.9372) % 360;
  const transit = J2000 + meanNoon + 0.0053 * Math.sin(anomaly * RAD) - 0.0069 * Math.sin(2 * ecliptic * RAD);
  const declination = Math.asin(Math.sin(ecliptic * RAD) * Math.sin(23.4397 * RAD));
  const cosHour =
    (Math.sin(-0.833 * RAD) - Math.sin(lat * RAD) * Math.sin(declination)) /
    (Math.cos(lat * RAD) * Math.cos(declination));
  if (cosHour < -1 || cosHour > 1) return null;
  const hourAngle = Math.acos(cosHour) / RAD;
  const toUnix = (j: number) => Math.round((j - UNIX_EPOCH_JULIAN) * 86_400);
  return { sunrise: toUnix(transit - hourAngle / 360), sunset: toUnix(transit + hourAngle / 360) };
}
