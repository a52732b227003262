import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from '../logger.ts';

export interface OutgoingMessage {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
}

export interface MailTransport {
  send(message: OutgoingMessage): Promise<{ location: string }>;
}

/** SMTP when `SMTP_URL` is set; otherwise RFC 5322 `.eml` files in `$DATA_DIR/mail/outbox`. */
export function createMailTransport(options: {
  smtpUrl?: string;
  dataDir: string;
  logger: Logger;
}): MailTransport {
  if (options.smtpUrl) {
    const smtp = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message) {
        const info = await smtp.sendMail(message);
        return { location: `smtp:${info.messageId}` };
      },
    };
  }
  const outbox = path.join(options.dataDir, 'mail', 'outbox');
  const stream = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  return {
    async send(message) {
      const info = await stream.sendMail(message);
      await mkdir(outbox, { recursive: true });
      const file = path.join(
        outbox,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`,
      );
      await writeFile(file, info.message as Buffer);
      options.logger.info(
        { subject: message.subject, to: message.to, file },
        `mail written to outbox: ${file}`,
      );
      return { location: file };
    },
  };
}
