import { stressFactorById } from '../catalogues/stress-factors.ts';

/**
 * Classes of a plant on the Classification layer and in the PDF: the analysis's five classes of
 * spec section 4 (shown only above a classifier's probability threshold), "Other stress factor"
 * for a factor a person chose that none of the five describes, and "Not Classified".
 * A stress factor chosen in an annotation (by staff or the customer) is the plant's class: a
 * person looked at the plant; the mapping of factors to classes is in docs/decisions/datasets.md.
 */
export const PLANT_CLASS_KEYS = [
  'fungalDiseases',
  'trunkDiseases',
  'heatStress',
  'waterStress',
  'toxicity',
  'otherFactor',
  'notClassified',
] as const;
export type PlantClassKey = (typeof PLANT_CLASS_KEYS)[number];

/** The analysis's labels (`className` of a box) → class key. */
const ANALYSIS_CLASSES: Readonly<Record<string, PlantClassKey>> = {
  'Fungal Diseases': 'fungalDiseases',
  'Trunk Diseases': 'trunkDiseases',
  'Heat Stress': 'heatStress',
  'Water Stress': 'waterStress',
  Toxicity: 'toxicity',
};

/** Factors a spec class describes; every other factor (and free text) is "Other stress factor". */
const FACTOR_CLASSES: Readonly<Record<string, PlantClassKey>> = {
  // Grapevine trunk diseases are fungal, but the spec keeps them apart.
  esca: 'trunkDiseases',
  eutypa_dieback: 'trunkDiseases',
  heat: 'heatStress',
  drought: 'waterStress',
  // Salt injury of grapevine is chloride and sodium toxicity; acid soils bring aluminium and manganese toxicity.
  salinity: 'toxicity',
  soil_acidification: 'toxicity',
};

/** Colours of the classes: the Classification tiles' palette (`layer-codes.ts` BETA_PALETTE) and one for other factors. */
export const PLANT_CLASS_HEX: Readonly<Record<PlantClassKey, string>> = {
  fungalDiseases: '#800080',
  trunkDiseases: '#784614',
  heatStress: '#ff7800',
  waterStress: '#0078ff',
  toxicity: '#c8003c',
  otherFactor: '#009688',
  notClassified: '#969696',
};

export const PLANT_CLASS_NAMES: Readonly<Record<'en' | 'el', Readonly<Record<PlantClassKey, string>>>> = {
  en: {
    fungalDiseases: 'Fungal Diseases',
    trunkDiseases: 'Trunk Diseases',
    heatStress: 'Heat Stress',
    waterStress: 'Water Stress',
    toxicity: 'Toxicity',
    otherFactor: 'Other stress factor',
    notClassified: 'Not Classified',
  },
  el: {
    fungalDiseases: 'Μυκητολογικές ασθένειες',
    trunkDiseases: 'Ασθένειες ξύλου',
    heatStress: 'Θερμική καταπόνηση',
    waterStress: 'Υδατική καταπόνηση',
    toxicity: 'Τοξικότητα',
    otherFactor: 'Άλλος παράγοντας καταπόνησης',
    notClassified: 'Μη ταξινομημένο',
  },
};

export interface PlantClass {
  key: PlantClassKey;
  /** A person chose the plant's stress factor (it overrides the analysis). */
  byPerson: boolean;
  /** The chosen factor's id, when a person chose one. */
  factor: string | null;
}

/** The class of a plant (a box): the annotated stress factor when there is one, else the analysis's. */
export function plantClass(box: { className: string; factor?: string | null }): PlantClass {
  const factor = box.factor ?? null;
  if (factor) {
    const known = stressFactorById(factor);
    const byGroup: PlantClassKey | undefined = known?.group === 'fungal' ? 'fungalDiseases' : undefined;
    return { key: FACTOR_CLASSES[factor] ?? byGroup ?? 'otherFactor', byPerson: true, factor };
  }
  return { key: ANALYSIS_CLASSES[box.className] ?? 'notClassified', byPerson: false, factor: null };
}

/** Vigour classes of plant units, relative to the units of the same planting around them. */
export const VIGOUR_CLASSES = ['low', 'medium', 'high'] as const;
export type VigourClass = (typeof VIGOUR_CLASSES)[number];

/** Low → high: orange, sand, green (told apart by people with red-green colour blindness by lightness). */
export const VIGOUR_CLASS_HEX: Readonly<Record<VigourClass, string>> = {
  low: '#e66101',
  medium: '#f1d77a',
  high: '#1a7837',
};

export const VIGOUR_CLASS_NAMES: Readonly<Record<'en' | 'el', Readonly<Record<VigourClass, string>>>> = {
  en: { low: 'Low vigour', medium: 'Medium vigour', high: 'High vigour' },
  el: { low: 'Χαμηλή ευρωστία', medium: 'Μέτρια ευρωστία', high: 'Υψηλή ευρωστία' },
};

/** `data_files/vigour.geojson` of a report: one polygon per plant unit with its class. */
export interface VigourLayerFile {
  type: 'FeatureCollection';
  features: {
    type: 'Feature';
    properties: { vigour: VigourClass; z: number };
    geometry: { type: 'Polygon'; coordinates: [number, number][][] };
  }[];
}

/** Plants per vigour class. */
export function vigourCounts(file: Pick<VigourLayerFile, 'features'>): Record<VigourClass, number> {
  const counts: Record<VigourClass, number> = { low: 0, medium: 0, high: 0 };
  for (const feature of file.features) counts[feature.properties.vigour] += 1;
  return counts;
}
