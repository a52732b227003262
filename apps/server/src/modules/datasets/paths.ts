/** Storage layout of a report's outputs (spec section 7) and the URL the browser fetches them at. */
export const reportKey = (reportUuid: string, rest: string) => `reports/${reportUuid}/${rest}`;
export const reportFileUrl = (reportUuid: string, rest: string) => `/api/reports/${reportUuid}/files/${rest}`;
export const PDF_FILE = 'data_files/final_report.pdf';
/** The vigour layer: one polygon per plant unit with its vigour class (`VigourLayerFile`). */
export const VIGOUR_FILE = 'data_files/vigour.geojson';
export const hdFileName = (base: string) => `${base}-hd.jpg`;
export const tileFile = (layer: string, z: number, x: number, y: number) =>
  `tiles/${layer}/${z}/${x}/${y}.png`;

/** Where a dataset's extracted input files live. */
export const datasetInputKey = (datasetUuid: string, name: string) => `datasets/${datasetUuid}/files/${name}`;
/** A unit's plant layers, kept by phase 2 for the map tiles (`encodePlantLayers`); not served. */
export const plantLayersKey = (datasetUuid: string, unitId: number) =>
  `datasets/${datasetUuid}/plant-layers/${unitId}.bin`;
