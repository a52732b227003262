import { type Lang, SERVICES, type Service } from '@ampelos/domain';
import { textsIn, textsOf } from '../../../platform/i18n/index.ts';
import type { StressColour } from '../../../platform/imaging/index.ts';
import { STRESS_COLOURS } from './stress-summary.ts';

/** Every text of the PDF report, in the customer's language (the catalogue's `pdf:report`). */
export interface PdfCopy {
  title: string;
  summaryTitle: string;
  reportId: string;
  analysedOn: string;
  cameraAndMethod: string;
  methodShort: string;
  byClassTitle: string;
  byPersonColumn: string;
  byVigourTitle: string;
  vigourNotMeasured: string;
  lookFirstTitle: string;
  lookFirstNote: (metres: number) => string;
  lookFirstItem: (count: number, lat: string, lng: string) => string;
  mostly: string;
  noHotspots: string;
  summaryMapNote: string;
  detailsTitle: string;
  assessedByPerson: string;
  annotationsTitle: string;
  annotationsNote: string;
  noAnnotations: string;
  stressFactor: string;
  comment: string;
  annotatedBy: string;
  drawnBox: string;
  field: string;
  location: string;
  area: string;
  hectares: string;
  variety: string;
  report: string;
  service: string;
  services: Record<Service, string>;
  processedAt: string;
  camera: string;
  imagingTitle: string;
  imagingBands: string;
  imagingHeight: string;
  imagingMethod: string;
  inputImages: string;
  outputImages: string;
  stressedPlants: string;
  statsTitle: string;
  colour: string;
  meaning: string;
  count: string;
  areaM2: string;
  colourNames: Record<StressColour, string>;
  colours: Record<StressColour, string>;
  canopyShare: string;
  stressedShare: string;
  distributionTitle: string;
  images: string;
  hotspotsTitle: string;
  hotspotsNote: string;
  photo: string;
  latitude: string;
  longitude: string;
  classification: string;
  thumbnailsTitle: string;
  moreImages: (n: number) => string;
  noStress: string;
  page: (n: number) => string;
  method: string;
}

/** The texts without parameters (a key left out here is a type error in `copyOf`). */
const PLAIN = [
  'title',
  'summaryTitle',
  'reportId',
  'analysedOn',
  'cameraAndMethod',
  'methodShort',
  'byClassTitle',
  'byPersonColumn',
  'byVigourTitle',
  'vigourNotMeasured',
  'lookFirstTitle',
  'mostly',
  'noHotspots',
  'summaryMapNote',
  'detailsTitle',
  'assessedByPerson',
  'annotationsTitle',
  'annotationsNote',
  'noAnnotations',
  'stressFactor',
  'comment',
  'annotatedBy',
  'drawnBox',
  'field',
  'location',
  'area',
  'hectares',
  'variety',
  'report',
  'service',
  'processedAt',
  'camera',
  'imagingTitle',
  'imagingBands',
  'imagingHeight',
  'imagingMethod',
  'inputImages',
  'outputImages',
  'stressedPlants',
  'statsTitle',
  'colour',
  'meaning',
  'count',
  'areaM2',
  'canopyShare',
  'stressedShare',
  'distributionTitle',
  'images',
  'hotspotsTitle',
  'hotspotsNote',
  'photo',
  'latitude',
  'longitude',
  'classification',
  'thumbnailsTitle',
  'noStress',
  'method',
] as const;

function copyOf(lang: Lang): PdfCopy {
  const t = textsIn(lang, 'pdf');
  return {
    ...textsOf(t, 'report', PLAIN),
    services: textsOf(t, 'report.services', SERVICES),
    colourNames: textsOf(t, 'report.colourNames', STRESS_COLOURS),
    colours: textsOf(t, 'report.colours', STRESS_COLOURS),
    lookFirstNote: (metres) => t('report.lookFirstNote', { metres }),
    lookFirstItem: (count, latitude, longitude) => t('report.lookFirstItem', { count, latitude, longitude }),
    moreImages: (images) => t('report.moreImages', { images }),
    page: (page) => t('report.page', { page }),
  };
}

const COPY: Record<Lang, PdfCopy> = { en: copyOf('en'), el: copyOf('el') };

export const pdfCopy = (lang: string): PdfCopy => COPY[lang === 'el' ? 'el' : 'en'];
