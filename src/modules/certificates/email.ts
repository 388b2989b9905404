import type { CertificateView } from './view.ts';
import { renderTemplate } from '../../platform/pages/render.ts';
import { TEXTS } from './texts.ts';
import type { MailMessage } from '../../platform/mail/mailer.ts';

/**
 * The email a recipient gets with their certificate, in the certificate's language: who
 * gave how many trees, the link to the public page, and the PDF attached. HTML for mail
 * clients that show it, and the same words as plain text for those that do not.
 */
export function certificateEmail(view: CertificateView, to: { email: string; firstName: string | null }, pdf: Buffer): MailMessage {
  const t = TEXTS[view.language];
  const trees = t.trees(view.trees);
  const text = [
    t.emailGreeting(to.firstName ?? ''),
    '',
    t.emailBody(view.company.name, trees),
    view.pageUrl,
    ...(view.message ? ['', `“${view.message}”`] : []),
    '',
    `${t.number}: ${view.number}`,
    '',
    t.emailClosing,
    view.company.name,
    '',
    '--',
    t.emailWhy(view.company.name),
  ].join('\n');
  return {
    to: to.email,
    // The company gives the trees; Canopy only carries the message (issue 23, "The company's brand").
    fromName: t.emailFrom(view.company.name),
    subject: t.emailSubject(view.company.name, trees),
    text,
    html: renderTemplate(new URL('./templates/email-certificate.eta', import.meta.url), { view, t, language: view.language, firstName: to.firstName ?? '' }),
    headers: { 'Content-Language': view.language },
    attachments: [{ filename: `certificate-${view.number}.pdf`, content: pdf, contentType: 'application/pdf' }],
  };
}
