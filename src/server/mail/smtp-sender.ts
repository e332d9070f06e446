/** Real SMTP through nodemailer (docs/product/emails.md#configuration): one pooled transport per process. */
import nodemailer from 'nodemailer';

export interface SendableMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

export interface MailSender {
  send(mail: SendableMail): Promise<{ messageId: string }>;
  close(): void;
}

/** A refusal SMTP will repeat however often we ask (5xx: no such mailbox, policy): not worth retrying. */
export const isPermanentSmtpError = (err: unknown): boolean => {
  const code = (err as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
};

export function smtpSender(url: string): MailSender {
  const transport = nodemailer.createTransport({
    url,
    // Pooled: a delivery pass sends over open connections instead of one TLS handshake per mail; two at once
    // keeps a relay's per-client limits, and a connection is renewed after 100 mails (docs/product/emails.md#configuration).
    pool: true,
    maxConnections: 2,
    maxMessages: 100,
    // A relay that hangs must not hold the delivery pass: it is retried on the next one.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return {
    async send(mail) {
      const info = await transport.sendMail(mail);
      return { messageId: String(info.messageId ?? '') };
    },
    close: () => transport.close(),
  };
}
