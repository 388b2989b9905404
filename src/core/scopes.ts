import type { Language } from './i18n.ts';

/** The scopes of spec section 5. */
export const SCOPES = [
  'company:read',
  'allocations:read',
  'plantings:read',
  'projects:read',
  'recipients:read',
  'recipients:write',
  'gift-codes:read',
  'gift-codes:write',
  'certificates:read',
  'webhooks:manage',
  'events:read',
] as const;

export type Scope = (typeof SCOPES)[number];

/** What each scope allows, in a line (spec section 5's table), for the dashboard's token form. */
export const SCOPE_DESCRIPTIONS: Record<Scope, Record<Language, string>> = {
  'company:read': { en: 'Read the company, its plan and its tree totals.', nl: 'Het bedrijf, zijn pakket en zijn boomtotalen lezen.' },
  'allocations:read': { en: 'List and read allocations of trees.', nl: 'Toewijzingen van bomen opvragen en lezen.' },
  'plantings:read': { en: 'List and read plantings and their proof.', nl: 'Aanplantingen en hun bewijs opvragen en lezen.' },
  'projects:read': { en: 'List and read projects, their verifications and monitoring.', nl: 'Projecten, hun verificaties en metingen opvragen en lezen.' },
  'recipients:read': { en: 'List and read recipients (personal data).', nl: 'Ontvangers opvragen en lezen (persoonsgegevens).' },
  'recipients:write': { en: 'Create, change and delete recipients.', nl: 'Ontvangers aanmaken, wijzigen en verwijderen.' },
  'gift-codes:read': { en: 'List and read gift codes.', nl: 'Cadeaucodes opvragen en lezen.' },
  'gift-codes:write': { en: 'Create and revoke gift codes.', nl: 'Cadeaucodes aanmaken en intrekken.' },
  'certificates:read': { en: 'List and read certificates and their download links.', nl: 'Certificaten en hun downloadlinks opvragen en lezen.' },
  'webhooks:manage': { en: 'Manage webhook endpoints and redeliver events.', nl: 'Webhook-endpoints beheren en events opnieuw versturen.' },
  'events:read': { en: 'Read the event log.', nl: 'Het eventlogboek lezen.' },
};

/** What a route asks for: one scope, or "any scope" (GET /me). */
export type RouteScope = Scope | 'any';

export function isScope(value: string): value is Scope {
  return (SCOPES as readonly string[]).includes(value);
}

/**
 * Whether a company role may use a scope. Members may only read; writing and managing
 * webhooks needs an admin. Checked live on every request against the token's creator.
 */
export function roleAllowsScope(role: 'admin' | 'member', scope: Scope): boolean {
  return role === 'admin' || scope.endsWith(':read');
}
