/**
 * A response body that is already JSON text: sent as it is, never stringified again. Lets a store keep the
 * serialised form of records it renders often and join them into a page.
 * @example return { status: 200, body: new JsonText(`{"data":[${parts.join(',')}]}`) };
 */
export class JsonText {
  constructor(readonly text: string) {}
}
