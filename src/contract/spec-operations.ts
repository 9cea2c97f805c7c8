import type { OpenAPIV3_1 } from 'openapi-types';
import { resolveRef } from './json-pointer.js';

/** An operation of the document, located by path template and method. */
export interface SpecOperation {
  /** The operationId, or `METHOD path` when the spec gives none. */
  operationId: string;
  /** Upper case, e.g. `GET`. */
  method: string;
  path: string;
  operation: OpenAPIV3_1.OperationObject;
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/** Every operation of the document, in document order. */
export function listOperations(document: OpenAPIV3_1.Document): SpecOperation[] {
  const operations: SpecOperation[] = [];
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    const pathItem = resolveRef(document, item).value as OpenAPIV3_1.PathItemObject | undefined;
    for (const method of METHODS) {
      const operation = pathItem?.[method];
      if (operation === undefined) continue;
      const upper = method.toUpperCase();
      operations.push({
        operationId: operation.operationId ?? `${upper} ${path}`,
        method: upper,
        path,
        operation,
      });
    }
  }
  return operations;
}
