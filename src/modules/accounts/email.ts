import type { Language } from '../../core/i18n.ts';
import type { MailMessage } from '../../platform/mail/mailer.ts';
import type { LinkPurpose } from './links.ts';

/**
 * The emails that carry a one-time link: an invitation, a sign-in link, a password reset.
 * Plain text in the person's language: who it is for, which company, the link, when it
 * stops working, and what happens if it was not asked for (nothing). Never a password.
 */

export interface LinkMailFacts {
  purpose: LinkPurpose;
  to: { email: string; name: string };
  companyName: string;
  url: string;
  expiresAt: Date;
  /** Who invited them (an invitation); null: the operator of Canopy. */
  invitedBy: string | null;
}

/** A time as the reader's language writes it, in UTC, which the email says. */
function mailTime(at: Date, language: Language): string {
  return `${new Intl.DateTimeFormat(language === 'nl' ? 'nl-NL' : 'en-GB', { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'UTC' }).format(at)} UTC`;
}

const LIFETIMES: Record<Language, Record<LinkPurpose, string>> = {
  en: { sign_in: '15 minutes', reset: '1 hour', invite: '7 days' },
  nl: { sign_in: '15 minuten', reset: '1 uur', invite: '7 dagen' },
};

const TEXTS = {
  en: {
    hello: (name: string) => `Hello ${name},`,
    invite: {
      subject: (company: string) => `You are invited to the Canopy dashboard of ${company}`,
      body: (f: LinkMailFacts) => [
        `${f.invitedBy ?? 'The operator of Canopy'} invited you to the dashboard of ${f.companyName} on Canopy, where you see the trees ${f.companyName} contributes to and the proof behind them.`,
        '',
        `Choose a password to sign in as ${f.to.email}:`,
        f.url,
      ],
      after: 'Once you have chosen it, you are signed in.',
      ignore: 'If you did not expect this invitation, ignore this email: without the link no account is used.',
    },
    sign_in: {
      subject: (company: string) => `Your link to sign in to Canopy (${company})`,
      body: (f: LinkMailFacts) => [`Someone, we hope you, asked for a link to sign in to the Canopy dashboard of ${f.companyName} as ${f.to.email}.`, '', 'Sign in:', f.url],
      after: 'Your password, if you have one, stays as it is.',
      ignore: 'If you did not ask for it, ignore this email: no one signs in without this link.',
    },
    reset: {
      subject: (company: string) => `Choose a new password for Canopy (${company})`,
      body: (f: LinkMailFacts) => [`Someone, we hope you, asked to reset the password of ${f.to.email} for the Canopy dashboard of ${f.companyName}.`, '', 'Choose a new password:', f.url],
      after: 'A new password signs you out of Canopy in every other browser.',
      ignore: 'If you did not ask for it, ignore this email: your password stays as it is.',
    },
    expires: (purpose: LinkPurpose, at: Date) => `The link works once, until ${mailTime(at, 'en')} (${LIFETIMES.en[purpose]}).`,
    signature: '-- Canopy',
  },
  nl: {
    hello: (name: string) => `Hallo ${name},`,
    invite: {
      subject: (company: string) => `Je bent uitgenodigd voor het Canopy-dashboard van ${company}`,
      body: (f: LinkMailFacts) => [
        `${f.invitedBy ?? 'De operator van Canopy'} heeft je uitgenodigd voor het dashboard van ${f.companyName} op Canopy, waar je de bomen ziet waaraan ${f.companyName} bijdraagt en het bewijs erachter.`,
        '',
        `Kies een wachtwoord om in te loggen als ${f.to.email}:`,
        f.url,
      ],
      after: 'Zodra je het gekozen hebt, ben je ingelogd.',
      ignore: 'Verwachtte je deze uitnodiging niet, negeer deze e-mail dan: zonder de link wordt er geen account gebruikt.',
    },
    sign_in: {
      subject: (company: string) => `Je link om in te loggen bij Canopy (${company})`,
      body: (f: LinkMailFacts) => [`Iemand, hopelijk jij, vroeg een link om in te loggen op het Canopy-dashboard van ${f.companyName} als ${f.to.email}.`, '', 'Inloggen:', f.url],
      after: 'Je wachtwoord, als je er een hebt, blijft zoals het is.',
      ignore: 'Heb je er niet om gevraagd, negeer deze e-mail dan: zonder deze link logt niemand in.',
    },
    reset: {
      subject: (company: string) => `Kies een nieuw wachtwoord voor Canopy (${company})`,
      body: (f: LinkMailFacts) => [`Iemand, hopelijk jij, vroeg het wachtwoord van ${f.to.email} voor het Canopy-dashboard van ${f.companyName} opnieuw in te stellen.`, '', 'Kies een nieuw wachtwoord:', f.url],
      after: 'Met een nieuw wachtwoord word je in elke andere browser uitgelogd bij Canopy.',
      ignore: 'Heb je er niet om gevraagd, negeer deze e-mail dan: je wachtwoord blijft zoals het is.',
    },
    expires: (purpose: LinkPurpose, at: Date) => `De link werkt één keer, tot ${mailTime(at, 'nl')} (${LIFETIMES.nl[purpose]}).`,
    signature: '-- Canopy',
  },
} as const;

/** The email of a link, in `language`. `about` is the person's id: their outbox files are found by it. */
export function linkEmail(facts: LinkMailFacts, language: Language, about: string): MailMessage {
  const t = TEXTS[language];
  const kind = t[facts.purpose];
  const text = [t.hello(facts.to.name), '', ...kind.body(facts), '', t.expires(facts.purpose, facts.expiresAt), kind.after, '', kind.ignore, '', t.signature].join('\n');
  return { to: facts.to.email, about, subject: kind.subject(facts.companyName), text, headers: { 'Content-Language': language } };
}
