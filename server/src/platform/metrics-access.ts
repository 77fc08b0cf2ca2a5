/**
 * Who may read GET /api/metrics: the bearer of METRICS_TOKEN, or a client from an address or
 * network of METRICS_ALLOW. Apart from metrics.ts, so the configuration reads it without loading
 * prom-client.
 */
import { timingSafeEqual, createHash } from 'node:crypto';
import net from 'node:net';

export interface MetricsAccess {
  token: string | null;
  /** Addresses and networks (`10.0.0.0/8`, `::1`), checked when parsing the configuration. */
  allow: string[];
}

/** METRICS_ALLOW as a block list of Node; an entry that is no address or network throws (German). */
export function allowList(entries: string[]): net.BlockList {
  const list = new net.BlockList();
  for (const entry of entries) {
    const [address, bits, extra] = entry.split('/');
    const type = net.isIPv4(address ?? '') ? 'ipv4' : net.isIPv6(address ?? '') ? 'ipv6' : null;
    const prefix = bits === undefined ? null : Number(bits);
    const max = type === 'ipv4' ? 32 : 128;
    if (!type || extra !== undefined || bits === '' || (prefix !== null && !(Number.isInteger(prefix) && prefix >= 0 && prefix <= max))) {
      throw new Error(`METRICS_ALLOW enthält keine gültige Adresse oder kein gültiges Netz: ${entry} (z. B. 127.0.0.1,10.0.0.0/8)`);
    }
    if (prefix === null) list.addAddress(address!, type);
    else list.addSubnet(address!, prefix, type);
  }
  return list;
}

export function metricsGate(access: MetricsAccess): (ip: string, authorization: string | undefined) => boolean {
  const allowed = allowList(access.allow);
  const digest = (s: string) => createHash('sha256').update(s).digest();
  const expected = access.token ? digest(`Bearer ${access.token}`) : null;
  return (ip, authorization) => {
    if (expected && authorization && timingSafeEqual(digest(authorization), expected)) return true;
    // An IPv4 client on a socket that listens on IPv6 shows as ::ffff:a.b.c.d.
    const plain = ip.startsWith('::ffff:') && net.isIPv4(ip.slice(7)) ? ip.slice(7) : ip;
    const type = net.isIPv4(plain) ? 'ipv4' : net.isIPv6(plain) ? 'ipv6' : null;
    return access.allow.length > 0 && type !== null && allowed.check(plain, type);
  };
}
