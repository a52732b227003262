/** The report PDF's page style: its margin, accent colour and heading sizes (drawn with the PDF kit). */
import type { HeadingStyle } from '../../../platform/pdf/index.ts';

export const MARGIN = 48;
export const ACCENT = '#2f6b2a';

/** A page's title. */
export const TITLE: HeadingStyle = { size: 16, colour: ACCENT, after: 0.4 };
/** A section within a page. */
export const SUBTITLE: HeadingStyle = { size: 12, colour: ACCENT, after: 0.3 };
