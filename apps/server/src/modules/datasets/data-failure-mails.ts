import { type Lang, DATASET_MESSAGES as M } from '@ampelos/domain';
import { type RenderedEmail, renderMessage } from '../../platform/mail/templates.ts';

const COPY = {
  en: {
    greeting: (n: string) => `Hello ${n},`,
    uploader: {
      subject: (f: string) => `The data for ${f} could not be processed`,
      body: (f: string) =>
        `The images uploaded for the report of the field "${f}" could not be analysed. The report awaits data again: please upload the dataset again. Our team has been told.`,
      action: 'Upload again',
      footer: 'You receive this because you uploaded data for this report on Ampelos.',
    },
    staff: {
      subject: (f: string) => `Dataset failed: ${f}`,
      body: (f: string, report: string) =>
        `The dataset of report ${report} for the field "${f}" failed for good. The report is back to awaiting data and the uploader was asked to upload again.`,
      units: 'Analysis units',
      unitsValue: (failed: number, total: number) => `${failed} failed of ${total}`,
      cause: 'Cause',
      action: 'Open the field',
      footer: 'You receive this because you run operations on Ampelos.',
    },
  },
  el: {
    greeting: (n: string) => `Γεια σας ${n},`,
    uploader: {
      subject: (f: string) => `Τα δεδομένα για το ${f} δεν ήταν δυνατό να επεξεργαστούν`,
      body: (f: string) =>
        `Οι εικόνες που ανέβηκαν για την αναφορά του αγροτεμαχίου «${f}» δεν ήταν δυνατό να αναλυθούν. Η αναφορά περιμένει ξανά δεδομένα: ανεβάστε ξανά το σύνολο δεδομένων. Η ομάδα μας έχει ενημερωθεί.`,
      action: 'Νέα μεταφόρτωση',
      footer: 'Λαμβάνετε αυτό το μήνυμα επειδή ανεβάσατε δεδομένα για αυτή την αναφορά στο Ampelos.',
    },
    staff: {
      subject: (f: string) => `Αποτυχία συνόλου δεδομένων: ${f}`,
      body: (f: string, report: string) =>
        `Το σύνολο δεδομένων της αναφοράς ${report} για το αγροτεμάχιο «${f}» απέτυχε οριστικά. Η αναφορά περιμένει ξανά δεδομένα και ζητήθηκε νέα μεταφόρτωση.`,
      units: 'Μονάδες ανάλυσης',
      unitsValue: (failed: number, total: number) => `${failed} απέτυχαν από ${total}`,
      cause: 'Αιτία',
      action: 'Άνοιγμα αγροτεμαχίου',
      footer: 'Λαμβάνετε αυτό το μήνυμα επειδή διαχειρίζεστε τις εργασίες στο Ampelos.',
    },
  },
} as const;

/** Why, in the uploader's language: the panel's message (known ones translated, others as written). */
const REASONS_EL: Record<string, string> = {
  [M.noImageAnalysed]:
    'Καμία από τις εικόνες δεν ήταν δυνατό να αναλυθεί. Η αναφορά περιμένει ξανά δεδομένα: ανεβάστε ξανά τις φωτογραφίες.',
  [M.processingFailed]:
    'Τα δεδομένα δεν ήταν δυνατό να επεξεργαστούν. Η αναφορά περιμένει ξανά δεδομένα: ανεβάστε τα ξανά. Η ομάδα μας έχει ενημερωθεί.',
  [M.workerStopped]:
    'Η επεξεργασία αυτών των δεδομένων σταμάτησε τον διακομιστή μας αρκετές φορές, οπότε διακόπηκε. Η αναφορά περιμένει ξανά δεδομένα: ελέγξτε τα αρχεία και ανεβάστε τα ξανά. Η ομάδα μας έχει ενημερωθεί.',
};
const reasonIn = (lang: Lang, message: string) =>
  lang === 'el' ? (REASONS_EL[message] ?? message) : message;

export interface DataFailureMailInput {
  lang: Lang;
  firstName: string;
  fieldTitle: string;
  link: string;
  publicUrl: string;
}

/** To whoever uploads the report's data (the BYOI customer, the E2E crew): why, and upload again. */
export function renderUploaderFailureMail(input: DataFailureMailInput & { reason?: string }): RenderedEmail {
  const copy = COPY[input.lang];
  return renderMessage({
    lang: input.lang,
    subject: copy.uploader.subject(input.fieldTitle),
    greeting: copy.greeting(input.firstName),
    paragraphs: [
      copy.uploader.body(input.fieldTitle),
      ...(input.reason ? [reasonIn(input.lang, input.reason)] : []),
    ],
    action: { label: copy.uploader.action, link: input.link },
    footer: copy.uploader.footer,
    publicUrl: input.publicUrl,
  });
}

/** To operations staff: which report, how many units failed and the first cause. */
export function renderStaffFailureMail(
  input: DataFailureMailInput & {
    reportLabel: string;
    failedUnits: number;
    totalUnits: number;
    cause: string;
  },
): RenderedEmail {
  const copy = COPY[input.lang].staff;
  return renderMessage({
    lang: input.lang,
    subject: copy.subject(input.fieldTitle),
    greeting: COPY[input.lang].greeting(input.firstName),
    paragraphs: [copy.body(input.fieldTitle, input.reportLabel)],
    rows: [
      { label: copy.units, value: copy.unitsValue(input.failedUnits, input.totalUnits) },
      { label: copy.cause, value: input.cause },
    ],
    action: { label: copy.action, link: input.link },
    footer: copy.footer,
    publicUrl: input.publicUrl,
  });
}
