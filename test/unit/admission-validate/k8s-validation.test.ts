// The Go / apimachinery helpers behind the validators' messages.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  atoi,
  base64DecodedLength,
  isDNS1123Label,
  isQualifiedName,
  isValidPortName,
} from '../../../src/admission/validate/k8s-validation.js';
import { isIPv4, parseIP, parseMAC, sanitizeIP } from '../../../src/util/go/net.js';
import { FieldPath, toAdmissionVerdict } from '../../../src/admission/validate/types.js';

describe('k8s-validation', () => {
  it('IsDNS1123Label messages (note the double space of RegexError)', () => {
    assert.deepEqual(isDNS1123Label('ok-name'), []);
    assert.deepEqual(isDNS1123Label('a.b'), ['must not contain dots']);
    assert.deepEqual(isDNS1123Label('A'), [
      "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end " +
        "with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is " +
        "'[a-z0-9]([-a-z0-9]*[a-z0-9])?')",
    ]);
    assert.deepEqual(isDNS1123Label('a'.repeat(64)), ['must be no more than 63 characters']);
  });

  it('IsQualifiedName splits prefix and name', () => {
    assert.deepEqual(isQualifiedName('kubernetes.io/hostname'), []);
    assert.deepEqual(isQualifiedName('/name'), ['prefix part must be non-empty']);
    assert.equal(isQualifiedName('a/b/c').length, 1);
  });

  it('IsValidPortName', () => {
    assert.deepEqual(isValidPortName('http'), []);
    assert.deepEqual(isValidPortName('-8080-'), [
      'must contain at least one letter (a-z)',
      'must not begin or end with a hyphen',
    ]);
  });

  it('net.ParseIP (Go 1.22): no leading zeros, no zones', () => {
    assert.ok(parseIP('10.0.0.1'));
    assert.equal(parseIP('010.0.0.1'), undefined);
    assert.ok(parseIP('fe80::1'));
    assert.equal(parseIP('fe80::1%eth0'), undefined);
    assert.equal(parseIP('1:2:3:4:5:6:7:8:9'), undefined);
    assert.ok(isIPv4('::ffff:1.2.3.4'));
    assert.ok(!isIPv4('::1'));
  });

  it('sanitizeIP re-prints what ParseIPSloppy accepts', () => {
    assert.equal(sanitizeIP('010.000.000.001'), '10.0.0.1');
    assert.equal(sanitizeIP('2001:0DB8:0000:0000:0000:0000:0000:0001'), '2001:db8::1');
    assert.equal(sanitizeIP('::ffff:1.2.3.4'), '1.2.3.4');
    assert.equal(sanitizeIP('1:0:0:1:0:0:0:1'), '1:0:0:1::1');
    assert.equal(sanitizeIP('dns.example.com'), 'dns.example.com');
  });

  it('net.ParseMAC (Go 1.22) and its lengths', () => {
    assert.equal(parseMAC('00:11:22:33:44:55'), 6);
    assert.equal(parseMAC('00-11-22-33-44-55'), 6);
    assert.equal(parseMAC('0011.2233.4455'), 6);
    assert.equal(parseMAC('00:11:22:33:44:55:66:77'), 8);
    assert.equal(parseMAC('00:11:22:33:44'), undefined);
    assert.equal(parseMAC('00:11-22:33:44:55'), undefined);
    assert.equal(parseMAC('001122334455'), undefined);
  });

  it('base64 StdEncoding', () => {
    assert.deepEqual(base64DecodedLength('YWJjZA=='), { length: 4, ok: true });
    assert.deepEqual(base64DecodedLength('YWJj\nZA=='), { length: 4, ok: true });
    assert.equal(base64DecodedLength('YWJjZA').ok, false);
    assert.equal(base64DecodedLength('not base64!').ok, false);
  });

  it('strconv.Atoi errors', () => {
    assert.deepEqual(atoi('+4'), { value: 4n });
    assert.deepEqual(atoi('four'), { error: 'strconv.Atoi: parsing "four": invalid syntax' });
    assert.deepEqual(atoi('99999999999999999999'), {
      error: 'strconv.Atoi: parsing "99999999999999999999": value out of range',
    });
  });

  it('field paths', () => {
    assert.equal(
      FieldPath.of('spec').child('domain', 'devices', 'disks').index(2).child('name').toString(),
      'spec.domain.devices.disks[2].name',
    );
  });

  it('the response keeps ten causes and says how many more there were', () => {
    const causes = Array.from({ length: 12 }, (_, i) => ({
      type: 'FieldValueInvalid',
      field: `f${i}`,
      message: `m${i}`,
    }));
    const verdict = toAdmissionVerdict(causes);
    assert.equal(verdict.causes.length, 10);
    assert.equal(verdict.message, 'm0, m1, m2, m3, m4, m5, m6, m7, m8, m9, and 2 more validation errors');
    assert.deepEqual(toAdmissionVerdict([]), { allowed: true, causes: [] });
  });
});
