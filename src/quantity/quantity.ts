// PLACEHOLDER API (being implemented): Kubernetes resource.Quantity with apimachinery semantics.
export type QuantityFormat = 'DecimalSI' | 'BinarySI' | 'DecimalExponent';

export class Quantity {
  private constructor() {}
  static parse(_input: string | number): Quantity {
    throw new Error('not implemented');
  }
  static fromInt(_value: bigint | number, _format: QuantityFormat): Quantity {
    throw new Error('not implemented');
  }
  static fromMilli(_milli: bigint | number, _format: QuantityFormat): Quantity {
    throw new Error('not implemented');
  }
  get format(): QuantityFormat {
    throw new Error('not implemented');
  }
  add(_other: Quantity): Quantity {
    throw new Error('not implemented');
  }
  sub(_other: Quantity): Quantity {
    throw new Error('not implemented');
  }
  cmp(_other: Quantity): number {
    throw new Error('not implemented');
  }
  isZero(): boolean {
    throw new Error('not implemented');
  }
  value(): bigint {
    throw new Error('not implemented');
  }
  milliValue(): bigint {
    throw new Error('not implemented');
  }
  toString(): string {
    throw new Error('not implemented');
  }
}
