import { lookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';

/**
 * Where a webhook may go. Only `https`, to a host whose every address is public: loopback,
 * private, link-local (cloud metadata at 169.254.169.254), carrier-grade NAT, unique-local
 * IPv6, multicast, documentation, and IPv6 forms that embed an IPv4 address (NAT64, 6to4,
 * Teredo) are refused; ipaddr.js names each range, and only "unicast" passes. The check
 * answers with the address it approved, and the delivery connects to that address, so a
 * DNS answer that changes between the check and the connection cannot aim it inside the
 * network. `allowPrivate` (WEBHOOK_ALLOW_PRIVATE_URLS, for local development and tests)
 * lets `http` and any address through.
 */

export interface CheckedTarget {
  url: URL;
  /** The address to connect to: one of the host's, every one of which was checked. */
  address: string;
  family: 4 | 6;
}

export class UnsafeWebhookUrl extends Error {
  override readonly name = 'UnsafeWebhookUrl';
}

export interface UrlRules {
  allowPrivate: boolean;
}

/** What ipaddr.js calls an address's range; "unicast" is the public internet. */
export function addressRange(address: string): string {
  return ipaddr.process(address).range();
}

export function isPublicAddress(address: string): boolean {
  return ipaddr.isValid(address) && addressRange(address) === 'unicast';
}

/** The URL's form alone (no DNS): what creating an endpoint checks before resolving. */
export function parseWebhookUrl(raw: string, rules: UrlRules): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UnsafeWebhookUrl('The url is not a valid absolute URL.');
  }
  if (url.protocol !== 'https:' && !(rules.allowPrivate && url.protocol === 'http:')) {
    throw new UnsafeWebhookUrl('The url must use https.');
  }
  if (url.username || url.password) throw new UnsafeWebhookUrl('The url must not carry a user name or password.');
  if (url.hash) throw new UnsafeWebhookUrl('The url must not have a #fragment.');
  return url;
}

/**
 * How long the host's DNS look-up may take: the 10 s HTTP timeout of an attempt does not
 * cover it, and an attempt must end well within its lease (WEBHOOK_LEASE_SECONDS, at least 15).
 */
export const DNS_TIMEOUT_MS = 3000;

class DnsTimeout extends Error {}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new DnsTimeout()), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Resolves the URL's host and checks every address; returns the one to connect to. */
export async function checkWebhookUrl(raw: string, rules: UrlRules): Promise<CheckedTarget> {
  const url = parseWebhookUrl(raw, rules);
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: { address: string; family: number }[];
  if (ipaddr.isValid(host)) {
    addresses = [{ address: host, family: ipaddr.parse(host).kind() === 'ipv6' ? 6 : 4 }];
  } else {
    try {
      addresses = await withTimeout(lookup(host, { all: true, verbatim: true }), DNS_TIMEOUT_MS);
    } catch (error) {
      if (error instanceof DnsTimeout) throw new UnsafeWebhookUrl(`The host ${host} did not resolve within ${DNS_TIMEOUT_MS / 1000} s.`);
      throw new UnsafeWebhookUrl(`The host ${host} does not resolve.`);
    }
  }
  if (addresses.length === 0) throw new UnsafeWebhookUrl(`The host ${host} does not resolve.`);
  if (!rules.allowPrivate) {
    const refused = addresses.find((entry) => !isPublicAddress(entry.address));
    if (refused) {
      throw new UnsafeWebhookUrl(`The host ${host} resolves to ${refused.address} (${addressRange(refused.address)}), which is not a public address.`);
    }
  }
  const [chosen] = addresses;
  return { url, address: chosen!.address, family: chosen!.family === 6 ? 6 : 4 };
}
