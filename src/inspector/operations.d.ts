export const METHODS: readonly string[];
export interface Operation {
  id: 'listSubscriptions' | 'createSubscription' | 'updateSubscription' | 'getNodeProducts';
  title: string;
  method: string;
  template: string;
}
export const OPERATIONS: readonly Operation[];
export function operationOf(method: string, path: string): Operation | undefined;
