/** The URL of MapLibre's worker module, built with the app (scripts/maplibre-source-plugin.ts). */
declare module 'virtual:maplibre-worker-url' {
  const url: string;
  export default url;
}
