import { lookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';

/**
 * Where a webhook may go. Only `https`, to a host whose every address is public: loopback,
 * private, link-local (cloud metadata at 169.254.169.254), carrier-grade NAT, unique-local
 * IPv6, multicast, documentation, and IPv6 forms that carry an IPv4 address (EMBEDDED_IPV4)
 * are refused; ipaddr.js names each range, and only "unicast" passes (an IPv4-mapped
 * address passes when its IPv4 does). The check
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

type Address = ipaddr.IPv4 | ipaddr.IPv6;

const lastFour = (bytes: number[]) => bytes.slice(12, 16);

/**
 * IPv6 forms that carry an IPv4 address, and where it sits. Such an address reaches, or
 * is routed by, whatever holds that IPv4, so one carrying a private IPv4 is as private as
 * it. IPv4-mapped is judged by its IPv4 alone (a connection to it is a connection to that
 * IPv4). The others are refused whatever they carry: IPv4-compatible is deprecated (RFC
 * 4291 2.5.5.1), and a NAT64 prefix, a 6to4 or Teredo relay is a translator inside or
 * near someone's network that no webhook receiver needs. Local-use NAT64 puts the IPv4
 * where its operator's prefix length says (RFC 6052 2.2), so it is not read out.
 */
const EMBEDDED_IPV4: { name: string; cidr: [ipaddr.IPv6, number]; ipv4: ((bytes: number[]) => number[]) | null; judgedByIt: boolean }[] = [
  { name: 'IPv4-mapped', cidr: ipaddr.IPv6.parseCIDR('::ffff:0:0/96'), ipv4: lastFour, judgedByIt: true },
  { name: 'IPv4-compatible', cidr: ipaddr.IPv6.parseCIDR('::/96'), ipv4: lastFour, judgedByIt: false },
  { name: 'IPv4-translated', cidr: ipaddr.IPv6.parseCIDR('::ffff:0:0:0/96'), ipv4: lastFour, judgedByIt: false },
  { name: 'NAT64', cidr: ipaddr.IPv6.parseCIDR('64:ff9b::/96'), ipv4: lastFour, judgedByIt: false },
  { name: 'local-use NAT64', cidr: ipaddr.IPv6.parseCIDR('64:ff9b:1::/48'), ipv4: null, judgedByIt: false },
  { name: '6to4', cidr: ipaddr.IPv6.parseCIDR('2002::/16'), ipv4: (bytes) => bytes.slice(2, 6), judgedByIt: false },
  // The client's address, its bits inverted (RFC 4380 4).
  { name: 'Teredo', cidr: ipaddr.IPv6.parseCIDR('2001::/32'), ipv4: (bytes) => lastFour(bytes).map((byte) => byte ^ 0xff), judgedByIt: false },
];

/**
 * The address as its bytes say. ipaddr.js reads `::a.b.c.d`, which is how DNS answers
 * write an IPv4-compatible address, as IPv4-mapped `::ffff:a.b.c.d`; `0::a.b.c.d` is
 * read as written.
 */
function parseAddress(address: string): Address {
  return ipaddr.parse(address.replace(/^::(?=\d+\.\d+\.\d+\.\d+(%.*)?$)/, '0::'));
}

/** Why the address is not on the public internet (its range, and any IPv4 it carries), or null when it is. */
export function whyNotPublic(address: string): string | null {
  if (!ipaddr.isValid(address)) return 'not an IP address';
  return whyNotPublicParsed(parseAddress(address));
}

function whyNotPublicParsed(ip: Address): string | null {
  const range = ip.range();
  // `::` and `::1` lie inside ::/96 but are known by their own names.
  if (ip.kind() === 'ipv4' || range === 'unspecified' || range === 'loopback') return range === 'unicast' ? null : range;
  const embedding = EMBEDDED_IPV4.find(({ cidr }) => ip.match(cidr));
  if (!embedding) return range === 'unicast' ? null : range;
  const ipv4 = embedding.ipv4 && new ipaddr.IPv4(embedding.ipv4(ip.toByteArray()));
  const inner = ipv4 && whyNotPublicParsed(ipv4);
  if (embedding.judgedByIt && !inner) return null;
  return ipv4 ? `${embedding.name} wrapping ${ipv4.toString()}${inner ? `, ${inner}` : ''}` : embedding.name;
}

export function isPublicAddress(address: string): boolean {
  return whyNotPublic(address) === null;
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
    for (const { address } of addresses) {
      const why = whyNotPublic(address);
      if (why) throw new UnsafeWebhookUrl(`The host ${host} resolves to ${address} (${why}), which is not a public address.`);
    }
  }
  const [chosen] = addresses;
  return { url, address: chosen!.address, family: chosen!.family === 6 ? 6 : 4 };
}
