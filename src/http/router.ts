import { HttpError } from './http-error.js';

/** What a path and method resolved to: a target, a known path with other methods, or nothing. */
export type RouteMatch<Target> =
  | { kind: 'found'; target: Target; template: string; params: Record<string, string> }
  | { kind: 'method-not-allowed'; allow: string[] }
  | { kind: 'not-found' };

export interface RouterEntry<Target> {
  method: string;
  /** An OpenAPI path template such as `/subscriptions/subscriptions/{subscription_uuid}`. */
  path: string;
  target: Target;
}

interface CompiledTemplate<Target> {
  template: string;
  pattern: RegExp;
  names: string[];
  /** Literal characters: more literal text wins over a parameter (`/a/b` before `/a/{x}`). */
  specificity: number;
  methods: Map<string, Target>;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function compileTemplate<Target>(template: string): CompiledTemplate<Target> {
  const names: string[] = [];
  const source = template
    .split(/(\{[^}/]+\})/)
    .map((part) => {
      if (!/^\{[^}/]+\}$/.test(part)) return escapeRegExp(part);
      names.push(part.slice(1, -1));
      return '([^/]+)';
    })
    .join('');
  const specificity = template.replace(/\{[^}/]+\}/g, '').length;
  return { template, pattern: new RegExp(`^${source}$`), names, specificity, methods: new Map() };
}

/** The methods listed in `Allow`: HEAD rides on GET, OPTIONS is always answered (CORS preflight). */
export function allowHeader(methods: Iterable<string>): string[] {
  const allow = new Set(methods);
  if (allow.has('GET')) allow.add('HEAD');
  allow.add('OPTIONS');
  return [...allow];
}

function decodeParameter(name: string, raw: string): string {
  if (!raw.includes('%')) return raw;
  try {
    return decodeURIComponent(raw);
  } catch {
    throw HttpError.of(400, `${name} is not valid percent-encoding: ${raw}`, { parameter: name });
  }
}

/** The target of a method on a template; HEAD rides on GET. */
function targetFor<Target>(compiled: CompiledTemplate<Target>, method: string): Target | undefined {
  return compiled.methods.get(method) ?? (method === 'HEAD' ? compiled.methods.get('GET') : undefined);
}

/** Matches request paths against the spec's path templates. */
export class Router<Target> {
  private readonly templates: CompiledTemplate<Target>[] = [];
  /** Templates without parameters by their text: the most specific match of their path, found without a regex. */
  private readonly literals = new Map<string, CompiledTemplate<Target>>();

  constructor(entries: Iterable<RouterEntry<Target>>) {
    const byTemplate = new Map<string, CompiledTemplate<Target>>();
    for (const { method, path, target } of entries) {
      let compiled = byTemplate.get(path);
      if (compiled === undefined) {
        compiled = compileTemplate<Target>(path);
        byTemplate.set(path, compiled);
        this.templates.push(compiled);
        if (compiled.names.length === 0) this.literals.set(path, compiled);
      }
      // First registration wins: registered routes are listed before the spec's fallback operations.
      if (!compiled.methods.has(method.toUpperCase())) compiled.methods.set(method.toUpperCase(), target);
    }
    this.templates.sort((a, b) => b.specificity - a.specificity);
  }

  /** `pathname` is relative to the base path and still percent-encoded; parameters come back decoded. */
  match(method: string, pathname: string): RouteMatch<Target> {
    const wanted = method.toUpperCase();
    const literal = this.literals.get(pathname);
    const exact = literal === undefined ? undefined : targetFor(literal, wanted);
    if (literal !== undefined && exact !== undefined)
      return { kind: 'found', target: exact, template: literal.template, params: {} };
    const allowed = new Set<string>();
    for (const compiled of this.templates) {
      const found = compiled.pattern.exec(pathname);
      if (found === null) continue;
      const target = targetFor(compiled, wanted);
      if (target !== undefined) {
        const params: Record<string, string> = {};
        compiled.names.forEach((name, i) => (params[name] = decodeParameter(name, found[i + 1] ?? '')));
        return { kind: 'found', target, template: compiled.template, params };
      }
      for (const known of compiled.methods.keys()) allowed.add(known);
    }
    return allowed.size > 0
      ? { kind: 'method-not-allowed', allow: allowHeader(allowed) }
      : { kind: 'not-found' };
  }

  /** The `Allow` methods of a path, or undefined when no template matches it. */
  allowed(pathname: string): string[] | undefined {
    const methods = this.templates
      .filter((t) => t.pattern.test(pathname))
      .flatMap((t) => [...t.methods.keys()]);
    return methods.length > 0 ? allowHeader(methods) : undefined;
  }
}
