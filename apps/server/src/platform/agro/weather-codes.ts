import type { WeatherIcon } from '@ampelos/domain';

/** WMO weather interpretation codes (Open-Meteo's `weather_code`) to our icon and an English text. */
export function fromWmoCode(code: number): { icon: WeatherIcon; text: string } {
  if (code === 0) return { icon: 'clear', text: 'Clear sky' };
  if (code === 1 || code === 2) return { icon: 'partly-cloudy', text: 'Partly cloudy' };
  if (code === 3) return { icon: 'cloudy', text: 'Overcast' };
  if (code === 45 || code === 48) return { icon: 'fog', text: 'Fog' };
  if (code >= 51 && code <= 57) return { icon: 'drizzle', text: 'Drizzle' };
  if ((code >= 61 && code <= 67) || (code >= 80 && code <= 82)) return { icon: 'rain', text: 'Rain' };
  if ((code >= 71 && code <= 77) || code === 85 || code === 86) return { icon: 'snow', text: 'Snow' };
  if (code >= 95) return { icon: 'thunderstorm', text: 'Thunderstorm' };
  return { icon: 'cloudy', text: 'Cloudy' };
}

/** OpenWeather condition ids (Agromonitoring's `weather[0].id`) to our icon. */
export function fromOpenWeatherId(id: number): WeatherIcon {
  if (id >= 200 && id < 300) return 'thunderstorm';
  if (id >= 300 && id < 400) return 'drizzle';
  if (id >= 500 && id < 600) return 'rain';
  if (id >= 600 && id < 700) return 'snow';
  if (id >= 700 && id < 800) return 'fog';
  if (id === 800) return 'clear';
  if (id === 801 || id === 802) return 'partly-cloudy';
  return 'cloudy';
}
