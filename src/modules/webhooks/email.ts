import type { Language } from '../../core/i18n.ts';
import type { MailMessage } from '../../platform/mail/mailer.ts';

/**
 * The two emails a company's admins get about a webhook endpoint, in each admin's language
 * (users.language, else English), as plain text: the warning after a day of failures, and
 * the notice that it was switched off. Each names the endpoint, its URL and mode, and where
 * to look (the dashboard's delivery log) and what to do.
 */

export interface EndpointMailFacts {
  endpointId: string;
  url: string;
  livemode: boolean;
  companyName: string;
  /** The endpoint's page in the dashboard. */
  pageUrl: string;
  /** The API call that switches it on, for those who use the API. */
  apiBaseUrl: string;
}

export interface FailingFacts extends EndpointMailFacts {
  failingSince: Date;
  /** From when the next failed attempt switches it off. */
  switchOffAt: Date;
  /** The last failed attempt: when, and what it met. */
  lastError: { at: Date; statusCode: number | null; error: string | null } | null;
}

/** A time as the reader's language writes it, in UTC, which the email says. */
export function mailTime(at: Date, language: Language): string {
  const formatted = new Intl.DateTimeFormat(language === 'nl' ? 'nl-NL' : 'en-GB', {
    day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'UTC',
  }).format(at);
  return `${formatted} UTC`;
}

function describeError(last: FailingFacts['lastError'], language: Language): string {
  const nl = language === 'nl';
  if (!last) return nl ? '(geen poging bewaard)' : '(no attempt on record)';
  const what = [last.statusCode === null ? (nl ? 'geen antwoord' : 'no answer') : `HTTP ${last.statusCode}`, last.error && !/^HTTP \d+$/.test(last.error) ? last.error : null]
    .filter(Boolean).join(': ');
  return `${what} (${mailTime(last.at, language)})`;
}

const TEXTS = {
  en: {
    mode: (live: boolean) => (live ? 'live' : 'test'),
    hello: (name: string) => `Hello ${name},`,
    failingSubject: (company: string) => `A webhook endpoint of ${company} has been failing for a day`,
    failingBody: (f: FailingFacts, language: Language) => [
      `Every delivery to the ${f.livemode ? 'live' : 'test'} webhook endpoint ${f.endpointId} of ${f.companyName} has failed since ${mailTime(f.failingSince, language)}:`,
      f.url,
      '',
      `The last error: ${describeError(f.lastError, language)}`,
      '',
      `If deliveries still fail, Canopy switches the endpoint off at the first failed attempt after ${mailTime(f.switchOffAt, language)} (three days of failures).`,
      'One delivery that succeeds before then ends this warning. Deliveries that failed can be sent again later.',
      '',
      'See every attempt, what your receiver answered, and send a test event:',
      f.pageUrl,
    ],
    disabledSubject: (company: string) => `Canopy switched off a webhook endpoint of ${company}`,
    disabledBody: (f: EndpointMailFacts, reason: string | null) => [
      `Canopy switched off the ${f.livemode ? 'live' : 'test'} webhook endpoint ${f.endpointId} of ${f.companyName}:`,
      f.url,
      '',
      reason === 'gone' ? 'It answered 410 Gone, which tells a sender to stop.' : 'Every delivery to it has failed for three days.',
      'Events still go into your event log, but not to this endpoint. Once the receiver works again, switch it on in the dashboard, where you can also have it sent what it missed:',
      f.pageUrl,
      'or with the API:',
      `  curl -X PATCH ${f.apiBaseUrl}/v2/webhook-endpoints/${f.endpointId} -H "Authorization: Bearer <token with webhooks:manage>" -H "Content-Type: application/json" -d '{"status": "enabled", "recover_since": "<ISO time>"}'`,
      'and send what it missed with POST /v2/webhook-endpoints/{id}/recover (see docs/webhooks).',
    ],
    signature: '-- Canopy',
  },
  nl: {
    mode: (live: boolean) => (live ? 'live' : 'test'),
    hello: (name: string) => `Hallo ${name},`,
    failingSubject: (company: string) => `Een webhook-endpoint van ${company} faalt al een dag`,
    failingBody: (f: FailingFacts, language: Language) => [
      `Elke aflevering aan het ${f.livemode ? 'live' : 'test'}-webhook-endpoint ${f.endpointId} van ${f.companyName} is mislukt sinds ${mailTime(f.failingSince, language)}:`,
      f.url,
      '',
      `De laatste fout: ${describeError(f.lastError, language)}`,
      '',
      `Mislukken de afleveringen nog steeds, dan zet Canopy het endpoint uit bij de eerste mislukte poging na ${mailTime(f.switchOffAt, language)} (drie dagen van fouten).`,
      'Eén geslaagde aflevering voor die tijd maakt deze waarschuwing ongedaan. Mislukte afleveringen kunnen later opnieuw worden verstuurd.',
      '',
      'Bekijk elke poging en wat je ontvanger antwoordde, en stuur een testgebeurtenis:',
      f.pageUrl,
    ],
    disabledSubject: (company: string) => `Canopy heeft een webhook-endpoint van ${company} uitgezet`,
    disabledBody: (f: EndpointMailFacts, reason: string | null) => [
      `Canopy heeft het ${f.livemode ? 'live' : 'test'}-webhook-endpoint ${f.endpointId} van ${f.companyName} uitgezet:`,
      f.url,
      '',
      reason === 'gone' ? 'Het antwoordde 410 Gone, wat een afzender vraagt te stoppen.' : 'Elke aflevering eraan is drie dagen lang mislukt.',
      'Gebeurtenissen komen nog steeds in je gebeurtenissenlog, maar niet meer bij dit endpoint. Werkt de ontvanger weer, zet het dan aan in het dashboard, waar je ook kunt laten versturen wat het gemist heeft:',
      f.pageUrl,
      'of met de API:',
      `  curl -X PATCH ${f.apiBaseUrl}/v2/webhook-endpoints/${f.endpointId} -H "Authorization: Bearer <token met webhooks:manage>" -H "Content-Type: application/json" -d '{"status": "enabled", "recover_since": "<ISO-tijd>"}'`,
      'en verstuur wat het gemist heeft met POST /v2/webhook-endpoints/{id}/recover (zie docs/webhooks).',
    ],
    signature: '-- Canopy',
  },
} as const;

interface Admin {
  email: string;
  name: string;
  language: Language | null;
}

function message(admin: Admin, about: string, subject: string, body: readonly string[]): MailMessage {
  const language = admin.language ?? 'en';
  return {
    to: admin.email,
    about,
    subject,
    text: [TEXTS[language].hello(admin.name), '', ...body, '', TEXTS[language].signature].join('\n'),
    headers: { 'Content-Language': language },
  };
}

/** The warning after a day of failures: the last error, and from when the endpoint will be switched off. */
export function endpointFailingEmail(admin: Admin, facts: FailingFacts): MailMessage {
  const language = admin.language ?? 'en';
  const t = TEXTS[language];
  return message(admin, facts.endpointId, t.failingSubject(facts.companyName), t.failingBody(facts, language));
}

/** The notice that an endpoint was switched off, and why. */
export function endpointDisabledEmail(admin: Admin, facts: EndpointMailFacts, reason: string | null): MailMessage {
  const t = TEXTS[admin.language ?? 'en'];
  return message(admin, facts.endpointId, t.disabledSubject(facts.companyName), t.disabledBody(facts, reason));
}
