import { fullFormats } from 'ajv-formats/dist/formats.js';
import { randomAlphanumeric } from '../../core/ids.ts';
import type { Language } from '../../core/i18n.ts';
import type { ReadContext } from '../../core/context.ts';
import { certificatePageUrl } from '../certificates/links.ts';
import type { RecipientTexts } from './dashboard-texts.ts';
import type { RecipientObject } from './present.ts';
import { allocationsOfRecipient, certificateEmailQueued } from './queries.ts';

/**
 * What the recipient pages read from their forms, and how they show a recipient: plain
 * values for the templates. A form is checked here with the API body's own limits
 * (schemas.ts), so the form again names each problem beside its field; the verb then
 * applies the same rules as POST and PATCH.
 */

export type FormField = 'trees' | 'project' | 'first_name' | 'last_name' | 'email' | 'language' | 'external_reference' | 'message';

/** The give and change forms as typed: every value a string, so that what was typed is shown again. */
export interface RecipientForm {
  formKey: string;
  trees: string;
  project: string;
  firstName: string;
  lastName: string;
  email: string;
  language: string;
  externalReference: string;
  message: string;
  sendEmail: boolean;
}

/** What the API's `email` format accepts (ajv-formats in full mode, as app.ts sets it up). */
const EMAIL = fullFormats.email as RegExp;
const PROJECT_ID = /^prj_[A-Za-z0-9]{24}$/;
const FORM_KEY = /^[A-Za-z0-9]{24}$/;

export function emptyForm(language: Language): RecipientForm {
  return {
    formKey: randomAlphanumeric(24), trees: '1', project: '', firstName: '', lastName: '', email: '', language, externalReference: '', message: '', sendEmail: false,
  };
}

/** The change form of a recipient, as stored. */
export function formOfRecipient(recipient: RecipientObject): RecipientForm {
  return {
    formKey: '', trees: String(recipient.trees), project: recipient.project ?? '', firstName: recipient.first_name ?? '', lastName: recipient.last_name ?? '',
    email: recipient.email ?? '', language: recipient.language, externalReference: recipient.external_reference ?? '', message: recipient.message ?? '',
    sendEmail: recipient.send_email,
  };
}

const field = (body: Record<string, unknown>, name: string) => (typeof body[name] === 'string' ? (body[name] as string) : '');

export function readForm(body: unknown): RecipientForm {
  const fields = (body ?? {}) as Record<string, unknown>;
  const formKey = field(fields, 'form_key');
  return {
    // A key not of the form's making is no key: the form is then sent as if new (a fresh key).
    formKey: FORM_KEY.test(formKey) ? formKey : randomAlphanumeric(24),
    trees: field(fields, 'trees').trim(),
    project: field(fields, 'project').trim(),
    firstName: field(fields, 'first_name').trim(),
    lastName: field(fields, 'last_name').trim(),
    email: field(fields, 'email').trim(),
    language: field(fields, 'language'),
    externalReference: field(fields, 'external_reference').trim(),
    message: field(fields, 'message').replace(/\r\n?/g, '\n').trim(),
    sendEmail: fields.send_email === 'yes',
  };
}

/** A field's problem: the field (for its aria-invalid), and the text's key. */
export interface FormProblem {
  field: FormField | 'send_email';
  problem: FormField | 'email_needed';
}

/** The recipient's fields as the API's bodies take them, or the problems, in the form's order. An empty text field is left out. */
export function checkForm(form: RecipientForm, options: { withTrees: boolean }) {
  const problems: FormProblem[] = [];
  const length = (text: string) => [...text].length;
  const trees = /^\d{1,7}$/.test(form.trees) ? Number(form.trees) : Number.NaN;
  if (options.withTrees && !(trees >= 1 && trees <= 1_000_000)) problems.push({ field: 'trees', problem: 'trees' });
  if (options.withTrees && form.project !== '' && !PROJECT_ID.test(form.project)) problems.push({ field: 'project', problem: 'project' });
  if (length(form.firstName) > 100) problems.push({ field: 'first_name', problem: 'first_name' });
  if (length(form.lastName) > 100) problems.push({ field: 'last_name', problem: 'last_name' });
  if (form.email !== '' && (form.email.length > 254 || !EMAIL.test(form.email))) problems.push({ field: 'email', problem: 'email' });
  if (form.sendEmail && form.email === '') problems.push({ field: 'email', problem: 'email_needed' });
  if (form.language !== 'en' && form.language !== 'nl') problems.push({ field: 'language', problem: 'language' });
  if (length(form.externalReference) > 255) problems.push({ field: 'external_reference', problem: 'external_reference' });
  if (length(form.message) > 500) problems.push({ field: 'message', problem: 'message' });
  const text = (value: string) => (value === '' ? null : value);
  return {
    problems,
    fields: {
      trees,
      project: text(form.project),
      first_name: text(form.firstName),
      last_name: text(form.lastName),
      email: text(form.email),
      language: form.language as Language,
      external_reference: text(form.externalReference),
      message: text(form.message),
      send_email: form.sendEmail,
    },
  };
}

const DATES: Record<Language, Intl.DateTimeFormat> = {
  en: new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'UTC' }),
  nl: new Intl.DateTimeFormat('nl-NL', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'UTC' }),
};

/** A moment in the page's language, in UTC (which it says). */
export function dateTime(at: string | Date, language: Language): string {
  return `${DATES[language].format(new Date(at))} UTC`;
}

export function count(n: number, language: Language): string {
  return n.toLocaleString(language === 'nl' ? 'nl-NL' : 'en-GB');
}

/** How a recipient is named on its pages: its name, else its email, else its reference, else "No name". */
export function nameOf(recipient: Pick<RecipientObject, 'first_name' | 'last_name' | 'email' | 'external_reference'>, noName: string): string {
  const name = [recipient.first_name, recipient.last_name].filter(Boolean).join(' ');
  return name || recipient.email || recipient.external_reference || noName;
}

/** A recipient as a row of the list. */
export function listRow(recipient: RecipientObject, language: Language, t: { noName: string; certificateIssued: (n: string) => string; certificatePending: string }) {
  return {
    id: recipient.id,
    name: nameOf(recipient, t.noName),
    email: recipient.email,
    trees: count(recipient.trees, language),
    reference: recipient.external_reference,
    certificate: recipient.certificate ? t.certificateIssued(recipient.certificate.number) : t.certificatePending,
    created: dateTime(recipient.created_at, language),
  };
}

/** A path of these pages in a mode: test pages carry ?mode=test. */
export function inMode(path: string, livemode: boolean, query: Record<string, string> = {}): string {
  const params = new URLSearchParams({ ...(livemode ? {} : { mode: 'test' }), ...query });
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

/** What one recipient's page shows: its facts, its trees (allocation by allocation), its certificate and its email. */
export async function recipientShown(ctx: ReadContext, recipient: RecipientObject, language: Language, t: RecipientTexts) {
  const allocations = await allocationsOfRecipient(ctx, recipient.id, language);
  const certificate = recipient.certificate;
  const emailQueued = await certificateEmailQueued(ctx.db, recipient.id);
  const downloadUrl = certificate && 'download_url' in certificate ? (certificate.download_url as string) : null;
  return {
    id: recipient.id,
    name: nameOf(recipient, t.noName),
    facts: [
      [t.factTrees, count(recipient.trees, language)],
      [t.factProject, recipient.project ? (allocations.find((a) => a.project_id === recipient.project)?.projectName ?? recipient.project) : t.factAnyProject],
      [t.factEmail, recipient.email ?? t.none],
      [t.factLanguage, t.languages[recipient.language as Language]],
      [t.factReference, recipient.external_reference ?? t.none],
      [t.factMessage, recipient.message ?? t.none],
      [t.factSource, t.sources[recipient.source] ?? recipient.source],
      [t.factCreated, dateTime(recipient.created_at, language)],
    ],
    allocations: allocations.map((a) => ({
      id: a.id, trees: count(a.trees, language), status: t.allocationStatus[a.status] ?? a.status, project: a.projectName,
    })),
    certificate: certificate
      ? { facts: t.certificateFacts(certificate.number, dateTime(certificate.issued_at, language)), pageUrl: certificatePageUrl(ctx.publicBaseUrl, certificate.id, language), downloadUrl }
      : null,
    email: !recipient.livemode ? { text: t.emailTestMode, canSend: false }
      : emailQueued ? { text: t.emailQueued, canSend: false }
      : !recipient.email ? { text: t.emailNoAddress, canSend: false }
      : { text: recipient.email_sent_at ? t.emailSentAt(dateTime(recipient.email_sent_at, language)) : t.emailNotSent, canSend: certificate !== null, again: recipient.email_sent_at !== null },
  };
}
