import type { Bounds } from './limits-from-spec.js';

export type Delay = number | [number, number] | null;
export function parseDelay(text: string, bounds: Bounds): { delay: Delay } | { problem: string };
export function delayText(delay: Delay | undefined): string;
export function delayInput(delay: Delay | undefined): string;
