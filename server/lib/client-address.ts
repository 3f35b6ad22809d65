import { isIP } from 'node:net';

/** An IPv4 address written as IPv6 (::ffff:192.0.2.1), as dual-stack sockets report them. */
const MAPPED_V4 = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

function unmapped(address: string): string {
  return MAPPED_V4.exec(address)?.[1] ?? address;
}

/**
 * Whether the connection comes from this machine. Takes the socket's address, never request.ip:
 * X-Forwarded-For must not be able to claim loopback.
 */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const plain = unmapped(address);
  if (isIP(plain) === 4) return plain.startsWith('127.');
  return plain === '::1' || plain === '0:0:0:0:0:0:0:1';
}

/** Expands an IPv6 address to its eight groups (for taking a prefix). */
function ipv6Groups(address: string): string[] {
  const [head, tail] = address.split('::');
  const part = (s: string | undefined) => (s ? s.split(':') : []);
  const left = part(head);
  const right = part(tail);
  const groups = tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return groups.map((g) => g.toLowerCase().replace(/^0+(?=.)/, ''));
}

/**
 * The client a rate limit counts: the IPv4 address, or the /64 network of an IPv6 address, since a
 * single IPv6 host usually holds a whole /64 and could take a new address for every request.
 */
export function rateLimitClient(address: string): string {
  const plain = unmapped(address);
  if (isIP(plain) !== 6 || plain.includes('.')) return plain;
  return `${ipv6Groups(plain).slice(0, 4).join(':')}::/64`;
}
