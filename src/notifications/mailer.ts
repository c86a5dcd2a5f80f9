import Handlebars from 'handlebars';
import nodemailer from 'nodemailer';
import type { Config } from '../config/index.js';

export interface NotificationEmail {
  to: string[];
  subject: string;
  message: string;
  workflowName: string;
  /** HTML rendered from an email template; without it the built-in layout wraps `message`. */
  html?: string;
}

export interface Mailer {
  send(email: NotificationEmail): Promise<void>;
}

// Handlebars escapes every value, so text from run variables cannot inject markup.
const bodyTemplate = Handlebars.compile(
  `<!doctype html>
<html><body style="font-family: sans-serif">
<p>{{message}}</p>
<p style="color: #666; font-size: smaller">Sent by the workflow “{{workflowName}}”.</p>
</body></html>`,
  { strict: true },
);
const textTemplate = Handlebars.compile('{{message}}\n\n-- Sent by the workflow "{{workflowName}}".', {
  noEscape: true,
  strict: true,
});

/** Email through SMTP (nodemailer), rendered with Handlebars; undefined when SMTP is not configured. */
export function createMailer(config: Readonly<Config>): Mailer | undefined {
  if (!config.smtp) return undefined;
  const transport = nodemailer.createTransport(config.smtp.url);
  const from = config.smtp.from;
  return {
    async send(email) {
      await transport.sendMail({
        from,
        to: email.to,
        subject: email.subject,
        html: email.html ?? bodyTemplate(email),
        text: textTemplate(email),
      });
    },
  };
}
