import { describe, expect, it } from 'vitest';
import { parseClockTicks, parseProcStat, parseProcStatus } from './proc-readings.js';

const tail = '0 0 20 0 11 0 68066 1133 360 18446744073709551615 1 1 0 0 0 0 0 4096 0 0 0 0 17 1 0 0';
const stats = [
  {
    name: 'a plain line gives fields 14 and 15',
    line: `4242 (node) S 1 4242 4242 0 -1 4194560 9000 0 12 0 1234 567 ${tail}`,
    ticks: { user: 1234, system: 567 },
  },
  {
    name: 'a command name with spaces and parentheses does not shift the fields',
    line: `4242 (my (odd) name) R 1 4242 4242 0 -1 4194560 9000 0 12 0 77 8 ${tail}`,
    ticks: { user: 77, system: 8 },
  },
  {
    name: 'a trailing newline is ignored',
    line: `1 (init) S 0 1 1 0 -1 4194560 1 0 0 0 3 4 ${tail}\n`,
    ticks: { user: 3, system: 4 },
  },
  {
    name: 'a line cut before stime gives nothing',
    line: '4242 (node) S 1 4242 4242 0 -1 4194560 9000 0 12 0 1234',
    ticks: undefined,
  },
  { name: 'a line without the command name gives nothing', line: '4242 node S 1 2 3', ticks: undefined },
  {
    name: 'a non-numeric utime gives nothing',
    line: `4242 (node) S 1 4242 4242 0 -1 4194560 9000 0 12 0 x 567 ${tail}`,
    ticks: undefined,
  },
];

describe('parseProcStat', () => {
  it.each(stats)('$name', ({ line, ticks }) => {
    expect(parseProcStat(line)).toEqual(ticks);
  });
});

const statuses = [
  {
    name: 'VmRSS and VmHWM are read in MB',
    status: 'Name:\tnode\nVmHWM:\t  307200 kB\nVmRSS:\t  286720 kB\nThreads:\t11\n',
    memory: { rssMb: 280, peakRssMb: 300 },
  },
  {
    name: 'without VmHWM the peak is the RSS',
    status: 'VmRSS:\t  10240 kB\n',
    memory: { rssMb: 10, peakRssMb: 10 },
  },
  {
    name: 'without VmRSS there is no reading (a kernel thread)',
    status: 'Name:\tkthreadd\n',
    memory: undefined,
  },
];

describe('parseProcStatus', () => {
  it.each(statuses)('$name', ({ status, memory }) => {
    expect(parseProcStatus(status)).toEqual(memory);
  });
});

const clocks = [
  { name: "getconf's usual answer", output: '100\n', ticks: 100 },
  { name: 'another rate is kept', output: '250', ticks: 250 },
  { name: 'no answer falls back to 100', output: '', ticks: 100 },
  { name: 'a nonsensical answer falls back to 100', output: '-1', ticks: 100 },
];

describe('parseClockTicks', () => {
  it.each(clocks)('$name', ({ output, ticks }) => {
    expect(parseClockTicks(output)).toBe(ticks);
  });
});
