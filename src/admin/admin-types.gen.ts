// Generated from spec/admin.openapi.yaml by `npm run gen:types` (scripts/gen-types.mjs, openapi-typescript). Do not edit:
// change the spec, run `npm run gen:types`, commit both. src/contract/openapi-types.test.ts fails when this is stale.
export interface paths {
    "/__subcat/info": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Seed, sizes, version, uptime, options in effect and the fixed ids. */
        get: operations["getInfo"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/__subcat/reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Back to the seeded state (the session's data and its journal; its snapshots are kept). */
        post: operations["reset"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/__subcat/snapshots": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The session's snapshots, oldest first. */
        get: operations["listSnapshots"];
        put?: never;
        /**
         * Keeps the session's data under a name, to restore later.
         * @description Snapshots are bounded: 64 per session and 256 over all sessions, and an estimated 256 MiB per session
         *     and 384 MiB over all (128 bytes per subscription created or changed since the seed, measured when the
         *     snapshot is taken). Past a bound the answer is a 409 naming it and how to free room: delete a snapshot
         *     (or drop a session).
         */
        post: operations["takeSnapshot"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/__subcat/snapshots/{name}/restore": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The session's data becomes the snapshot's again (the snapshot is kept). */
        post: operations["restoreSnapshot"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/__subcat/snapshots/{name}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Forgets a snapshot. */
        delete: operations["deleteSnapshot"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/__subcat/requests": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The last requests of the session, newest first (a ring of 1,000 by default).
         * @description Headers that carry secrets (Authorization, cookies, tokens) are kept as `<redacted>`; bodies past
         *     16 KiB are cut (`truncated: true`).
         */
        get: operations["listRequests"];
        put?: never;
        post?: never;
        /** Empties the session's journal. */
        delete: operations["clearRequests"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/__subcat/requests/stream": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The journal as it grows, as Server-Sent Events (one `request` event per entry, every session's or one's).
         * @description Each `request` event's data is one JournalEntry as JSON; a comment line every 15 s keeps the stream
         *     open. When 32 streams are open already the answer is one `full` event and the end of the stream:
         *     poll `GET /__subcat/requests` instead. A client that stops reading is not waited for: once the
         *     connection's buffers are full the mock holds up to 1 MiB of events for it, and past that ends the
         *     stream (no event is skipped silently). Reconnect and read `GET /__subcat/requests?since=` the last id
         *     seen for what was missed; the inspector's page reconnects and reloads the journal. A browser's EventSource sends no headers, so the admin token
         *     may come as `?token=` here (and only here).
         */
        get: operations["streamRequests"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/__subcat/faults": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The fault rules in effect, in the order they are tried. */
        get: operations["listFaults"];
        put?: never;
        /** Adds a fault rule; the first rule that matches a request acts on it. */
        post: operations["addFault"];
        /** Removes every fault rule. */
        delete: operations["clearFaults"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/__subcat/faults/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Removes one fault rule. */
        delete: operations["deleteFault"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/__subcat/delay": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The latency every answer of the four operations gets. */
        get: operations["getDelay"];
        /** Sets the latency: delay in ms, [min, max] in ms, or null for none. */
        put: operations["setDelay"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/__subcat/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The sessions alive, most recently used first (the default session is always there). */
        get: operations["listSessions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/__subcat/sessions/{name}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Forgets a session (its data, snapshots and journal); the next request naming it starts afresh. */
        delete: operations["deleteSession"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/__subcat/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The inspector, a page for people (also at `/` for a browser asking for text/html).
         * @description Self-contained: its scripts (`/__subcat/*.js`) and the README (`/__subcat/README.md`) come from the
         *     mock too. Like the documents and placeholder images, the page needs no admin token; what it reads and
         *     changes goes through the endpoints above, which do.
         */
        get: operations["getInspector"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/__subcat/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** This document, as JSON. */
        get: operations["getAdminDocument"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/__subcat/openapi.yaml": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The contract the mock serves (spec/openapi.yaml, or the --spec document), as written. */
        get: operations["getContractDocument"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/__subcat/assets/{file}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A placeholder per seeded file id (an SVG per image, a one-page PDF per document), so no seeded link is broken. */
        get: operations["getAsset"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /** @description Letters, digits, `.`, `_` and `-`, at most 64. */
        Name: string;
        Info: {
            version: string;
            seed: number;
            /** @description Seeded subscriptions (fixture records come on top). */
            subscriptions: number;
            /** @description Seeded catalog products per release. */
            products: number;
            page_length: number;
            base_path: string;
            /** @description Whether the operations need Authorization with a bearer token (--auth). */
            auth: boolean;
            /** Format: date-time */
            started_at: string;
            uptime_s: number;
            delay: components["schemas"]["Delay"];
            /** @description Fault rules in effect. */
            faults?: number;
            session: components["schemas"]["SessionSummary"];
            sessions: {
                count: number;
                max: number;
            };
            state_file?: string | null;
            /** @description The fixed ids of fixtures/ids.json. */
            ids: {
                catalog: {
                    catalog_id: string;
                    release_ids: string[];
                    root_node_id: string;
                    node_id: string;
                    deep_node_id: string;
                    empty_node_id: string;
                };
                subscriptions: {
                    account_id: string;
                    offering_id: string;
                    plan_ids: string[];
                    product_ids: string[];
                    subscription_id: string;
                    pending_subscription_id: string;
                };
            };
            /** @description Working requests of the four operations, built from the seeded data, relative to the base URL. */
            examples?: {
                title: string;
                /** @enum {string} */
                operation_id: "createSubscription" | "updateSubscription" | "listSubscriptions" | "getNodeProducts";
                method: string;
                path: string;
                body?: Record<string, never>;
            }[];
        };
        SessionSummary: {
            /** @description The session's name; the empty string is the default session. */
            name: string;
            /** @description Subscriptions the session holds, seeded ones included. */
            subscriptions: number;
            snapshots: number;
            /** Format: date-time */
            last_used_at?: string;
        };
        Snapshot: {
            name: components["schemas"]["Name"];
            /** Format: date-time */
            taken_at: string;
            subscriptions: number;
        };
        JournalEntry: {
            /** @description The request id (also the answer's x-request-id). */
            id: string;
            /** Format: date-time */
            at: string;
            method: string;
            /** @description Path and query as received. */
            url: string;
            path: string;
            operation_id?: string | null;
            /** @description The status answered; 0 when no answer was sent (a reset or hung connection). */
            status: number;
            duration_ms: number;
            session: string;
            /** @description The fault rule that acted on the request, as "id: what it did". */
            fault?: string | null;
            /**
             * @description What the mock ignored in the request, as the vendor does (decisions.md, Ignored input), in request
             *     order; the answer's X-Subcat-Ignored header names the same. Empty when nothing was ignored, and
             *     always empty for a mock started with --strict.
             */
            ignored?: {
                /** @enum {string} */
                kind: "parameter" | "include" | "member";
                /** @description The parameter's name, the include member, or the body member's JSON pointer. */
                name: string;
            }[];
            request: components["schemas"]["JournalMessage"];
            response: components["schemas"]["JournalMessage"];
        };
        JournalMessage: {
            headers: {
                [key: string]: string;
            };
            body: string | null;
            truncated: boolean;
        };
        /** @description Milliseconds, a `[min, max]` range drawn per request, or null for none. */
        Delay: null | number | number[];
        DelaySetting: {
            delay: components["schemas"]["Delay"];
        };
        /** @description A fault rule as sent; a field it does not know is a 400 naming it. */
        FaultRuleInput: components["schemas"]["FaultRuleFields"];
        /**
         * @description Match fields (all given must match; none matches every request of the four operations), one or more
         *     actions, and limits. Actions combine in this order: `delay`, then one of `reset`, `hang`, `truncate`
         *     or `status` (with `body`, default a JSON:API error body; 429 and 503 carry `Retry-After: 1`).
         */
        FaultRuleFields: {
            /** @enum {string} */
            operationId?: "createSubscription" | "updateSubscription" | "listSubscriptions" | "getNodeProducts";
            /** @enum {string} */
            method?: "GET" | "HEAD" | "POST" | "PUT" | "PATCH" | "DELETE";
            /** @description A path below the base path, `*` matching any run of characters, e.g. `/subscriptions/*`. */
            path?: string;
            /** @description A substring of the raw query string. */
            query?: string;
            /** @description `name` (present) or `name: substring` (its value holds the substring). */
            header?: string;
            status?: number;
            /** @description The body to answer with `status` (any JSON); default a JSON:API error naming the rule. */
            body?: unknown;
            /** @description Seconds for Retry-After (default 1 on 429 and 503). */
            retry_after?: number;
            delay?: components["schemas"]["Delay"];
            /** @description Destroys the connection instead of answering. */
            reset?: boolean;
            /** @description Never answers; the connection stays open until the client gives up. */
            hang?: boolean;
            /** @description Sends the head and half of the body, then cuts the connection. */
            truncate?: boolean;
            /** @description Acts on this many requests, then retires. */
            times?: number;
            /** @description Acts on a request with this chance, drawn from a generator seeded with `seed`. */
            probability?: number;
            /** @description The seed of `probability` (default 1): the same seed gives the same sequence of choices. */
            seed?: number;
            /** @description Only requests of this session. */
            session?: components["schemas"]["Name"];
        };
        /** @description A fault rule as the mock keeps it, with its id and counts. */
        FaultRule: components["schemas"]["FaultRuleFields"] & {
            id: string;
            /** @description Requests the rule matched. */
            matched: number;
            /** @description Requests it acted on. */
            applied: number;
            /** Format: date-time */
            created_at: string;
        };
        Error: {
            errors: {
                status: string;
                title: string;
                detail: string;
                source?: {
                    pointer?: string;
                    parameter?: string;
                    header?: string;
                };
            }[];
            meta?: {
                omitted?: number;
            };
        };
    };
    responses: {
        /** @description The request breaks a rule; each error names the field or parameter. */
        BadRequest: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The admin API needs the admin token, or is off (beyond loopback without a token). */
        Forbidden: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description No such snapshot, rule or session. */
        NotFound: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The body is over 64 KiB (the connection is closed after the answer). */
        TooLarge: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The body is not sent as `Content-Type: application/json`. */
        UnsupportedMediaType: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description A snapshot of that name exists already. */
        Conflict: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
    };
    parameters: {
        /** @description The session to act on (else the x-subcat-session header or the subcat-session cookie, else the default one). */
        Session: components["schemas"]["Name"];
        SnapshotName: components["schemas"]["Name"];
    };
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getInfo: {
        parameters: {
            query?: {
                /** @description The session to act on (else the x-subcat-session header or the subcat-session cookie, else the default one). */
                session?: components["parameters"]["Session"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description What the mock serves. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Info"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            403: components["responses"]["Forbidden"];
        };
    };
    reset: {
        parameters: {
            query?: {
                /** @description The session to act on (else the x-subcat-session header or the subcat-session cookie, else the default one). */
                session?: components["parameters"]["Session"];
                /** @description `true` keeps the session's journal (by default a reset clears it, so a test starts with none). */
                keep_requests?: "true" | "false";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The session holds the seeded data again. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["SessionSummary"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            403: components["responses"]["Forbidden"];
        };
    };
    listSnapshots: {
        parameters: {
            query?: {
                /** @description The session to act on (else the x-subcat-session header or the subcat-session cookie, else the default one). */
                session?: components["parameters"]["Session"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The snapshots. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Snapshot"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            403: components["responses"]["Forbidden"];
        };
    };
    takeSnapshot: {
        parameters: {
            query?: {
                /** @description The session to act on (else the x-subcat-session header or the subcat-session cookie, else the default one). */
                session?: components["parameters"]["Session"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: components["schemas"]["Name"];
                };
            };
        };
        responses: {
            /** @description The snapshot. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Snapshot"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    restoreSnapshot: {
        parameters: {
            query?: {
                /** @description The session to act on (else the x-subcat-session header or the subcat-session cookie, else the default one). */
                session?: components["parameters"]["Session"];
            };
            header?: never;
            path: {
                name: components["parameters"]["SnapshotName"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Restored. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["SessionSummary"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    deleteSnapshot: {
        parameters: {
            query?: {
                /** @description The session to act on (else the x-subcat-session header or the subcat-session cookie, else the default one). */
                session?: components["parameters"]["Session"];
            };
            header?: never;
            path: {
                name: components["parameters"]["SnapshotName"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    listRequests: {
        parameters: {
            query?: {
                /** @description The session to act on (else the x-subcat-session header or the subcat-session cookie, else the default one). */
                session?: components["parameters"]["Session"];
                /** @description Only requests with this method (GET, POST, ...). */
                method?: string;
                /** @description Only requests whose path matches this pattern (`*` matches any run of characters). */
                path?: string;
                /** @description Only answers with this status, or this class (`4xx`, `5xx`). */
                status?: string;
                /**
                 * @description Only requests at or after this time (RFC 3339, e.g. `2026-01-01T10:00:00Z`, or a date), or after
                 *     this request id. A text that is no valid time and no id the journal keeps is a 400 when it is
                 *     shaped like a date or has characters no request id has; an id-shaped one the journal no longer
                 *     keeps gives every entry it keeps (all of them are newer).
                 */
                since?: string;
                /** @description At most this many entries (default all that match). */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The journal entries, newest first. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["JournalEntry"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            403: components["responses"]["Forbidden"];
        };
    };
    clearRequests: {
        parameters: {
            query?: {
                /** @description The session to act on (else the x-subcat-session header or the subcat-session cookie, else the default one). */
                session?: components["parameters"]["Session"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Emptied. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            403: components["responses"]["Forbidden"];
        };
    };
    streamRequests: {
        parameters: {
            query?: {
                /**
                 * @description Only this session's entries; without it, every session's. Unlike the other calls, the
                 *     x-subcat-session header and the subcat-session cookie do not narrow the stream: a page on the
                 *     mock's origin that carries the cookie still sees every session unless it asks for one.
                 */
                session?: components["schemas"]["Name"];
                /** @description The admin token (when the mock has one), for clients that cannot send a header. */
                token?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description An event stream; each event's data is one JournalEntry as JSON. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": string;
                };
            };
            400: components["responses"]["BadRequest"];
            403: components["responses"]["Forbidden"];
        };
    };
    listFaults: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The rules. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["FaultRule"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            403: components["responses"]["Forbidden"];
        };
    };
    addFault: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FaultRuleInput"];
            };
        };
        responses: {
            /** @description The rule with its id. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["FaultRule"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["TooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    clearFaults: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No rule is left. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            403: components["responses"]["Forbidden"];
        };
    };
    deleteFault: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    getDelay: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The delay in effect. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["DelaySetting"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            403: components["responses"]["Forbidden"];
        };
    };
    setDelay: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DelaySetting"];
            };
        };
        responses: {
            /** @description The delay now in effect. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["DelaySetting"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["TooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    listSessions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The sessions. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["SessionSummary"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            403: components["responses"]["Forbidden"];
        };
    };
    deleteSession: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                name: components["schemas"]["Name"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Forgotten. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    getInspector: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The page. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
        };
    };
    getAdminDocument: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The control plane's OpenAPI document. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
        };
    };
    getContractDocument: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The contract's OpenAPI document. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/yaml": string;
                };
            };
        };
    };
    getAsset: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description `{id}.svg` or `{id}.pdf` */
                file: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The image, the same bytes for the same id. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "image/svg+xml": string;
                    "application/pdf": string;
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
        };
    };
}
