import type { Lang } from '@ampelos/domain';
import type { Jobs } from '../../platform/jobs/jobs.ts';
import { type RenderedEmail, renderEmail, type TemplateName } from '../../platform/mail/templates.ts';
import type { MailTransport } from '../../platform/mail/transport.ts';
import type { MailRepository } from './repository.ts';

export interface MailServiceDeps {
  repository: MailRepository;
  transport: MailTransport;
  jobs: Jobs;
  from: string;
  publicUrl: string;
}

export function createMailService(deps: MailServiceDeps) {
  /** Records the e-mail, then hands delivery to the job queue. */
  async function queueRendered(to: string, template: string, rendered: RenderedEmail) {
    const row = await deps.repository.insert({
      toAddress: to,
      template,
      subject: rendered.subject,
      textBody: rendered.text,
      htmlBody: rendered.html,
    });
    await deps.jobs.send('mail.send', { emailId: row.id });
    return row.id;
  }

  return {
    /** Renders now (so the text is fixed at the moment of the event) and delivers in the background. */
    async queue(input: { to: string; template: TemplateName; lang: Lang; firstName: string; link: string }) {
      const rendered = renderEmail(input.template, input.lang, {
        firstName: input.firstName,
        link: input.link,
        publicUrl: deps.publicUrl,
      });
      return queueRendered(input.to, input.template, rendered);
    },

    /** A message a feature composed itself (`renderMessage`), named by `template` in the outbox. */
    queueMessage: (input: { to: string; template: string; message: RenderedEmail }) =>
      queueRendered(input.to, input.template, input.message),

    /** Job handler: sends once; a repeated job for a sent e-mail does nothing. */
    async deliver({ emailId }: { emailId: number }) {
      const email = await deps.repository.findById(emailId);
      if (!email || email.status === 'sent' || email.textBody === null) return;
      try {
        await deps.transport.send({
          from: deps.from,
          to: email.toAddress,
          subject: email.subject,
          text: email.textBody,
          html: email.htmlBody ?? '',
          headers: email.headers ? (JSON.parse(email.headers) as Record<string, string>) : undefined,
        });
        await deps.repository.markSent(emailId);
      } catch (error) {
        await deps.repository.markFailed(emailId, String(error));
        throw error;
      }
    },
  };
}
export type MailService = ReturnType<typeof createMailService>;
