import ipaddr from 'ipaddr.js';

/** Whether a text is an IPv4 or IPv6 address or a CIDR range of either. */
export function isAddressOrCidr(value: string): boolean {
  if (ipaddr.isValid(value)) return true;
  try {
    ipaddr.parseCIDR(value);
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether an address falls in an allowlist of addresses and CIDR ranges, IPv4 and IPv6.
 * ipaddr.process() first turns an IPv4-mapped IPv6 address (::ffff:10.1.2.3) into IPv4,
 * so an IPv4 rule matches it.
 */
export function addressAllowed(address: string, allowlist: readonly string[]): boolean {
  if (allowlist.length === 0) return true;
  if (!ipaddr.isValid(address)) return false;
  const ip = ipaddr.process(address);
  return allowlist.some((entry) => {
    const [range, bits] = entry.includes('/')
      ? ipaddr.parseCIDR(entry)
      : ([ipaddr.process(entry), ipaddr.process(entry).kind() === 'ipv4' ? 32 : 128] as const);
    const normalized = range.kind() === 'ipv6' && (range as ipaddr.IPv6).isIPv4MappedAddress()
      ? (range as ipaddr.IPv6).toIPv4Address()
      : range;
    if (normalized.kind() !== ip.kind()) return false;
    const prefix = normalized === range ? bits : bits - 96;
    return ip.match(normalized, prefix);
  });
}
