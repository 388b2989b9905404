import type { Language } from '../../core/i18n.ts';
import type { AuditEntry } from '../../platform/dashboard/audit.ts';

/**
 * An audit log entry as a sentence a person reads, in English or Dutch: the accounts
 * feature's own actions, and those of the other features' pages known today. An action
 * this does not know is shown as its name with its details, so that nothing recorded is hidden.
 */

type Details = Record<string, unknown>;
type Sentence = (d: Details) => string;

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : null);
const quoted = (value: unknown): string => (text(value) ? ` “${text(value)}”` : '');

const ROLE: Record<Language, Record<string, string>> = { en: { admin: 'admin', member: 'member' }, nl: { admin: 'beheerder', member: 'lid' } };
const role = (language: Language, value: unknown) => ROLE[language][String(value)] ?? String(value);

const METHOD: Record<Language, Record<string, string>> = {
  en: { password: 'with a password', link: 'with a link by email', invite: 'after choosing a password with an invitation', reset: 'after choosing a new password with a link by email' },
  nl: { password: 'met een wachtwoord', link: 'met een link per e-mail', invite: 'na het kiezen van een wachtwoord met een uitnodiging', reset: 'na het kiezen van een nieuw wachtwoord met een link per e-mail' },
};

const trees = (language: Language, value: unknown) => {
  const n = Number(value ?? 0);
  return language === 'en' ? `${n} tree${n === 1 ? '' : 's'}` : `${n} ${n === 1 ? 'boom' : 'bomen'}`;
};

const SENTENCES: Record<Language, Record<string, Sentence>> = {
  en: {
    'user.invited': (d) => `${d.returned ? 'Invited back' : 'Invited'} ${text(d.email) ?? 'a person'} as ${role('en', d.role)}`,
    'user.invitation_sent': (d) => `Sent ${text(d.email) ?? 'a person'} a new invitation`,
    'user.role_changed': (d) => `Changed the role of ${text(d.email) ?? 'a person'} from ${role('en', d.from)} to ${role('en', d.to)}`,
    'user.removed': (d) => `Removed ${text(d.email) ?? 'a person'} from the team${Number(d.tokens_revoked) > 0 ? `; ${d.tokens_revoked} API token${d.tokens_revoked === 1 ? '' : 's'} revoked` : ''}`,
    'user.joined': () => 'Chose a password and joined the team',
    'user.signed_in': (d) => `Signed in ${METHOD.en[String(d.method)] ?? ''}`.trim(),
    'user.password_changed': () => 'Changed their password',
    'user.password_reset': () => 'Chose a new password with a link by email',
    'user.signed_out_everywhere': (d) => `Signed out everywhere (${Number(d.sessions ?? 0)} session${d.sessions === 1 ? '' : 's'})`,
    'user.session_ended': () => 'Signed out one of their sessions',
    'token.created': (d) => `Created the API token${quoted(d.name)}`,
    'token.rolled': (d) => `Rolled the API token${quoted(d.name)}`,
    'token.revoked': (d) => `Revoked the API token${quoted(d.name)}`,
    'webhook_endpoint.created': (d) => `Added the webhook endpoint${text(d.url) ? ` ${text(d.url)}` : ''}`,
    'webhook_endpoint.updated': () => 'Changed a webhook endpoint',
    'webhook_endpoint.deleted': () => 'Deleted a webhook endpoint',
    'webhook_endpoint.secret_rotated': () => 'Rotated the signing secret of a webhook endpoint',
    'webhook_endpoint.secret_revealed': () => 'Revealed the signing secret of a webhook endpoint',
    'webhook_endpoint.test_sent': (d) => `Sent a test event${text(d.event_type) ? ` (${text(d.event_type)})` : ''} to a webhook endpoint`,
    'webhook_endpoint.recovered': () => 'Had the failed events of a webhook endpoint sent again',
    'event.redelivered': () => 'Had an event delivered again',
    'company.profile_updated': () => "Changed the company's profile",
    'gift_code_batch.created': (d) => `Made ${Number(d.codes) === 1 ? 'a gift code' : `${Number(d.codes)} gift codes`} of ${Number(d.trees)} tree${d.trees === 1 ? '' : 's'}${Number(d.codes) === 1 ? '' : ' each'}${d.livemode === false ? ' (test mode)' : ''}`,
    'gift_code.revoked': (d) => `Revoked the gift code${text(d.code) ? ` ${text(d.code)}` : ''} (${Number(d.trees)} tree${d.trees === 1 ? '' : 's'})${d.livemode === false ? ' (test mode)' : ''}`,
    'recipient.created': (d) => `Gave ${trees('en', d.trees)} to a ${d.livemode === false ? 'test ' : ''}recipient`,
    'recipient.updated': () => 'Changed a recipient',
    'recipient.deleted': (d) => `Deleted a recipient; ${trees('en', d.trees)} unassigned again`,
    'recipient.email_resent': () => 'Had the certificate email sent to a recipient again',
    'recipient_upload.started': (d) => `Started an upload of ${Number(d.rows_to_give)} ${d.livemode === false ? 'test ' : ''}recipients (${trees('en', d.trees)})`,
  },
  nl: {
    'user.invited': (d) => `Nodigde ${text(d.email) ?? 'iemand'} ${d.returned ? 'opnieuw ' : ''}uit als ${role('nl', d.role)}`,
    'user.invitation_sent': (d) => `Stuurde ${text(d.email) ?? 'iemand'} een nieuwe uitnodiging`,
    'user.role_changed': (d) => `Wijzigde de rol van ${text(d.email) ?? 'iemand'} van ${role('nl', d.from)} in ${role('nl', d.to)}`,
    'user.removed': (d) => `Verwijderde ${text(d.email) ?? 'iemand'} uit het team${Number(d.tokens_revoked) > 0 ? `; ${d.tokens_revoked} API-token${d.tokens_revoked === 1 ? '' : 's'} ingetrokken` : ''}`,
    'user.joined': () => 'Koos een wachtwoord en kwam bij het team',
    'user.signed_in': (d) => `Logde in ${METHOD.nl[String(d.method)] ?? ''}`.trim(),
    'user.password_changed': () => 'Wijzigde het eigen wachtwoord',
    'user.password_reset': () => 'Koos een nieuw wachtwoord met een link per e-mail',
    'user.signed_out_everywhere': (d) => `Logde overal uit (${Number(d.sessions ?? 0)} ${d.sessions === 1 ? 'sessie' : 'sessies'})`,
    'user.session_ended': () => 'Logde een van de eigen sessies uit',
    'token.created': (d) => `Maakte het API-token${quoted(d.name)}`,
    'token.rolled': (d) => `Verving het API-token${quoted(d.name)}`,
    'token.revoked': (d) => `Trok het API-token${quoted(d.name)} in`,
    'webhook_endpoint.created': (d) => `Voegde het webhook-endpoint${text(d.url) ? ` ${text(d.url)}` : ''} toe`,
    'webhook_endpoint.updated': () => 'Wijzigde een webhook-endpoint',
    'webhook_endpoint.deleted': () => 'Verwijderde een webhook-endpoint',
    'webhook_endpoint.secret_rotated': () => 'Verving het ondertekeningsgeheim van een webhook-endpoint',
    'webhook_endpoint.secret_revealed': () => 'Liet het ondertekeningsgeheim van een webhook-endpoint zien',
    'webhook_endpoint.test_sent': (d) => `Stuurde een testgebeurtenis${text(d.event_type) ? ` (${text(d.event_type)})` : ''} naar een webhook-endpoint`,
    'webhook_endpoint.recovered': () => 'Liet de mislukte gebeurtenissen van een webhook-endpoint opnieuw versturen',
    'event.redelivered': () => 'Liet een gebeurtenis opnieuw afleveren',
    'company.profile_updated': () => 'Wijzigde het profiel van het bedrijf',
    'gift_code_batch.created': (d) => `Maakte ${Number(d.codes) === 1 ? 'een cadeaucode' : `${Number(d.codes)} cadeaucodes`} van ${Number(d.trees)} ${d.trees === 1 ? 'boom' : 'bomen'}${Number(d.codes) === 1 ? '' : ' elk'}${d.livemode === false ? ' (testmodus)' : ''}`,
    'gift_code.revoked': (d) => `Trok de cadeaucode${text(d.code) ? ` ${text(d.code)}` : ''} in (${Number(d.trees)} ${d.trees === 1 ? 'boom' : 'bomen'})${d.livemode === false ? ' (testmodus)' : ''}`,
    'recipient.created': (d) => `Gaf ${trees('nl', d.trees)} aan een ${d.livemode === false ? 'test-' : ''}ontvanger`,
    'recipient.updated': () => 'Wijzigde een ontvanger',
    'recipient.deleted': (d) => `Verwijderde een ontvanger; ${trees('nl', d.trees)} weer niet toegewezen`,
    'recipient.email_resent': () => 'Liet de e-mail met het certificaat opnieuw naar een ontvanger sturen',
    'recipient_upload.started': (d) => `Startte een upload van ${Number(d.rows_to_give)} ${d.livemode === false ? 'test' : ''}ontvangers (${trees('nl', d.trees)})`,
  },
};

/** What an entry says; for an action not known here, its name and details (`token.created: name=Shop`). */
export function auditSentence(entry: Pick<AuditEntry, 'action' | 'details'>, language: Language): { sentence: string; known: boolean } {
  const details = entry.details ?? {};
  const known = SENTENCES[language][entry.action];
  if (known) return { sentence: known(details), known: true };
  const shown = Object.entries(details).map(([name, value]) => `${name}=${typeof value === 'string' ? value : JSON.stringify(value)}`);
  return { sentence: shown.length > 0 ? `${entry.action}: ${shown.join(', ')}` : entry.action, known: false };
}

/**
 * Whom an entry is about, as the page shows it: a person's address (the details name it, or
 * `emails` knows the person's id), else the object's id.
 */
export function auditTarget(entry: Pick<AuditEntry, 'target_id' | 'details'>, emails: ReadonlyMap<string, string>): { email: string | null; id: string | null } {
  const email = text(entry.details?.email) ?? (entry.target_id ? (emails.get(entry.target_id) ?? null) : null);
  return { email, id: entry.target_id };
}
