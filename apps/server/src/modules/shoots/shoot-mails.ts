import type { DayRange, Lang, MessageParams } from '@ampelos/domain';
import { textsIn } from '../../platform/i18n/index.ts';
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

/** The shoot e-mails, in the recipient's language (catalogue `mail:shoots.*`). */
export function renderShootMail(input: ShootMailInput): RenderedEmail {
  const mail = textsIn(input.lang, 'mail');
  const t = (key: string, params?: MessageParams) => mail(`shoots.${key}`, params);
  const field = input.fieldTitle;
  const base = {
    lang: input.lang,
    greeting: mail('greeting', { name: input.firstName }),
    footer: t('footer'),
    publicUrl: input.publicUrl,
  };
  const shootsLink = { label: t('openShoots'), link: `${input.publicUrl}/shoots` };
  if (input.kind === 'new_shoot') {
    return renderMessage({
      ...base,
      subject: t('newShoot.subject', { field }),
      paragraphs: [t('newShoot.body', { customer: input.customer ?? '', field })],
      rows: input.dateRange ? [{ label: t('newShoot.availability'), value: range(input.dateRange) }] : [],
      action: shootsLink,
    });
  }
  if (input.kind === 'shoot_assigned') {
    const role = input.assignedAs ?? 'drone_operator';
    return renderMessage({
      ...base,
      subject: t('assigned.subject', { field }),
      paragraphs: [t(`assigned.${role}`, { field })],
      rows: input.dateRange ? [{ label: t('assigned.availability'), value: range(input.dateRange) }] : [],
      action: shootsLink,
    });
  }
  const rows = [
    ...(input.confirmed ? [{ label: t('dates.confirmed'), value: range(input.confirmed) }] : []),
    ...(input.alternative ? [{ label: t('dates.alternative'), value: range(input.alternative) }] : []),
    { label: t('dates.final'), value: input.final ? day(input.final) : t('dates.finalNotSet'), strong: true },
  ];
  return renderMessage({
    ...base,
    subject: t('dates.subject', { field }),
    paragraphs: [t('dates.body', { field })],
    rows,
    after: [t('dates.after')],
    action: { label: t('openFields'), link: `${input.publicUrl}/fields` },
  });
}
