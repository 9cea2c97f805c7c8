/** A closed range of numbers, as a schema's `minimum` and `maximum` state it. */
export interface Bounds {
  min: number;
  max: number;
}
/** The limits the inspector's forms check, as the control plane's OpenAPI document declares them. */
export interface Limits {
  name: RegExp;
  /** The Name schema's description, shown when a typed name breaks the pattern. */
  nameRule: string;
  delay: Bounds;
  status: Bounds;
  retryAfter: Bounds;
  times: Bounds;
  probability: Bounds;
  seed: Bounds;
}
export function limitsFromSpec(document: unknown): Limits;
