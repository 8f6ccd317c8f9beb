// upstream: pkg/util/hardware/hw_utils.go (the pure parts)
import type { CPU } from '../../types/kubevirt.js';

/** Go's uint32 product (the counts are uint32 fields of v1.CPU): it wraps around at 2^32. */
const uint32Product = (a: number, b: number): number => Math.imul(a, b) >>> 0;

// upstream: hardware.GetNumberOfVCPUs — sockets*cores*threads, treating zero factors as absent, in uint32
// (65536 cores on 65536 sockets make 0 vCPUs)
export function getNumberOfVCPUs(cpu: CPU | undefined): number {
  let vcpus = cpu?.cores ?? 0;
  const sockets = cpu?.sockets ?? 0;
  const threads = cpu?.threads ?? 0;
  if (sockets !== 0) vcpus = vcpus === 0 ? sockets : uint32Product(vcpus, sockets);
  if (threads !== 0) vcpus = vcpus === 0 ? threads : uint32Product(vcpus, threads);
  return vcpus;
}

const PCI_ADDRESS_PATTERN = /^([\da-fA-F]{4}):([\da-fA-F]{2}):([\da-fA-F]{2})\.([0-7]{1})$/;

// upstream: hardware.ParsePciAddress — [domain, bus, slot, function]
export function parsePciAddress(pciAddress: string): string[] {
  const match = PCI_ADDRESS_PATTERN.exec(pciAddress);
  if (!match) throw new Error(`failed to parse pci address ${pciAddress}`);
  return match.slice(1);
}

// upstream: hardware.ParseCPUSetLine
export function parseCPUSetLine(cpusetLine: string, limit: number): number[] {
  const cpus: number[] = [];
  const atoi = (s: string): number => {
    if (!/^[+-]?\d+$/.test(s)) throw new Error(`strconv.Atoi: parsing "${s}": invalid syntax`);
    return Number.parseInt(s, 10);
  };
  const push = (cpu: number): void => {
    if (cpus.length > limit)
      throw new Error(`rejecting expanding CPU array for safety reasons, limit is ${limit}`);
    cpus.push(cpu);
  };
  for (const item of cpusetLine.split(',')) {
    const range = item.split('-');
    if (range.length > 1) {
      const start = atoi(range[0] ?? '');
      const end = atoi(range[1] ?? '');
      for (let cpu = start; cpu <= end; cpu++) push(cpu);
    } else {
      push(atoi(range[0] ?? ''));
    }
  }
  return cpus;
}
