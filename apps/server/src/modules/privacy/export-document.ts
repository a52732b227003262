import { presentAddress } from '../addresses/presenter.ts';
import { presentOrder } from '../commerce/presenter.ts';
import type { OrderWithDetails } from '../commerce/repository.ts';
import { presentField } from '../fields/presenter.ts';
import { presentNotification } from '../notifications/presenter.ts';
import { presentReport } from '../reports/presenter.ts';
import { presentUser } from '../users/presenter.ts';
import type { PrivacyRepository } from './repository.ts';

/** A file of the user's that goes into the zip, and where it comes from in storage. */
export interface ExportFile {
  key: string;
  path: string;
  bytes: number;
}

/** A report file left out of the zip (tiles, HD photos): listed so the user knows it exists. */
export interface ListedFile {
  report: string;
  kind: 'hd_photo' | 'map_tiles' | 'other';
  files: number;
  bytes: number;
  examples: string[];
}

type Rows<K extends keyof PrivacyRepository> = Awaited<ReturnType<PrivacyRepository[K]>>;

export interface ExportData {
  user: NonNullable<Rows<'findUser'>>;
  company: Rows<'companyOf'> | null;
  sessions: Rows<'sessionsOf'>;
  addresses: Rows<'addressesOf'>;
  fields: Rows<'fieldsOf'>;
  reports: Rows<'reportsOf'>;
  orders: OrderWithDetails[];
  notifications: Rows<'notificationsOf'>;
  emails: Rows<'emailsTo'>;
}

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** Someone else in a notification's details (a customer named in a staff notice): left out. */
function isPerson(value: unknown): boolean {
  return (
    typeof value === 'object' &&
    value !== null &&
    ('email' in value || 'firstName' in value || 'lastName' in value)
  );
}

function withoutOtherPeople(details: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(details).filter(([, value]) => !isPerson(value)));
}

/**
 * The JSON document of the export: everything about the user through the presenters the API answers
 * with (no password hash, no session or one-time tokens), plus what only the database knows (consent
 * timestamps, sessions' dates and browsers, e-mails sent).
 */
export function exportDocument(
  data: ExportData,
  files: { included: ExportFile[]; listed: ListedFile[] },
  now: Date,
) {
  const { user } = data;
  const { permissions: _permissions, ...account } = presentUser(user);
  const reportsByField = new Map<number, ReturnType<typeof presentReport>[]>();
  for (const report of data.reports) {
    if (report.fieldId === null) continue;
    reportsByField.set(report.fieldId, [
      ...(reportsByField.get(report.fieldId) ?? []),
      presentReport(report),
    ]);
  }
  return {
    format: 'ampelos-data-export/1',
    generatedAt: now.toISOString(),
    account: {
      ...account,
      emailVerifiedAt: iso(user.emailVerifiedAt),
      invitedAt: iso(user.invitedAt),
      lastActiveAt: iso(user.lastActiveAt),
      updatedAt: user.updatedAt.toISOString(),
      company: data.company,
    },
    consents: {
      privacyPolicyAcceptedAt: iso(user.privacyAcceptedAt),
      termsOfServiceAcceptedAt: iso(user.termsAcceptedAt),
      marketingEmails: user.marketingOptIn,
      marketingConsentAt: iso(user.marketingConsentAt),
    },
    sessions: data.sessions.map((session) => ({
      createdAt: session.createdAt.toISOString(),
      lastSeenAt: session.lastSeenAt.toISOString(),
      expiresAt: session.expiresAt.toISOString(),
      userAgent: session.userAgent,
    })),
    addresses: data.addresses.map(presentAddress),
    fields: data.fields.map((field) => presentField(field, undefined, reportsByField.get(field.id) ?? [])),
    reports: data.reports.map((report) => ({
      ...presentReport(report),
      fieldTitle: report.fieldTitle,
      fieldArea: report.fieldArea,
      stressedPoints: report.stressedPoints,
      results: report.outputData,
    })),
    orders: data.orders.map(presentOrder),
    notifications: data.notifications.map((row) => {
      const view = presentNotification(row);
      return { ...view, details: withoutOtherPeople(view.details) };
    }),
    emails: data.emails.map((email) => ({
      template: email.template,
      subject: email.subject,
      status: email.status,
      createdAt: email.createdAt.toISOString(),
      sentAt: iso(email.sentAt),
    })),
    files: files.included.map((file) => ({ path: file.path, bytes: file.bytes })),
    filesNotIncluded: files.listed,
  };
}
