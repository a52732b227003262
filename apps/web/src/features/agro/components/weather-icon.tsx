import type { WeatherIcon as WeatherIconName } from '@ampelos/domain';
import {
  IconCloud,
  IconCloudFog,
  IconCloudRain,
  IconCloudSnow,
  IconCloudStorm,
  IconDroplet,
  IconMoon,
  IconSun,
  IconSunHigh,
} from '@tabler/icons-react';

const ICONS = {
  clear: IconSun,
  'partly-cloudy': IconSunHigh,
  cloudy: IconCloud,
  fog: IconCloudFog,
  drizzle: IconDroplet,
  rain: IconCloudRain,
  snow: IconCloudSnow,
  thunderstorm: IconCloudStorm,
} as const;

/** Our pictogram for a weather icon name (a clear night shows the moon). */
export function WeatherIcon({
  icon,
  night = false,
  size = 32,
}: {
  icon: WeatherIconName;
  night?: boolean;
  size?: number;
}) {
  const Icon = night && icon === 'clear' ? IconMoon : (ICONS[icon] ?? IconCloud);
  return <Icon size={size} stroke={1.5} aria-hidden />;
}
