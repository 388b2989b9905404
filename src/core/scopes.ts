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
