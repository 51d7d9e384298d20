// Mail provider: SMTP when SMTP_URL is set, otherwise every message is written as an .eml file to the outbox.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';

export interface MailAttachment {
  filename: string;
  content: string | Buffer;
  contentType: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
}

export interface MailProvider {
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
}

export function createMailProvider(options: { smtpUrl?: string; outboxDir: string; from: string }): MailProvider {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      kind: 'smtp',
      async send(message) {
        await transport.sendMail({ from: options.from, ...message });
      },
    };
  }
  // The stream transport renders the exact RFC 822 message SMTP would send, so the outbox is a faithful copy.
  const render = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let counter = 0;
  // The folder is made once, not before every message (a drop sends thousands); made again if it went away.
  let folder: Promise<unknown> | null = null;
  const makeFolder = () =>
    (folder ??= mkdir(options.outboxDir, { recursive: true }).catch((error: unknown) => {
      folder = null;
      throw error;
    }));
  const write = async (name: string, bytes: Buffer) => {
    await makeFolder();
    try {
      await writeFile(join(options.outboxDir, name), bytes);
    } catch (error) {
      if ((error as { code?: string }).code !== 'ENOENT') throw error;
      folder = null;
      await makeFolder();
      await writeFile(join(options.outboxDir, name), bytes);
    }
  };
  return {
    kind: 'outbox',
    async send(message) {
      const info = await render.sendMail({ from: options.from, ...message });
      const slug = message.to.replace(/[^a-z0-9]+/gi, '-').slice(0, 60);
      await write(`${Date.now()}-${String(++counter).padStart(4, '0')}-${slug}.eml`, info.message as Buffer);
    },
  };
}
