import { PLANT_CLASS_HEX, PLANT_CLASS_NAMES, plantClass, stressFactorName } from '@ampelos/domain';
import { heading, type PdfDoc, table } from '../../../platform/pdf/index.ts';
import type { PdfCopy } from './pdf-copy.ts';
import { TITLE } from './pdf-layout.ts';
import type { PdfPlant } from './plants.ts';

/** What people wrote on plants (a stress factor, a comment, or both), with the plant's class. */
export function annotationsSection(doc: PdfDoc, copy: PdfCopy, plants: PdfPlant[], lang: 'en' | 'el') {
  heading(doc, copy.annotationsTitle, TITLE);
  doc.font('regular').fontSize(9).text(copy.annotationsNote).moveDown(0.5);
  const annotated = plants
    .filter((plant) => plant.factor || plant.comment)
    .sort((a, b) => (a.annotatedAt ?? '').localeCompare(b.annotatedAt ?? '') || a.id.localeCompare(b.id));
  if (annotated.length === 0) {
    doc.text(copy.noAnnotations);
    return;
  }
  table(
    doc,
    [
      { title: copy.photo, width: 100 },
      { title: `${copy.latitude}, ${copy.longitude}`, width: 75 },
      { title: copy.stressFactor, width: 120 },
      { title: copy.comment, width: 125 },
      { title: copy.annotatedBy, width: 79 },
    ],
    annotated.map((plant) => {
      const where = plant.drawn ? `${plant.file}\n(${copy.drawnBox})` : plant.file;
      const factor = plant.factor
        ? `${stressFactorName(plant.factor, lang)}\n→ ${PLANT_CLASS_NAMES[lang][plantClass(plant).key]} (${copy.assessedByPerson})`
        : '–';
      return [
        where,
        `${plant.lat.toFixed(6)}\n${plant.lng.toFixed(6)}`,
        factor,
        plant.comment ?? '–',
        `${plant.annotatedBy ?? '–'}\n${plant.annotatedAt?.slice(0, 10) ?? ''}`,
      ];
    }),
    annotated.map((plant) => PLANT_CLASS_HEX[plantClass(plant).key]),
  );
}
