import {
  STRESS_FACTOR_GROUP_INFO,
  STRESS_FACTOR_GROUPS,
  STRESS_FACTORS,
  stressFactorName,
} from '@ampelos/domain';

/** i18n keys of the analysis classes (spec section 4); anything else reads as "Not Classified". */
const CLASS_KEYS: Record<string, string> = {
  'Fungal Diseases': 'fungalDiseases',
  'Trunk Diseases': 'trunkDiseases',
  'Heat Stress': 'heatStress',
  'Water Stress': 'waterStress',
  Toxicity: 'toxicity',
};
export const classKey = (className: string) => `results.classes.${CLASS_KEYS[className] ?? 'notClassified'}`;

const langOf = (language: string): 'en' | 'el' => (language === 'el' ? 'el' : 'en');

/** The catalogue as Select groups in the interface language: abiotic, then each biotic kind, then Other. */
export function stressFactorOptions(language: string, otherLabel: string) {
  const lang = langOf(language);
  const groups = STRESS_FACTOR_GROUPS.map((group) => {
    const info = STRESS_FACTOR_GROUP_INFO[group];
    return {
      group: lang === 'el' ? info.nameEl : info.name,
      items: STRESS_FACTORS.filter((factor) => factor.group === group).map((factor) => ({
        value: factor.id,
        label: factor.scientificName
          ? `${lang === 'el' ? factor.nameEl : factor.name} (${factor.scientificName})`
          : lang === 'el'
            ? factor.nameEl
            : factor.name,
      })),
    };
  });
  return [...groups, { group: otherLabel, items: [{ value: 'other', label: otherLabel }] }];
}

export const factorName = (id: string, language: string) => stressFactorName(id, langOf(language));

/** Google Maps directions to a point: on phones it opens the maps app, which starts from the device. */
export const directionsUrl = (lat: number, lng: number) =>
  `https://www.google.com/maps/dir/?api=1&destination=${lat.toFixed(7)},${lng.toFixed(7)}&travelmode=walking`;

/** "Downy mildew: oil spots" — the factor in the interface language, then the comment; null when none. */
export function annotationText(
  box: { factor: string | null; comment: string | null },
  language: string,
  otherLabel: string,
): string | null {
  const factor = box.factor ? (box.factor === 'other' ? otherLabel : factorName(box.factor, language)) : null;
  if (factor && box.comment) return `${factor}: ${box.comment}`;
  return factor ?? box.comment;
}
