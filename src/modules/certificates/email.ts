import type { CompanyBrand } from '../company/brand.ts';
import type { CertificateView } from './view.ts';
import { renderTemplate } from '../../platform/pages/render.ts';
import { ISSUER_TEXTS } from './issuer.ts';
import { TEXTS } from './texts.ts';
import type { MailMessage } from '../../platform/mail/mailer.ts';

/**
 * The email a recipient gets with their certificate, in the certificate's language: who
 * gave how many trees, the link to the public page, and the PDF attached. It comes from the
 * giving company (its name as the sender's, its logo and name at the top, its website at
 * the bottom) and says that Canopy sends it on the company's behalf; a reply goes to the
 * company's contact address when it set one, else nowhere but MAIL_FROM. HTML for mail
 * clients that show it, and the same words as plain text for those that do not.
 */
export function certificateEmail(view: CertificateView, to: { email: string; firstName: string | null }, pdf: Buffer, issuer: CompanyBrand): MailMessage {
  const t = TEXTS[view.language];
  const by = ISSUER_TEXTS[view.language];
  const company = issuer.name;
  const trees = t.trees(view.trees);
  const text = [
    t.emailGreeting(to.firstName ?? ''),
    '',
    t.emailBody(company, trees),
    view.emailLinkUrl,
    ...(view.message ? ['', `“${view.message}”`] : []),
    '',
    `${t.number}: ${view.number}`,
    '',
    t.emailClosing,
    company,
    ...(issuer.websiteUrl ? [issuer.websiteUrl] : []),
    '',
    '--',
    ...(issuer.contactEmail ? [by.replyReaches(company)] : []),
    `${by.sentOnBehalf(company)} ${t.emailWhy(company)}`,
  ].join('\n');
  return {
    to: to.email,
    // The company gives the trees; Canopy only carries the message (issue 23, "The company's brand").
    fromName: t.emailFrom(company),
    ...(issuer.contactEmail ? { replyTo: issuer.contactEmail } : {}),
    subject: t.emailSubject(company, trees),
    text,
    html: renderTemplate(new URL('./templates/email-certificate.eta', import.meta.url), { view, issuer, t, by, language: view.language, firstName: to.firstName ?? '' }),
    headers: { 'Content-Language': view.language },
    attachments: [{ filename: `certificate-${view.number}.pdf`, content: pdf, contentType: 'application/pdf' }],
  };
}
