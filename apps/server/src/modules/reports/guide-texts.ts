import type { Lang } from '@ampelos/domain';
import { translateTree } from '../../platform/i18n/index.ts';

export interface GuideSection {
  heading: string;
  paragraphs?: string[];
  bullets?: string[];
  /** A two-column table (first row is the header). */
  table?: [string, string][];
}

export interface GuideTexts {
  title: string;
  subtitle: string;
  intro: string;
  sections: GuideSection[];
  footer: string;
}

/**
 * "How to Fly with your Drone" for Bring Your Own Images reports, from the catalogue's `pdf:guide`.
 * Numbers: ground resolution (GSD) = sensor width × height / (focal length × image width); for a
 * 20 MP 1-inch camera (13.2 mm, 8.8 mm, 5472 px) that is about 1.1 cm per pixel at 40 m.
 */
export const GUIDE_TEXTS: Record<Lang, GuideTexts> = {
  en: translateTree<GuideTexts>('en', 'pdf:guide'),
  el: translateTree<GuideTexts>('el', 'pdf:guide'),
};
