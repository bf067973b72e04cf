// Runs in: main. Outgoing mail (password reset, email verification) through nodemailer to the SMTP server the
// admin configured (settings smtpUrl, mailFrom). The SMTP host is admin configuration, not user input.
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import type { HandlerContext } from '../../core/context';
import { getSetting } from '../settings';

export interface MailSettings {
  url: string;
  from: string;
}

export function mailSettings(ctx: HandlerContext): MailSettings | null {
  const url = getSetting(ctx, 'smtpUrl').trim();
  if (!/^smtps?:\/\//i.test(url)) return null;
  return { url, from: getSetting(ctx, 'mailFrom').trim() || 'Lectio <lectio@localhost>' };
}

export async function sendMail(ctx: HandlerContext, to: string, subject: string, text: string): Promise<void> {
  const settings = mailSettings(ctx);
  if (!settings) throw new Error('SMTP is not configured');
  const options: SMTPTransport.Options = { url: settings.url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };
  // Loaded on first use: most installations never send mail.
  const { default: nodemailer } = await import('nodemailer');
  const transport = nodemailer.createTransport(options);
  try {
    await transport.sendMail({ from: settings.from, to, subject, text });
  } finally {
    transport.close();
  }
}
