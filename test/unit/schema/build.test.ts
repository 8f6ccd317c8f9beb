// The pieces of scripts/build-validators.mjs: quantity/format helpers, the schema conversion of Kubernetes
// extensions, the shape of the generated modules, and their loading on Node without require(esm).
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { describe, it } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

interface Helpers {
  k8s: {
    quantity(s: string): boolean;
    byte(s: string): boolean;
    dateTime(s: string): boolean;
    int32(n: number): boolean;
    int64(n: number): boolean;
  };
}
interface AjvErr {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
}
interface BuildScript {
  runtimeHelpers(): Helpers;
  KINDS: Record<string, [string, string]>;
  RELEASES: string[];
  perRelease(kind: string): boolean;
  SchemaConverter: new (opts: { origin: 'crd' | 'k8s'; definitions: Record<string, unknown> }) => {
    convertRoot(root: unknown): Record<string, unknown>;
  };
  createAjv(opts: { source: boolean }): {
    compile(schema: unknown): ((data: unknown) => boolean) & { errors?: AjvErr[] | null };
  };
  pruneSchemaConstants(code: string): string;
}

const script = (await import(pathToFileURL(`${ROOT}scripts/build-validators.mjs`).href)) as BuildScript;
const { k8s } = script.runtimeHelpers();

describe('schema build: quantity', () => {
  it('accepts what ParseQuantity accepts', () => {
    for (const q of [
      '0',
      '1',
      '+1',
      '-1',
      '1.5',
      '.5',
      '1.',
      '100m',
      '1n',
      '1u',
      '1k',
      '1M',
      '1G',
      '1T',
      '1P',
      '1E',
      '1Ki',
      '1Mi',
      '1Gi',
      '1Ti',
      '1Pi',
      '1Ei',
      '1e3',
      '1E3',
      '1e-3',
      '1e+3',
      '1.5Gi',
      '007',
    ]) {
      assert.equal(k8s.quantity(q), true, q);
    }
  });
  it('rejects bad numbers and suffixes', () => {
    for (const q of [
      '',
      '.',
      '+',
      'Gi',
      '1Gix',
      '1GB',
      '1gi',
      '1K',
      '1KI',
      '1 Gi',
      ' 1',
      '1.2.3',
      '1e',
      '1e1.5',
      '1m3',
      '1Mi3',
      'ten',
      '1,5',
      '--1',
      '0x10',
    ]) {
      assert.equal(k8s.quantity(q), false, q);
    }
  });
});

describe('schema build: formats', () => {
  it('int32/int64', () => {
    assert.equal(k8s.int32(2147483647), true);
    assert.equal(k8s.int32(2147483648), false);
    assert.equal(k8s.int32(-2147483648), true);
    assert.equal(k8s.int64(2 ** 62), true);
    assert.equal(k8s.int64(2 ** 64), false);
    assert.equal(k8s.int64(1.5), false);
  });
  it('date-time (RFC 3339)', () => {
    for (const s of ['2024-01-31T12:00:00Z', '2024-02-29T00:00:00.123456+05:30', '1999-12-31T23:59:59-08:00'])
      assert.equal(k8s.dateTime(s), true, s);
    for (const s of [
      '2023-02-29T00:00:00Z',
      '2024-01-31',
      '2024-01-31 12:00:00Z',
      '2024-01-31T24:00:00Z',
      '2024-01-31T12:00:00',
      'yesterday',
    ])
      assert.equal(k8s.dateTime(s), false, s);
  });
  it('byte (standard base64, newlines ignored)', () => {
    assert.equal(k8s.byte(''), true);
    assert.equal(k8s.byte('aGVsbG8='), true);
    assert.equal(k8s.byte('aGVs\nbG8='), true);
    assert.equal(k8s.byte('aGVsbG8'), false);
    assert.equal(k8s.byte('aGVsbG8=aGk='), false);
    assert.equal(k8s.byte('a-_b'), false);
  });
});

describe('schema build: conversion of Kubernetes extensions', () => {
  const compile = (origin: 'crd' | 'k8s', root: unknown, definitions: Record<string, unknown> = {}) => {
    const objectMeta = JSON.parse(readFileSync(`${ROOT}schemas/kubernetes/objectmeta.json`, 'utf8')) as {
      definitions: Record<string, unknown>;
    };
    const { definitions: metaDefs, ...metaRoot } = objectMeta;
    const conv = new script.SchemaConverter({
      origin,
      definitions: {
        ...metaDefs,
        'io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta': metaRoot,
        ...definitions,
      },
    });
    return script.createAjv({ source: false }).compile(conv.convertRoot(root));
  };
  const run = (v: ReturnType<typeof compile>, data: unknown) => {
    v(data);
    return (v.errors ?? []).map((e) => `${e.instancePath} ${e.keyword}`).sort();
  };

  it('x-kubernetes-embedded-resource requires apiVersion and kind and types metadata', () => {
    const v = compile('crd', {
      type: 'object',
      properties: {
        spec: {
          type: 'object',
          properties: {
            template: {
              type: 'object',
              'x-kubernetes-embedded-resource': true,
              'x-kubernetes-preserve-unknown-fields': true,
            },
          },
        },
      },
    });
    assert.deepEqual(
      run(v, {
        spec: { template: { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'x' }, spec: { any: 1 } } },
      }),
      [],
    );
    assert.deepEqual(run(v, { spec: { template: { spec: {} } } }), [
      '/spec/template required',
      '/spec/template required',
    ]);
    assert.deepEqual(
      run(v, { spec: { template: { apiVersion: 'v1', kind: 'Pod', metadata: { name: 1 } } } }),
      ['/spec/template/metadata/name type'],
    );
  });

  it('CRD objects are structural; core objects without properties are free-form', () => {
    const crd = compile('crd', { type: 'object', properties: { a: { type: 'object' } } });
    assert.deepEqual(
      run(crd, { a: { x: 1 }, b: 1 }),
      ['/a additionalProperties', ' additionalProperties'].sort(),
    );
    const core = compile(
      'k8s',
      { type: 'object', properties: { raw: { $ref: '#/definitions/Raw' } } },
      { Raw: { type: 'object' } },
    );
    assert.deepEqual(run(core, { raw: { x: 1 } }), []);
  });

  it('nullable adds null to type and enum; int-or-string; quantity maps', () => {
    const v = compile('crd', {
      type: 'object',
      properties: {
        mode: { type: 'string', enum: ['a', 'b'], nullable: true },
        list: { type: 'array', items: { type: 'string', nullable: true } },
        port: { 'x-kubernetes-int-or-string': true, anyOf: [{ type: 'integer' }, { type: 'string' }] },
        limits: {
          type: 'object',
          additionalProperties: {
            'x-kubernetes-int-or-string': true,
            anyOf: [{ type: 'integer' }, { type: 'string' }],
          },
        },
      },
    });
    assert.deepEqual(
      run(v, { mode: null, list: [null, 'x'], port: 'http', limits: { cpu: '500m', memory: 1024 } }),
      [],
    );
    assert.deepEqual(run(v, { mode: 'c', port: 1.5, limits: { cpu: '500mm' } }), [
      '/limits/cpu format',
      '/mode enum',
      '/port type',
    ]);
  });

  it('list-type map uses the key default; list-type set', () => {
    const v = compile(
      'k8s',
      {
        type: 'object',
        properties: {
          ports: {
            type: 'array',
            items: { $ref: '#/definitions/Port' },
            'x-kubernetes-list-type': 'map',
            'x-kubernetes-list-map-keys': ['port', 'protocol'],
          },
          tags: { type: 'array', items: { type: 'string' }, 'x-kubernetes-list-type': 'set' },
        },
      },
      {
        Port: {
          type: 'object',
          properties: { port: { type: 'integer' }, protocol: { type: 'string', default: 'TCP' } },
        },
      },
    );
    assert.deepEqual(run(v, { ports: [{ port: 1 }, { port: 1, protocol: 'UDP' }], tags: ['a', 'b'] }), []);
    assert.deepEqual(run(v, { ports: [{ port: 1 }, { port: 1, protocol: 'TCP' }], tags: ['a', 'a'] }), [
      '/ports k8sListMap',
      '/tags k8sListSet',
    ]);
  });
});

describe('schema build: generated modules', () => {
  it('one self-contained ES module per kind (per KubeVirt release for the KubeVirt kinds)', () => {
    assert.deepEqual(script.RELEASES, ['v1.4.0', 'v1.9.0']);
    for (const kind of Object.keys(script.KINDS)) {
      const files = script.perRelease(kind)
        ? script.RELEASES.map((release) => `${ROOT}dist/validators/${release}/${kind}.js`)
        : [`${ROOT}dist/validators/${kind}.js`];
      for (const file of files) {
        const text = readFileSync(file, 'utf8');
        assert.ok(statSync(file).size > 1000, file);
        assert.doesNotMatch(text, /\brequire\(|^\s*import\s/m, `${file} must not import anything`);
        assert.match(text, /export\s*(\{\s*[\w$]+\s+as\s+default\s*\}|default\s)/, file);
        // errors are appended in place: concat copies all so far at each call (n invalid items cost n^2)
        assert.doesNotMatch(text, /\.concat\(/, `${file} merges errors in linear time`);
      }
    }
  });

  it('pruneSchemaConstants keeps only the schema paths the code reads', () => {
    const code =
      'const schema1 = {"type":"object","properties":{"a":{"type":"string"},"b":{"type":["integer","string"]}}};' +
      'const schema2 = {"unused":true};' +
      'function v(d){return func.call(schema1.properties, d) && schema1.properties.b.type;}';
    const out = script.pruneSchemaConstants(code);
    assert.match(out, /const schema1 = \{"properties":\{"a":0,"b":\{"type":\["integer","string"\]\}\}\};/);
    assert.doesNotMatch(out, /schema2/);
  });

  it('loads without require(esm) (older Node) by evaluating the module body', () => {
    const probe =
      `import { validateDocument } from ${JSON.stringify(pathToFileURL(`${ROOT}dist/src/schema/validate.js`).href)};` +
      `process.stdout.write(JSON.stringify(validateDocument('Pod', { spec: { containers: [{ name: 'c', bogus: 1 }, { name: 'c' }] } })));`;
    const res = spawnSync(
      process.execPath,
      ['--no-experimental-require-module', '--input-type=module', '-e', probe],
      {
        encoding: 'utf8',
      },
    );
    if (res.status !== 0 && /bad option|not allowed/.test(res.stderr)) return; // a Node without the flag
    assert.equal(res.status, 0, res.stderr);
    assert.deepEqual(JSON.parse(res.stdout), [
      { path: ['spec', 'containers', 0, 'bogus'], message: 'unknown field "bogus"', severity: 'warning' },
      {
        path: ['spec', 'containers', 1],
        message: 'duplicate entry with name="c" (first at index 0)',
        severity: 'error',
      },
    ]);
  });
});
