import type { DayRange, Lang } from '@ampelos/domain';
import { type RenderedEmail, renderMessage } from '../../platform/mail/templates.ts';

export type ShootMailKind = 'new_shoot' | 'shoot_assigned' | 'shoot_dates';

interface ShootMailInput {
  kind: ShootMailKind;
  lang: Lang;
  firstName: string;
  fieldTitle: string;
  /** new_shoot: the availability; shoot_assigned: the role the recipient was assigned as. */
  dateRange?: DayRange | null;
  assignedAs?: 'drone_admin' | 'drone_operator';
  /** shoot_dates: the days now in effect. */
  confirmed?: DayRange | null;
  alternative?: DayRange | null;
  final?: string | null;
  customer?: string;
  publicUrl: string;
}

/** DD/MM/YYYY, and a range as "from – to" (one day once). */
const day = (value: string) => value.split('-').reverse().join('/');
const range = (value: DayRange) =>
  value.start === value.end ? day(value.start) : `${day(value.start)} – ${day(value.end)}`;

const COPY = {
  en: {
    greeting: (n: string) => `Hello ${n},`,
    footer: 'You receive this because of your role in a Photo Shoot on Ampelos.',
    openShoots: 'Open the shoots',
    openFields: 'Open your fields',
    newShoot: {
      subject: (f: string) => `New Photo Shoot to assign: ${f}`,
      body: (c: string, f: string) =>
        `${c} gave their availability for the Photo Shoot of the field "${f}". Please assign a Drone Operator or a Drone Pilot.`,
      availability: 'Availability',
    },
    assigned: {
      subject: (f: string) => `Photo Shoot assigned to you: ${f}`,
      drone_admin: (f: string) =>
        `A Photo Shoot of the field "${f}" was assigned to your organisation. Please confirm the dates and assign one of your pilots.`,
      drone_operator: (f: string) =>
        `A Photo Shoot of the field "${f}" was assigned to you. The field's map, details and KML are on the Shoots screen.`,
      availability: "Client's availability",
    },
    dates: {
      subject: (f: string) => `Photo Shoot dates for ${f}`,
      body: (f: string) => `The dates of the Photo Shoot of your field "${f}" are set:`,
      confirmed: 'Primary dates',
      alternative: 'Alternative dates',
      final: 'Shoot day',
      finalNotSet: 'not chosen yet',
      after:
        'Cancelling or rescheduling less than 48 hours before the flight may incur an administrative fee.',
    },
  },
  el: {
    greeting: (n: string) => `Γεια σας ${n},`,
    footer: 'Λαμβάνετε αυτό το μήνυμα λόγω του ρόλου σας σε μια φωτογράφιση στο Ampelos.',
    openShoots: 'Άνοιγμα φωτογραφίσεων',
    openFields: 'Τα χωράφια σας',
    newShoot: {
      subject: (f: string) => `Νέα φωτογράφιση προς ανάθεση: ${f}`,
      body: (c: string, f: string) =>
        `Ο πελάτης ${c} δήλωσε τη διαθεσιμότητά του για τη φωτογράφιση του χωραφιού «${f}». Αναθέστε τη σε Χειριστή ή Πιλότο Drone.`,
      availability: 'Διαθεσιμότητα',
    },
    assigned: {
      subject: (f: string) => `Σας ανατέθηκε φωτογράφιση: ${f}`,
      drone_admin: (f: string) =>
        `Στον οργανισμό σας ανατέθηκε η φωτογράφιση του χωραφιού «${f}». Επιβεβαιώστε τις ημερομηνίες και αναθέστε τη σε έναν από τους πιλότους σας.`,
      drone_operator: (f: string) =>
        `Σας ανατέθηκε η φωτογράφιση του χωραφιού «${f}». Ο χάρτης, τα στοιχεία και το KML του χωραφιού βρίσκονται στην οθόνη Φωτογραφίσεις.`,
      availability: 'Διαθεσιμότητα πελάτη',
    },
    dates: {
      subject: (f: string) => `Ημερομηνίες φωτογράφισης για το ${f}`,
      body: (f: string) => `Ορίστηκαν οι ημερομηνίες της φωτογράφισης του χωραφιού σας «${f}»:`,
      confirmed: 'Κύριες ημερομηνίες',
      alternative: 'Εναλλακτικές ημερομηνίες',
      final: 'Ημέρα πτήσης',
      finalNotSet: 'δεν έχει οριστεί ακόμη',
      after:
        'Η ακύρωση ή αλλαγή ημερομηνίας λιγότερο από 48 ώρες πριν από την πτήση μπορεί να επιβαρυνθεί με διοικητικό τέλος.',
    },
  },
} as const;

/** The shoot e-mails, in the recipient's language. */
export function renderShootMail(input: ShootMailInput): RenderedEmail {
  const copy = COPY[input.lang];
  const base = {
    lang: input.lang,
    greeting: copy.greeting(input.firstName),
    footer: copy.footer,
    publicUrl: input.publicUrl,
  };
  const shootsLink = { label: copy.openShoots, link: `${input.publicUrl}/shoots` };
  if (input.kind === 'new_shoot') {
    return renderMessage({
      ...base,
      subject: copy.newShoot.subject(input.fieldTitle),
      paragraphs: [copy.newShoot.body(input.customer ?? '', input.fieldTitle)],
      rows: input.dateRange ? [{ label: copy.newShoot.availability, value: range(input.dateRange) }] : [],
      action: shootsLink,
    });
  }
  if (input.kind === 'shoot_assigned') {
    const role = input.assignedAs ?? 'drone_operator';
    return renderMessage({
      ...base,
      subject: copy.assigned.subject(input.fieldTitle),
      paragraphs: [copy.assigned[role](input.fieldTitle)],
      rows: input.dateRange ? [{ label: copy.assigned.availability, value: range(input.dateRange) }] : [],
      action: shootsLink,
    });
  }
  const rows = [
    ...(input.confirmed ? [{ label: copy.dates.confirmed, value: range(input.confirmed) }] : []),
    ...(input.alternative ? [{ label: copy.dates.alternative, value: range(input.alternative) }] : []),
    { label: copy.dates.final, value: input.final ? day(input.final) : copy.dates.finalNotSet, strong: true },
  ];
  return renderMessage({
    ...base,
    subject: copy.dates.subject(input.fieldTitle),
    paragraphs: [copy.dates.body(input.fieldTitle)],
    rows,
    after: [copy.dates.after],
    action: { label: copy.openFields, link: `${input.publicUrl}/fields` },
  });
}
