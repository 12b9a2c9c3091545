import nodemailer, { type Transporter } from 'nodemailer';
import { config } from '@/lib/config';
import { logger } from '@/lib/log/logger';

/**
 * Mail the gateway sends (invitations), through nodemailer over SMTP when `SMTP_URL` is set.
 * Sending never decides a request's outcome: a refused or unreachable server is logged and the
 * caller reports that nothing was sent (the admin copies the link instead).
 */
export interface Mail {
  to: string;
  subject: string;
  text: string;
}

const g = globalThis as unknown as { __cspMailer?: Transporter };

export function mailConfigured(): boolean {
  return config.smtpUrl !== undefined;
}

/** Sends `mail`; whether the SMTP server accepted it. */
export async function sendMail(mail: Mail): Promise<boolean> {
  if (!config.smtpUrl) return false;
  g.__cspMailer ??= nodemailer.createTransport(config.smtpUrl);
  try {
    await g.__cspMailer.sendMail({ from: config.mailFrom, ...mail });
    return true;
  } catch (err) {
    logger.warn({ err: (err as Error).message }, 'mail not sent');
    return false;
  }
}
