/**
 * TRUSTED_PROXIES: the peers allowed to speak for a client. Fastify's `trustProxy` gets the list, so
 * `request.ip` is the right-most X-Forwarded-For hop that is not one of them (a client cannot forge
 * its address by sending the header itself); the per-address connection cap exempts them, since a
 * proxy carries many clients on its connections. Empty (the default): no proxy is trusted.
 */
import net from 'node:net';

/** The names proxy-addr (Fastify's trustProxy) knows, spelled out so both checks agree. */
const NAMED: Record<string, string[]> = {
  loopback: ['127.0.0.0/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

/** `10.0.0.5, 10.1.0.0/16, loopback` → addresses and CIDRs; anything else stops start-up with the culprit. */
export function parseTrustedProxies(raw: string | undefined, name = 'TRUSTED_PROXIES'): string[] {
  if (raw === undefined || raw.trim() === '') return [];
  const entries: string[] = [];
  for (const item of raw.split(',').map((part) => part.trim()).filter(Boolean)) {
    const named = NAMED[item.toLowerCase()];
    if (named) {
      entries.push(...named);
      continue;
    }
    const [address = '', prefix, extra] = item.split('/');
    const family = net.isIP(address);
    const bits = family === 4 ? 32 : 128;
    const validPrefix = prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= bits);
    if (family === 0 || extra !== undefined || !validPrefix) {
      throw new Error(`${name}: «${item}» non è un indirizzo IP, una rete CIDR (es. 10.0.0.0/8) né uno fra loopback, linklocal, uniquelocal`);
    }
    entries.push(item);
  }
  return entries;
}

/** `::ffff:10.0.0.1` (an IPv4 peer on a dual-stack socket) is 10.0.0.1. */
export function plainAddress(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped ? mapped[1]! : address;
}

/** Whether a socket's remote address is one of the trusted proxies. */
export function proxyMatcher(entries: readonly string[]): (address: string | undefined) => boolean {
  if (entries.length === 0) return () => false;
  const list = new net.BlockList();
  for (const entry of entries) {
    const [address = '', prefix] = entry.split('/');
    const type = net.isIP(address) === 4 ? 'ipv4' : 'ipv6';
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return (address) => {
    if (!address) return false;
    const plain = plainAddress(address);
    return list.check(plain, net.isIP(plain) === 4 ? 'ipv4' : 'ipv6');
  };
}
