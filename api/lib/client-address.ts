// The client's address for per-address limits. TRUST_PROXY names the proxy whose header is believed:
// none (default) = the socket peer; fly = Fly's Fly-Client-IP only; xff-last = the right-most X-Forwarded-For
// entry that is not one of our own (private or loopback) hops, as an appending proxy (nginx, a cloud load
// balancer) leaves it. IPv6 clients are counted per /64, the block one subscriber usually holds.
export const TRUST_PROXY_MODES = ['none', 'fly', 'xff-last'] as const;
export type TrustProxy = (typeof TRUST_PROXY_MODES)[number];

/** The header api/server.ts sets from the resolved address (overwriting any client-sent value). */
export const CLIENT_IP_HEADER = 'x-fogline-client-ip';

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

/** An address as sent in a header, without port, brackets or IPv6 zone; null when it is not an address. */
function cleanAddress(raw: string | null | undefined): string | null {
  let value = raw?.trim().toLowerCase() ?? '';
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(value);
  if (bracketed) value = bracketed[1]!;
  else if (/^[\d.]+:\d+$/.test(value)) value = value.slice(0, value.lastIndexOf(':'));
  value = value.replace(/%.*$/, '');
  if (IPV4.test(value)) return value;
  return /^[0-9a-f:.]+$/.test(value) && value.includes(':') ? value : null;
}

/** Loopback and private ranges: our own hops (a proxy on this host or network), never a client's public address. */
function isPrivateAddress(ip: string): boolean {
  const v4 = ip.replace(/^::ffff:/, '');
  return (
    v4 === '::1' ||
    /^127\./.test(v4) ||
    /^10\./.test(v4) ||
    /^192\.168\./.test(v4) ||
    /^172\.(1[6-9]|2\d|3[01])\./.test(v4) ||
    /^169\.254\./.test(v4) ||
    /^f[cd][0-9a-f]{2}:/i.test(v4) || // IPv6 unique local: Fly's proxy talks to the app over fdaa::/16
    /^fe[89ab][0-9a-f]:/i.test(v4)
  );
}

/** Who sent the request, read the way TRUST_PROXY says. */
export function resolveClientAddress(headers: Headers, socketAddress: string, trust: TrustProxy): string {
  const socket = cleanAddress(socketAddress) ?? 'unknown';
  if (trust === 'fly') return cleanAddress(headers.get('fly-client-ip')) ?? socket;
  if (trust === 'xff-last') {
    // Walk left from our proxy's end: entries left of the first public one, or of anything malformed, are the client's word.
    let nearest = socket;
    for (const hop of (headers.get('x-forwarded-for') ?? '').split(',').map(cleanAddress).reverse()) {
      if (hop === null) break;
      if (!isPrivateAddress(hop)) return hop;
      nearest = hop;
    }
    return nearest;
  }
  return socket;
}

/** The key per-address limits count under: IPv4 as is (also when IPv4-mapped), IPv6 by its first 64 bits. */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!ip.includes(':')) return ip;
  const [head = '', tail] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = tail === undefined ? left : [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+/, '') || '0')
    .join(':')}::/64`;
}

/** The resolved client address the server stamped on the request (api/server.ts), as a limit key. */
export function clientAddress(headers: Headers): string {
  return addressKey(headers.get(CLIENT_IP_HEADER)?.trim() || 'unknown');
}

/** Where a request came from, as a waiver acceptance records it: the resolved address (not a client's claim)
 * and the user agent (500 characters at most). */
export function requestSource(headers: Headers): { ipAddress: string; userAgent: string } {
  return {
    ipAddress: headers.get(CLIENT_IP_HEADER)?.trim() || 'unknown',
    userAgent: (headers.get('user-agent') ?? '').slice(0, 500),
  };
}
