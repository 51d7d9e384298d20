// The Host header, checked before anything reads the request's URL: Bun builds request.url from it, so a Host
// such as "x?" or "a b" would make the path unreadable and the page renderer throw (a 500 and a stack trace on
// every such request). A malformed one is the client's mistake: 400, JSON, nothing logged.

/** A DNS name or IPv4 address, or a bracketed IPv6 address, with an optional port. Underscores pass too: proxies
 * inside Docker networks send service names such as "fogline_web". */
const HOST =
  /^(?:[A-Za-z0-9_](?:[A-Za-z0-9_-]*[A-Za-z0-9_])?(?:\.[A-Za-z0-9_](?:[A-Za-z0-9_-]*[A-Za-z0-9_])?)*\.?|\[[0-9A-Fa-f:.]+\])(?::(\d{1,5}))?$/;

export const BAD_HOST_MESSAGE = 'Bad request: the Host header is not a valid host name.';

export function isValidHost(host: string): boolean {
  const match = HOST.exec(host);
  return match !== null && (match[1] === undefined || Number(match[1]) <= 65_535);
}

/** Host values already found valid: a server sees a handful, so the pattern runs once per value, not per request
 * (bounded, so a client sending endless names cannot grow it). */
const validHosts = new Set<string>();
const VALID_HOSTS_KEPT = 64;

/** Is this Host header (or its absence) fine? */
export function hostIsFine(host: string | null): boolean {
  if (host === null || validHosts.has(host)) return true;
  if (!isValidHost(host)) return false;
  if (validHosts.size < VALID_HOSTS_KEPT) validHosts.add(host);
  return true;
}

/** The 400 for a request whose Host header is malformed, or null when it is fine (or absent). */
export function refuseBadHost(request: Request): Response | null {
  if (hostIsFine(request.headers.get('host'))) return null;
  return Response.json({ message: BAD_HOST_MESSAGE }, { status: 400, headers: { 'cache-control': 'private, no-store' } });
}
