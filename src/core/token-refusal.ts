/**
 * Why an API token was refused (spec section 5), in the order the rules are checked
 * (http/token-verifier.ts). Each API surface words it in its own error shape: v2's
 * CanopyError codes, the legacy v1 API's `{"message"}`.
 */
export type TokenRefusal =
  | { reason: 'unknown' }
  | { reason: 'owner_removed' }
  | { reason: 'revoked' }
  | { reason: 'expired'; expiresAt: Date }
  | { reason: 'plan'; plan: string }
  | { reason: 'company_inactive'; status: string }
  | { reason: 'address'; ip: string };
