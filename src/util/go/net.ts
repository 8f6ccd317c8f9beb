// Go's IP and MAC address parsing as virt-api's validators and KubeVirt's API decoding use it: net/netip
// (Go 1.22) and k8s.io/utils/net's sloppy parser (leading zeros allowed), with Go's canonical printing.
// upstream: Go standard library net, net/netip; k8s.io/utils/net (ParseIPSloppy, ParseCIDRSloppy);
// kubevirt.io/api core/v1 sanitizers.go

// upstream: net/netip parseIPv4 (validity only)
function parseIPv4(s: string): number[] | undefined {
  const fields: number[] = [];
  let val = 0;
  let digLen = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (c >= '0' && c <= '9') {
      if (digLen === 1 && val === 0) return undefined;
      val = val * 10 + (c.charCodeAt(0) - 48);
      digLen++;
      if (val > 255) return undefined;
    } else if (c === '.') {
      if (i === 0 || i === s.length - 1 || s[i - 1] === '.') return undefined;
      if (fields.length === 3) return undefined;
      fields.push(val);
      val = 0;
      digLen = 0;
    } else {
      return undefined;
    }
  }
  if (fields.length < 3) return undefined;
  fields.push(val);
  return fields;
}

// upstream: net/netip parseIPv6 (returns the 16 bytes; a zone is reported separately)
function parseIPv6(input: string): { ip: number[]; zone: string } | undefined {
  let s = input;
  let zone = '';
  const pct = s.indexOf('%');
  if (pct !== -1) {
    zone = s.slice(pct + 1);
    s = s.slice(0, pct);
    if (zone === '') return undefined;
  }
  const ip = new Array<number>(16).fill(0);
  let ellipsis = -1;
  if (s.length >= 2 && s[0] === ':' && s[1] === ':') {
    ellipsis = 0;
    s = s.slice(2);
    if (s.length === 0) return { ip, zone };
  }
  let i = 0;
  while (i < 16) {
    let off = 0;
    let acc = 0;
    for (; off < s.length; off++) {
      const c = s[off]!;
      const d = parseInt(c, 16);
      if (!/[0-9a-fA-F]/.test(c) || Number.isNaN(d)) break;
      acc = acc * 16 + d;
      if (off > 3) return undefined;
      if (acc > 0xffff) return undefined;
    }
    if (off === 0) return undefined;
    if (off < s.length && s[off] === '.') {
      if (ellipsis < 0 && i !== 12) return undefined;
      if (i + 4 > 16) return undefined;
      const ip4 = parseIPv4(s);
      if (!ip4) return undefined;
      ip.splice(i, 4, ...ip4);
      i += 4;
      s = '';
      break;
    }
    ip[i] = acc >> 8;
    ip[i + 1] = acc & 0xff;
    i += 2;
    s = s.slice(off);
    if (s.length === 0) break;
    if (s[0] !== ':') return undefined;
    if (s.length === 1) return undefined;
    s = s.slice(1);
    if (s[0] === ':') {
      if (ellipsis >= 0) return undefined;
      ellipsis = i;
      s = s.slice(1);
      if (s.length === 0) break;
    }
  }
  if (s.length !== 0) return undefined;
  if (i < 16) {
    if (ellipsis < 0) return undefined;
    const n = 16 - i;
    for (let j = i - 1; j >= ellipsis; j--) ip[j + n] = ip[j]!;
    for (let j = ellipsis; j < ellipsis + n; j++) ip[j] = 0;
  } else if (ellipsis >= 0) {
    return undefined;
  }
  return { ip, zone };
}

/** Go's net.ParseIP: the 16-byte form, or undefined when invalid. */
export function parseIP(s: string): number[] | undefined {
  for (const c of s) {
    if (c === '.') {
      const v4 = parseIPv4(s);
      return v4 ? [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, ...v4] : undefined;
    }
    if (c === ':') {
      const v6 = parseIPv6(s);
      return v6 && v6.zone === '' ? v6.ip : undefined;
    }
    if (c === '%') return undefined;
  }
  return undefined;
}

// upstream: k8s.io/utils/net ParseIPSloppy (Go's pre-1.17 parser: leading zeros allowed) — IPv4 part
function parseIPv4Sloppy(s: string): number[] | undefined {
  const p: number[] = [];
  for (let i = 0; i < 4; i++) {
    if (s.length === 0) return undefined;
    if (i > 0) {
      if (s[0] !== '.') return undefined;
      s = s.slice(1);
    }
    const m = /^[0-9]+/.exec(s);
    if (!m || m[0].length > 8 || Number(m[0]) > 0xff) return undefined;
    s = s.slice(m[0].length);
    p.push(Number(m[0]));
  }
  return s.length === 0 ? p : undefined;
}

// ParseIPSloppy — IPv6 part
function parseIPv6Sloppy(s: string): number[] | undefined {
  const ip = new Array<number>(16).fill(0);
  let ellipsis = -1;
  if (s.length >= 2 && s[0] === ':' && s[1] === ':') {
    ellipsis = 0;
    s = s.slice(2);
    if (s.length === 0) return ip;
  }
  let i = 0;
  while (i < 16) {
    const m = /^[0-9a-fA-F]+/.exec(s);
    if (!m) return undefined;
    let n = 0;
    for (const ch of m[0]) {
      n = n * 16 + parseInt(ch, 16);
      if (n >= 0xffffff) return undefined;
    }
    if (n > 0xffff) return undefined;
    const c = m[0].length;
    if (c < s.length && s[c] === '.') {
      if (ellipsis < 0 && i !== 12) return undefined;
      if (i + 4 > 16) return undefined;
      const ip4 = parseIPv4Sloppy(s);
      if (!ip4) return undefined;
      ip.splice(i, 4, ...ip4);
      s = '';
      i += 4;
      break;
    }
    ip[i] = n >> 8;
    ip[i + 1] = n & 0xff;
    i += 2;
    s = s.slice(c);
    if (s.length === 0) break;
    if (s[0] !== ':' || s.length === 1) return undefined;
    s = s.slice(1);
    if (s[0] === ':') {
      if (ellipsis >= 0) return undefined;
      ellipsis = i;
      s = s.slice(1);
      if (s.length === 0) break;
    }
  }
  if (s.length !== 0) return undefined;
  if (i < 16) {
    if (ellipsis < 0) return undefined;
    const n = 16 - i;
    for (let j = i - 1; j >= ellipsis; j--) ip[j + n] = ip[j]!;
    for (let j = ellipsis + n - 1; j >= ellipsis; j--) ip[j] = 0;
  } else if (ellipsis >= 0) {
    return undefined;
  }
  return ip;
}

/** k8s.io/utils/net.ParseIPSloppy: the 16-byte form, or undefined. */
export function parseIPSloppy(s: string): number[] | undefined {
  for (const c of s) {
    if (c === '.') {
      const v4 = parseIPv4Sloppy(s);
      return v4 ? [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, ...v4] : undefined;
    }
    if (c === ':') return parseIPv6Sloppy(s);
  }
  return undefined;
}

const isV4Mapped = (ip: number[]): boolean =>
  ip.slice(0, 10).every((b) => b === 0) && ip[10] === 0xff && ip[11] === 0xff;

/** Go's net.IP.String for a 16-byte address (dotted for IPv4-mapped, RFC 5952 otherwise). */
export function formatIP(ip: number[]): string {
  if (isV4Mapped(ip)) return ip.slice(12).join('.');
  const groups = Array.from({ length: 8 }, (_, g) => (ip[2 * g]! << 8) | ip[2 * g + 1]!);
  let zeroStart = 255;
  let zeroEnd = 255;
  for (let i = 0; i < 8; i++) {
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    const l = j - i;
    if (l >= 2 && l > zeroEnd - zeroStart) {
      zeroStart = i;
      zeroEnd = j;
    }
  }
  let out = '';
  for (let i = 0; i < 8; i++) {
    if (i === zeroStart) {
      out += '::';
      i = zeroEnd;
      if (i >= 8) break;
    } else if (i > 0) {
      out += ':';
    }
    out += groups[i]!.toString(16);
  }
  return out;
}

/**
 * upstream: api/core/v1 sanitizeIP — what decoding a VMI does to DNS nameservers and DHCP NTP servers:
 * addresses ParseIPSloppy accepts are re-printed canonically (`01.2.3.4` -> `1.2.3.4`), others kept.
 */
export function sanitizeIP(address: string): string {
  const ip = parseIPSloppy(address);
  return ip ? formatIP(ip) : address;
}

/** Go's net.ParseIP(s).To4() != nil. */
export function isIPv4(s: string): boolean {
  const ip = parseIP(s);
  return ip !== undefined && isV4Mapped(ip);
}

// upstream: net.xtoi2 — exactly two hex digits, followed by the separator e (or the end)
function xtoi2(s: string, e: string): boolean {
  if (s.length > 2 && s[2] !== e) return false;
  return /^[0-9a-fA-F]{2}$/.test(s.slice(0, 2));
}

/** Go 1.22 net.ParseMAC: the address length in bytes, or undefined when invalid. */
export function parseMAC(s: string): number | undefined {
  if (s.length < 14) return undefined;
  if (s[2] === ':' || s[2] === '-') {
    if ((s.length + 1) % 3 !== 0) return undefined;
    const n = (s.length + 1) / 3;
    if (n !== 6 && n !== 8 && n !== 20) return undefined;
    for (let x = 0, i = 0; i < n; i++, x += 3) if (!xtoi2(s.slice(x), s[2])) return undefined;
    return n;
  }
  if (s[4] === '.') {
    if ((s.length + 1) % 5 !== 0) return undefined;
    const n = (2 * (s.length + 1)) / 5;
    if (n !== 6 && n !== 8 && n !== 20) return undefined;
    for (let x = 0, i = 0; i < n; i += 2, x += 5) {
      if (!xtoi2(s.slice(x, x + 2), '')) return undefined;
      if (!xtoi2(s.slice(x + 2), s[4])) return undefined;
    }
    return n;
  }
  return undefined;
}

/**
 * upstream: api/core/v1 sanitizeCIDR — what decoding a VMI does to a pod network's vmNetworkCIDR: a CIDR
 * ParseCIDRSloppy accepts is re-printed as `<address>/<prefix length>` (`010.0.2.0/024` -> `10.0.2.0/24`; the
 * address is not masked), anything else kept.
 */
export function sanitizeCIDR(cidr: string): string {
  const slash = cidr.indexOf('/');
  if (slash < 0) return cidr;
  const address = cidr.slice(0, slash);
  const ip = parseIPSloppy(address);
  const mask = cidr.slice(slash + 1);
  // Go's dtoi: decimal digits, leading zeros allowed; the length is that of the address as written
  if (ip === undefined || !/^[0-9]+$/.test(mask)) return cidr;
  const bits = Number(mask);
  if (bits > (address.includes(':') ? 128 : 32)) return cidr;
  return `${formatIP(ip)}/${bits}`;
}
