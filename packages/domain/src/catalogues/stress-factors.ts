/**
 * The stress factor catalogue of the image annotation (spec section 3): abiotic causes, then biotic
 * ones by kind (bacterial, fungal and virus diseases, mites, insects, nematodes) with the named
 * diseases and pests of grapevine, and `other` with free text. Ids are stored on the box; names are
 * shown in the interface language (Greek names are the ones Greek growers and agronomists use).
 */

export const STRESS_FACTOR_GROUPS = [
  'abiotic',
  'bacterial',
  'fungal',
  'virus',
  'mites',
  'insects',
  'nematodes',
] as const;
export type StressFactorGroup = (typeof STRESS_FACTOR_GROUPS)[number];

export interface StressFactorGroupInfo {
  readonly id: StressFactorGroup;
  readonly kind: 'abiotic' | 'biotic';
  readonly name: string;
  readonly nameEl: string;
}

export const STRESS_FACTOR_GROUP_INFO: Readonly<Record<StressFactorGroup, StressFactorGroupInfo>> = {
  abiotic: { id: 'abiotic', kind: 'abiotic', name: 'Abiotic', nameEl: 'Αβιοτικοί παράγοντες' },
  bacterial: { id: 'bacterial', kind: 'biotic', name: 'Bacterial diseases', nameEl: 'Βακτηριώσεις' },
  fungal: { id: 'fungal', kind: 'biotic', name: 'Fungal diseases', nameEl: 'Μυκητολογικές ασθένειες' },
  virus: { id: 'virus', kind: 'biotic', name: 'Virus diseases', nameEl: 'Ιώσεις' },
  mites: { id: 'mites', kind: 'biotic', name: 'Mites', nameEl: 'Ακάρεα' },
  insects: { id: 'insects', kind: 'biotic', name: 'Insects', nameEl: 'Έντομα' },
  nematodes: { id: 'nematodes', kind: 'biotic', name: 'Nematodes', nameEl: 'Νηματώδεις' },
};

export interface StressFactor {
  readonly id: string;
  readonly group: StressFactorGroup;
  readonly name: string;
  readonly nameEl: string;
  /** The causal organism, when there is one (shown beside the name). */
  readonly scientificName?: string;
}

/** [id, group, English name, Greek name, causal organism]. */
const ENTRIES: readonly (readonly [string, StressFactorGroup, string, string, string?])[] = [
  ['drought', 'abiotic', 'Drought', 'Ξηρασία'],
  ['flooding', 'abiotic', 'Flooding', 'Πλημμύρα'],
  ['salinity', 'abiotic', 'Salinity', 'Αλατότητα'],
  ['soil_acidification', 'abiotic', 'Soil Acidification', 'Οξίνιση εδάφους'],
  ['frost', 'abiotic', 'Frost', 'Παγετός'],
  ['heat', 'abiotic', 'Heat', 'Θερμική καταπόνηση'],
  ['nutrient_deficiencies', 'abiotic', 'Nutrient deficiencies', 'Τροφοπενίες'],

  ['pierces_disease', 'bacterial', "Pierce's disease", 'Ασθένεια του Pierce', 'Xylella fastidiosa'],
  ['crown_gall', 'bacterial', 'Crown gall', 'Βακτηριακός καρκίνος', 'Agrobacterium vitis'],
  [
    'flavescence_doree',
    'bacterial',
    'Flavescence dorée (phytoplasma)',
    'Χρυσίζουσα χλώρωση (φυτόπλασμα)',
    'Candidatus Phytoplasma vitis',
  ],

  ['downy_mildew', 'fungal', 'Downy mildew', 'Περονόσπορος', 'Plasmopara viticola'],
  ['powdery_mildew', 'fungal', 'Powdery mildew', 'Ωίδιο', 'Erysiphe necator'],
  ['botrytis', 'fungal', 'Botrytis bunch rot (grey mould)', 'Βοτρύτης (τεφρά σήψη)', 'Botrytis cinerea'],
  ['esca', 'fungal', 'Esca', 'Ίσκα', 'Phaeomoniella chlamydospora, Fomitiporia mediterranea'],
  ['eutypa_dieback', 'fungal', 'Eutypa dieback', 'Ευτυπίωση', 'Eutypa lata'],
  ['black_rot', 'fungal', 'Black rot', 'Μαύρη σήψη', 'Guignardia bidwellii'],
  ['phomopsis', 'fungal', 'Phomopsis cane and leaf spot', 'Φόμοψη', 'Diaporthe ampelina'],
  ['anthracnose', 'fungal', 'Anthracnose', 'Ανθράκωση', 'Elsinoë ampelina'],

  ['leafroll', 'virus', 'Grapevine leafroll disease', 'Καρούλιασμα των φύλλων', 'GLRaV-1, GLRaV-3'],
  ['fanleaf', 'virus', 'Grapevine fanleaf degeneration', 'Μολυσματικός εκφυλισμός', 'GFLV'],

  ['spider_mites', 'mites', 'Spider mites', 'Τετράνυχοι', 'Tetranychus urticae, Panonychus ulmi'],
  ['erineum_mite', 'mites', 'Grape erineum mite', 'Ερίνωση', 'Colomerus vitis'],
  ['rust_mite', 'mites', 'Grape rust mite', 'Ακαρίωση', 'Calepitrimerus vitis'],

  ['european_grapevine_moth', 'insects', 'European grapevine moth', 'Ευδεμίδα', 'Lobesia botrana'],
  ['grape_berry_moth', 'insects', 'Grape berry moth', 'Κοχυλίδα', 'Eupoecilia ambiguella'],
  ['phylloxera', 'insects', 'Phylloxera', 'Φυλλοξήρα', 'Daktulosphaira vitifoliae'],
  ['leafhoppers', 'insects', 'Leafhoppers', 'Τζιτζικάκια', 'Empoasca vitis, Scaphoideus titanus'],
  ['mealybugs', 'insects', 'Vine mealybug', 'Ψευδόκοκκος της αμπέλου', 'Planococcus ficus'],
  ['thrips', 'insects', 'Thrips', 'Θρίπες', 'Frankliniella occidentalis, Drepanothrips reuteri'],

  ['root_knot_nematodes', 'nematodes', 'Root-knot nematodes', 'Κομβονηματώδεις', 'Meloidogyne spp.'],
  ['dagger_nematode', 'nematodes', 'Dagger nematode', 'Νηματώδης Xiphinema', 'Xiphinema index'],
];

export const STRESS_FACTORS: readonly StressFactor[] = ENTRIES.map(
  ([id, group, name, nameEl, scientificName]) => ({
    id,
    group,
    name,
    nameEl,
    ...(scientificName ? { scientificName } : {}),
  }),
);

/** Free text: the comment says what it is. */
export const OTHER_STRESS_FACTOR = 'other' as const;
export const OTHER_STRESS_FACTOR_NAME = { name: 'Other', nameEl: 'Άλλο' } as const;

/** Every id a box may carry: the catalogue and `other`. */
export const STRESS_FACTOR_IDS: readonly string[] = [...STRESS_FACTORS.map((f) => f.id), OTHER_STRESS_FACTOR];

const BY_ID = new Map(STRESS_FACTORS.map((factor) => [factor.id, factor]));

export function stressFactorById(id: string): StressFactor | undefined {
  return BY_ID.get(id);
}

export function isStressFactorId(value: unknown): value is string {
  return typeof value === 'string' && STRESS_FACTOR_IDS.includes(value);
}

/** The factor's name in the interface language; unknown ids read as "Other". */
export function stressFactorName(id: string, lang: 'en' | 'el' = 'en'): string {
  const factor = BY_ID.get(id);
  if (!factor) return lang === 'el' ? OTHER_STRESS_FACTOR_NAME.nameEl : OTHER_STRESS_FACTOR_NAME.name;
  return lang === 'el' ? factor.nameEl : factor.name;
}
