import { errorKeyOf, type Lang, type MessageParams } from '@ampelos/domain';
import { textsIn, translate } from '../../platform/i18n/index.ts';
import { type RenderedEmail, renderMessage } from '../../platform/mail/templates.ts';

/** Why, in the uploader's language: a domain message by its catalogue key, any other text as written. */
function reasonIn(lang: Lang, message: string): string {
  const key = errorKeyOf(message);
  return key ? translate(lang, key) : message;
}

export interface DataFailureMailInput {
  lang: Lang;
  firstName: string;
  fieldTitle: string;
  link: string;
  publicUrl: string;
}

/** To whoever uploads the report's data (the BYOI customer, the E2E crew): why, and upload again. */
export function renderUploaderFailureMail(input: DataFailureMailInput & { reason?: string }): RenderedEmail {
  const mail = textsIn(input.lang, 'mail');
  const field = input.fieldTitle;
  return renderMessage({
    lang: input.lang,
    subject: mail('dataFailure.uploader.subject', { field }),
    greeting: mail('greeting', { name: input.firstName }),
    paragraphs: [
      mail('dataFailure.uploader.body', { field }),
      ...(input.reason ? [reasonIn(input.lang, input.reason)] : []),
    ],
    action: { label: mail('dataFailure.uploader.action'), link: input.link },
    footer: mail('dataFailure.uploader.footer'),
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
  const mail = textsIn(input.lang, 'mail');
  const t = (key: string, params?: MessageParams) => mail(`dataFailure.staff.${key}`, params);
  return renderMessage({
    lang: input.lang,
    subject: t('subject', { field: input.fieldTitle }),
    greeting: mail('greeting', { name: input.firstName }),
    paragraphs: [t('body', { field: input.fieldTitle, report: input.reportLabel })],
    rows: [
      { label: t('units'), value: t('unitsValue', { failed: input.failedUnits, total: input.totalUnits }) },
      { label: t('cause'), value: input.cause },
    ],
    action: { label: t('action'), link: input.link },
    footer: t('footer'),
    publicUrl: input.publicUrl,
  });
}
