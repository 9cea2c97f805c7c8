// Generated from spec/openapi.yaml by `npm run gen:types` (scripts/gen-types.mjs, openapi-typescript). Do not edit:
// change the spec, run `npm run gen:types`, commit both. src/contract/openapi-types.test.ts fails when this is stale.
export interface paths {
    "/subscriptions/subscriptions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List subscriptions
         * @description Returns all subscriptions, filtered with `eq` on account_id, name, email, external_ref, paged by offset.
         *     `meta` gives the number of matching records and the page (a convention, as for node products). Offsets
         *     stop at 10000: narrow the list with `filter` to reach records past it. A query parameter the operation
         *     does not know, and an `include` member it does not serve, are ignored as the vendor ignores them and
         *     named in `X-Subcat-Ignored`; a mock started with `--strict` answers 400 naming them (decisions.md,
         *     Ignored input).
         */
        get: operations["listSubscriptions"];
        put?: never;
        /**
         * Create a subscription
         * @description The body is flat (decisions.md): `data` holds the BuildSubscription fields directly. An offering must
         *     be given, by `offering_id` or inline with at least one product and one plan.
         */
        post: operations["createSubscription"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/subscriptions/subscriptions/{subscription_uuid}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Update a subscription
         * @description Changes only the attributes sent (decisions.md). A plan switch is done by changing `plan_id`;
         *     `address_id` and `go_live_after` are cleared with null.
         */
        put: operations["updateSubscription"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/catalogs/{catalog_id}/releases/{release_id}/nodes/{node_id}/relationships/products": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a node's products
         * @description Returns the live products associated with the node. Curated products come first, in the node's
         *     curated order. `in(id, ...)` returns any number of ids in any order, ordered by last update.
         *     Offsets stop at 10000: narrow the list with `filter` to reach products past it. A query parameter the
         *     operation does not know, and an `include` member it does not serve, are ignored as the vendor ignores
         *     them and named in `X-Subcat-Ignored`; a mock started with `--strict` answers 400 naming them
         *     (decisions.md, Ignored input).
         */
        get: operations["getNodeProducts"];
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
        /**
         * Format: uuid
         * @description A unique identifier.
         */
        UUID: string;
        /** @description A free attribute for information from another system. */
        ExternalRef: string;
        /** @description A three-letter ISO currency code in uppercase. */
        CurrencyIdentifier: string;
        /**
         * Format: date-time
         * @description A date and time.
         */
        Timestamp: string;
        /** @enum {string} */
        Owner: "store" | "organization";
        Timestamps: {
            updated_at: string;
            created_at: string;
        };
        /** @description Names an offering in a relationship (a JSON:API resource identifier). */
        OfferingIdentifier: {
            /** @constant */
            type: "subscription_offering";
            id: components["schemas"]["UUID"];
        };
        /** @description Names an offering plan in a relationship (a JSON:API resource identifier). */
        PlanIdentifier: {
            /** @constant */
            type: "subscription_offering_plan";
            id: components["schemas"]["UUID"];
        };
        /** @description Names an offering product in a relationship (a JSON:API resource identifier). */
        ProductIdentifier: {
            /** @constant */
            type: "subscription_offering_product";
            id: components["schemas"]["UUID"];
        };
        /**
         * Relationships
         * @description Links entities to each other. An anyOf with a title only in the interface; its inner shape is not shown,
         *     so the object stays open. The mock fills it JSON:API-style (decisions.md, Relationships): the
         *     subscription's offering and plan.
         */
        SubscriptionRelationships: {
            offering?: {
                data: components["schemas"]["OfferingIdentifier"];
            };
            plan?: {
                data: components["schemas"]["PlanIdentifier"];
            };
        };
        /**
         * Relationships
         * @description Links entities to each other; open, as the interface does not show its inner shape. The mock fills it
         *     with the offering's products and plans (decisions.md, Relationships).
         */
        OfferingRelationships: {
            products?: {
                data: components["schemas"]["ProductIdentifier"][];
            };
            plans?: {
                data: components["schemas"]["PlanIdentifier"][];
            };
        };
        /**
         * Relationships
         * @description Links entities to each other; open, as the interface does not show its inner shape. The mock fills it
         *     with the offering a product or plan belongs to (decisions.md, Relationships).
         */
        OfferingMemberRelationships: {
            offering?: {
                data: components["schemas"]["OfferingIdentifier"];
            };
        };
        PriceAmount: {
            /**
             * Format: int64
             * @description A whole number of the currency's smallest subdivision.
             */
            amount: number;
            includes_tax?: boolean;
        };
        /** @description Keyed by a currency code. */
        Price: {
            [key: string]: components["schemas"]["PriceAmount"];
        };
        DisplayPriceAmount: {
            /**
             * Format: int64
             * @description Unformatted amount in the currency's smallest subdivision.
             */
            amount: number;
            currency: string;
            formatted: string;
        };
        DisplayPrice: {
            without_tax?: components["schemas"]["DisplayPriceAmount"];
            with_tax?: components["schemas"]["DisplayPriceAmount"];
        };
        /** @description The timeframe the product price covers. */
        PriceUnits: {
            /** @enum {string} */
            unit: "day" | "month";
            amount: number;
        };
        /** @description How the subscription is paid; one alternative per gateway, told apart by `type`. */
        PaymentAuthority: components["schemas"]["ProviderPaymentsProcessor"];
        ProviderPaymentsProcessor: {
            /**
             * @description The payment gateway identifier (provider stands for the vendor name). (enum property replaced by openapi-typescript)
             * @enum {string}
             */
            type: "provider_payments_processor";
            /** @description The customer identifier at the gateway. */
            customer_id?: string;
            /** @description The card used to pay the subscription. */
            card_id?: string;
        };
        /** @description A subscription as responses carry it; `id` is always sent (decisions.md, Responses). */
        Subscription: {
            id: components["schemas"]["UUID"];
            /** @constant */
            type: "subscription";
            attributes: components["schemas"]["SubscriptionAttributes"];
            meta: components["schemas"]["SubscriptionMeta"];
        };
        SubscriptionAttributes: {
            external_ref?: components["schemas"]["ExternalRef"];
            account_id: components["schemas"]["UUID"];
            address_id?: components["schemas"]["UUID"];
            offering: components["schemas"]["Offering"];
            plan_id: components["schemas"]["UUID"];
            currency: components["schemas"]["CurrencyIdentifier"];
            payment_authority?: components["schemas"]["PaymentAuthority"];
            relationships?: components["schemas"]["SubscriptionRelationships"];
            /** @description The subscriber's name as given on create (not in the interface's response table). */
            name: string;
            /**
             * Format: email
             * @description The subscriber's email as given on create (not in the interface's response table).
             */
            email: string;
        };
        SubscriptionMeta: {
            owner: components["schemas"]["Owner"];
            timestamps: components["schemas"]["SubscriptionTimestamps"];
            /** @enum {string} */
            status: "active" | "inactive";
            state?: components["schemas"]["SubscriptionState"];
        };
        /**
         * @description Times as RFC 3339 date-times (the interface says "a date and time"; the format is a convention, so the
         *     mock refuses other spellings in request bodies and the kit only warns about them in responses).
         */
        SubscriptionTimestamps: {
            /** Format: date-time */
            updated_at: string;
            /** Format: date-time */
            created_at: string;
            /**
             * Format: date-time
             * @description When the subscription was cancelled.
             */
            canceled_at?: string;
            /**
             * Format: date-time
             * @description When the subscription was paused.
             */
            paused_at?: string;
            /**
             * Format: date-time
             * @description When the subscription was resumed.
             */
            resumed_at?: string;
            /**
             * Format: date-time
             * @description When the subscription will end.
             */
            end_date?: string;
            /**
             * Format: date-time
             * @description When the subscription will go live and become active.
             */
            go_live_after?: string;
            /**
             * Format: date-time
             * @description When the subscription was released from the pending state and made active.
             */
            go_live?: string;
        };
        SubscriptionState: {
            id?: components["schemas"]["UUID"];
            /** @constant */
            type: "subscription_state";
            attributes: {
                /** @enum {string} */
                action: "cancel" | "pause" | "resume" | "pending";
            };
            meta: components["schemas"]["StateMeta"];
        };
        StateMeta: {
            created_at: string;
            /** @description When true no payment gateway is used and a pending payment is created. */
            manual_payments: boolean;
            canceled: boolean;
            paused: boolean;
            closed: boolean;
            suspended: boolean;
            /** @description Awaiting activation. */
            pending: boolean;
            /** @description The time from which the subscription is eligible for a new invoice. */
            invoice_after: string;
        };
        Offering: {
            id: components["schemas"]["UUID"];
            /** @constant */
            type: "subscription_offering";
            attributes: components["schemas"]["OfferingAttributes"];
            relationships?: components["schemas"]["OfferingRelationships"];
            meta: components["schemas"]["OfferingMeta"];
        };
        OfferingAttributes: {
            external_ref?: components["schemas"]["ExternalRef"];
            name: string;
            description?: string;
            updated_at: string;
            created_at: string;
        };
        OfferingMeta: {
            external_product_refs: string[];
            owner: components["schemas"]["Owner"];
            timestamps: components["schemas"]["Timestamps"];
        };
        OfferingProduct: {
            id: components["schemas"]["UUID"];
            /** @constant */
            type: "subscription_offering_product";
            attributes: components["schemas"]["OfferingProductAttributes"];
            relationships?: components["schemas"]["OfferingMemberRelationships"];
            meta: {
                display_price?: components["schemas"]["DisplayPrice"];
                owner: components["schemas"]["Owner"];
                timestamps: components["schemas"]["Timestamps"];
            };
        };
        OfferingProductAttributes: {
            external_ref?: components["schemas"]["ExternalRef"];
            name: string;
            description?: string;
            sku?: string;
            /**
             * Format: uri
             * @description URL of an image or file, hosted by the files service or by any content delivery network.
             */
            main_image?: string;
            price?: components["schemas"]["Price"];
            price_units?: components["schemas"]["PriceUnits"];
            updated_at: string;
            created_at: string;
        };
        OfferingPlan: {
            id: components["schemas"]["UUID"];
            /** @constant */
            type: "subscription_offering_plan";
            attributes: components["schemas"]["OfferingPlanAttributes"];
            relationships?: components["schemas"]["OfferingMemberRelationships"];
            meta: {
                price?: components["schemas"]["Price"];
                display_price?: components["schemas"]["DisplayPrice"];
                /** @description Whether the plan is active on a subscription using the offering; null when it is not. */
                active_plan?: boolean | null;
                owner: components["schemas"]["Owner"];
                timestamps: components["schemas"]["Timestamps"];
            };
        };
        OfferingPlanAttributes: {
            external_ref?: components["schemas"]["ExternalRef"];
            name: string;
            description?: string;
            /**
             * @description Unit of time for billing intervals.
             * @enum {string}
             */
            billing_interval_type: "day" | "week" | "month" | "year";
            /** @description Number of intervals between bills. */
            billing_frequency: number;
            /** @description Intervals from subscription start before billing starts, in billing_interval_type units. */
            trial_period?: number;
            /** @description Number of intervals the subscription runs. */
            plan_length: number;
            /** @enum {string} */
            end_behavior: "close" | "roll";
            can_pause: boolean;
            can_resume: boolean;
            can_cancel: boolean;
            /**
             * Format: double
             * @description Percentage discount on the total cost of all repeat products in the offering.
             */
            base_price_percentage?: number;
            fixed_price?: components["schemas"]["Price"];
            updated_at: string;
            created_at: string;
        };
        CreateSubscriptionRequest: {
            data: components["schemas"]["BuildSubscription"];
        };
        /**
         * @description The flat creation body (decisions.md): manual_payments, name, email and pending sit directly in data.
         *     Open, as the vendor's BuildSubscription: a member not listed here is ignored and named in
         *     `X-Subcat-Ignored`; a mock started with `--strict` answers 400 naming it (decisions.md, Ignored input).
         */
        BuildSubscription: {
            external_ref?: components["schemas"]["ExternalRef"];
            account_id: components["schemas"]["UUID"];
            address_id?: components["schemas"]["UUID"];
            offering_id?: components["schemas"]["UUID"];
            plan_id?: components["schemas"]["UUID"];
            currency: components["schemas"]["CurrencyIdentifier"];
            payment_authority?: components["schemas"]["PaymentAuthority"];
            /** @description When true no gateway is used and a pending payment is created. */
            manual_payments: boolean;
            name: string;
            /** Format: email */
            email: string;
            /** @description Whether the subscription is pending activation. */
            pending?: boolean;
            offering?: components["schemas"]["BuildOffering"];
            meta?: components["schemas"]["BuildSubscriptionMeta"];
        };
        /**
         * @description SubscriptionMeta as a creation body takes it (interface.md: "same shape as in the response, including
         *     state"), with an upper bound on each time string the interface gives no limit (decisions.md, Bounds).
         */
        BuildSubscriptionMeta: components["schemas"]["SubscriptionMeta"] & {
            timestamps?: {
                updated_at?: components["schemas"]["TimeText"];
                created_at?: components["schemas"]["TimeText"];
                canceled_at?: components["schemas"]["TimeText"];
                paused_at?: components["schemas"]["TimeText"];
                resumed_at?: components["schemas"]["TimeText"];
                end_date?: components["schemas"]["TimeText"];
                go_live_after?: components["schemas"]["TimeText"];
                go_live?: components["schemas"]["TimeText"];
            };
            state?: {
                meta?: {
                    created_at?: components["schemas"]["TimeText"];
                    invoice_after?: components["schemas"]["TimeText"];
                };
            };
        };
        /** @description A time string in a request body; at most 64 characters (decisions.md, Bounds). */
        TimeText: string;
        /** @description An inline offering (OfferingAttributes in the interface) with its products and plans. */
        BuildOffering: {
            external_ref?: components["schemas"]["ExternalRef"];
            name: string;
            description?: string;
            /** @description At least one (interface.md); at most 100 (decisions.md, Bounds). */
            products: components["schemas"]["ProductAttributes"][];
            /** @description At least one (interface.md); at most 100 (decisions.md, Bounds). */
            plans: components["schemas"]["BuildPlan"][];
        };
        /** @description An offering product in the creation body. */
        ProductAttributes: {
            external_ref?: components["schemas"]["ExternalRef"];
            name: string;
            description?: string;
            sku?: string;
            /** Format: uri */
            main_image?: string;
            /**
             * @description At most 200 currencies, each amount a safe integer (at most 2^53 - 1 either way, so totals and tax
             *     stay exact; decisions.md, Bounds).
             */
            price?: components["schemas"]["Price"];
            price_units?: components["schemas"]["PriceUnits"];
        };
        /**
         * @description A plan in the creation body. The interface shows only the array (at least one element); the mock takes
         *     the plan attributes with their documented limits, and `meta.selected` marks the plan to subscribe to.
         */
        BuildPlan: {
            external_ref?: components["schemas"]["ExternalRef"];
            name: string;
            description?: string;
            /** @enum {string} */
            billing_interval_type: "day" | "week" | "month" | "year";
            billing_frequency: number;
            trial_period?: number;
            plan_length: number;
            /** @enum {string} */
            end_behavior: "close" | "roll";
            /** @description False when left out. */
            can_pause?: boolean;
            /** @description False when left out. */
            can_resume?: boolean;
            /** @description False when left out. */
            can_cancel?: boolean;
            /** Format: double */
            base_price_percentage?: number;
            /**
             * @description At most 200 currencies, each amount a safe integer (at most 2^53 - 1 either way, so totals and tax
             *     stay exact; decisions.md, Bounds).
             */
            fixed_price?: components["schemas"]["Price"];
            meta?: {
                /** @description The plan the new subscription starts on (else the first plan). */
                selected?: boolean;
            };
        };
        UpdateSubscriptionRequest: {
            data: components["schemas"]["UpdateSubscription"];
        };
        UpdateSubscription: {
            id: components["schemas"]["UUID"];
            /** @constant */
            type: "subscription";
            /** @description Only the attributes sent change. Which ones are required is not shown; none is. */
            attributes: {
                /**
                 * @description The plan to switch to, a plan of the subscription's offering. Its type and format are not shown in
                 *     the interface; the plan ids of responses are UUIDs, so this is one too (decisions.md, Create and
                 *     update).
                 */
                plan_id?: components["schemas"]["UUID"];
                /** @description The address; null clears it. */
                address_id?: components["schemas"]["UUID"] | null;
                payment_authority?: components["schemas"]["PaymentAuthority"];
                /**
                 * Format: date-time
                 * @description When the subscription will go live, an RFC 3339 date-time of at most 64 characters (both
                 *     conventions: decisions.md, Bounds); null clears it.
                 */
                go_live_after?: string | null;
            };
        };
        SubscriptionResponse: {
            data: components["schemas"]["Subscription"];
        };
        SubscriptionsListResponse: {
            /** @description Not in the interface for this operation; the same totals and page as node products (decisions.md, Paging). */
            meta: components["schemas"]["CollectionMeta"];
            data: components["schemas"]["Subscription"][];
            /** @description Present only when `include` asks for it, with only the asked keys (a convention). */
            included?: {
                products?: components["schemas"]["OfferingProduct"][];
                plans?: components["schemas"]["OfferingPlan"][];
            };
            links: components["schemas"]["SubscriptionLinks"];
        };
        /**
         * Links
         * @description An anyOf with a title only in the interface; its members are not shown. The mock sends
         *     self/first/last/prev/next as for node products (decisions.md, Paging).
         */
        SubscriptionLinks: components["schemas"]["PageLinks"];
        NodeProductsResponse: {
            meta: components["schemas"]["CollectionMeta"];
            data: components["schemas"]["NodeProduct"][];
            links: components["schemas"]["PageLinks"];
            included?: components["schemas"]["NodeProductsIncluded"];
        };
        /** @description Totals and the page; every member is always sent (decisions.md, Paging). */
        CollectionMeta: {
            results: {
                /**
                 * Format: int64
                 * @description Total results for the whole collection.
                 */
                total: number;
            };
            page: {
                /**
                 * Format: int64
                 * @description Maximum records for all pages.
                 */
                limit: number;
                /**
                 * Format: int64
                 * @description The current offset.
                 */
                offset: number;
                /**
                 * Format: int64
                 * @description The current page number.
                 */
                current: number;
                /**
                 * Format: int64
                 * @description Total for the collection.
                 */
                total: number;
            };
        };
        /**
         * @description First is always the first page; last, prev and next are null when there is only one page. Every member
         *     is always sent, null or not (decisions.md, Paging), and no link points past offset 10000.
         */
        PageLinks: {
            /** Format: uri */
            self: string | null;
            /** Format: uri */
            first: string | null;
            /** Format: uri */
            last: string | null;
            /** Format: uri */
            prev: string | null;
            /** Format: uri */
            next: string | null;
        };
        /** @description Filled when `include` asks for component_products, main_image or files (decisions.md). */
        NodeProductsIncluded: {
            component_products?: components["schemas"]["NodeProduct"][];
            main_images?: components["schemas"]["File"][];
            files?: components["schemas"]["File"][];
        };
        /** @description A file of the files service, as included with a product (shape chosen by the mock). */
        File: {
            id: components["schemas"]["UUID"];
            /** @enum {string} */
            type: "file";
            file_name?: string;
            mime_type?: string;
            file_size?: number;
            link?: {
                /** Format: uri */
                href?: string;
            };
            meta?: {
                timestamps?: {
                    created_at?: components["schemas"]["Timestamp"];
                };
            };
        };
        /** @description A live product linked to a node of a published catalog release. */
        NodeProduct: {
            id: components["schemas"]["UUID"];
            /** @constant */
            type: "product";
            attributes: components["schemas"]["NodeProductAttributes"];
            relationships?: components["schemas"]["NodeProductRelationships"];
            meta?: components["schemas"]["NodeProductMeta"];
        };
        NodeProductAttributes: {
            name?: string;
            description?: string;
            /** @description A unique stock keeping unit. */
            sku?: string;
            /** @description Used in URL paths; defaults to the product name. */
            slug?: string;
            /** @enum {string} */
            status?: "live" | "draft";
            /** @enum {string} */
            commodity_type?: "physical" | "digital";
            upc_ean?: string;
            manufacturer_part_num?: string;
            external_ref?: string | null;
            /** @description HTML-compatible characters without commas; stored in lowercase. */
            tags?: string[];
            /** @description Names of price modifiers. */
            price_modifiers?: string[];
            /** @description True for a parent product. */
            base_product?: boolean;
            /** @description The identifier of the parent product. */
            base_product_id?: string;
            /**
             * @description Shown with value true when curated; omitted otherwise.
             * @constant
             */
            curated_product?: true;
            /** Format: date-time */
            published_at?: string | null;
            created_at?: components["schemas"]["Timestamp"];
            updated_at?: components["schemas"]["Timestamp"];
            price?: components["schemas"]["CatalogPrice"];
            /** @description A price extension visible to shoppers. */
            shopper_attributes?: {
                [key: string]: string;
            };
            /** @description Keyed by tier name. */
            tiers?: {
                [key: string]: components["schemas"]["PriceTier"];
            };
            /** @description Keyed by component id. */
            components?: {
                [key: string]: components["schemas"]["BundleComponent"];
            };
            /** @description Keyed by input name. */
            custom_inputs?: {
                [key: string]: components["schemas"]["CustomInput"];
            };
            /** @description Keyed by template name; each holds that template's product attributes keyed by attribute name. */
            extensions?: {
                [key: string]: {
                    [key: string]: components["schemas"]["ExtensionValue"];
                };
            };
        };
        /**
         * @description A product attribute of a template. The interface does not show the attribute types; the mock sends
         *     scalars: text, numbers, true/false or null (decisions.md, Catalog).
         */
        ExtensionValue: string | number | boolean | null;
        /**
         * @description Empty when no variations exist. The interface does not show its inner shape; the mock nests one level per
         *     variation, keyed by option id, down to the id of the child product that has those options
         *     (decisions.md, Catalog), e.g. `{ "<size M>": { "<colour red>": "<child product id>" } }`.
         */
        VariationMatrix: {
            [key: string]: components["schemas"]["UUID"] | components["schemas"]["VariationMatrix"];
        };
        /** @description Keyed by currency code; each value is a list price in the lowest denomination. */
        CatalogPrice: {
            [key: string]: {
                /** Format: int64 */
                amount: number;
                includes_tax?: boolean;
            };
        };
        PriceTier: {
            minimum_quantity: number;
            price?: components["schemas"]["CatalogPrice"];
        };
        BundleComponent: {
            name?: string;
            min?: number | null;
            max?: number | null;
            sort_order?: number | null;
            options?: {
                id?: components["schemas"]["UUID"];
                /**
                 * @default product
                 * @enum {string}
                 */
                type: "product";
                quantity?: number;
                sort_order?: number | null;
                default?: boolean | null;
            }[];
        };
        CustomInput: {
            name?: string;
            validation_rules?: {
                /**
                 * @default string
                 * @enum {string}
                 */
                type: "string";
                options?: {
                    max_length?: number;
                };
            }[];
            required?: boolean | null;
        };
        ProductRef: {
            id?: components["schemas"]["UUID"];
            /** @constant */
            type?: "product";
        };
        NodeProductRelationships: {
            parent?: {
                data?: components["schemas"]["ProductRef"];
            };
            children?: {
                data?: components["schemas"]["ProductRef"][];
            };
            files?: {
                data?: {
                    /** @constant */
                    type?: "file";
                    id?: components["schemas"]["UUID"];
                    created_at?: components["schemas"]["Timestamp"];
                }[];
            };
            main_image?: {
                data?: {
                    /** @constant */
                    type?: "main_image";
                    id?: components["schemas"]["UUID"];
                };
            };
            component_products?: {
                data?: components["schemas"]["ProductRef"][];
            };
            links?: {
                self: string;
            };
        };
        CatalogDisplayPriceAmount: {
            amount?: number;
            currency?: string;
            formatted?: string;
        };
        CatalogDisplayPrice: {
            with_tax?: components["schemas"]["CatalogDisplayPriceAmount"];
            without_tax?: components["schemas"]["CatalogDisplayPriceAmount"];
        };
        /** @description Keyed by modifier name (unique, case-sensitive). */
        PriceModifiers: {
            [key: string]: {
                /**
                 * @description price_increment raises the price, price_decrement lowers it, price_equals sets it.
                 * @enum {string}
                 */
                modifier_type?: "price_increment" | "price_decrement" | "price_equals";
                currencies?: components["schemas"]["CatalogPrice"];
            };
        };
        TierPrices: {
            sale_id?: string;
            /** Format: date-time */
            sale_expires?: string | null;
            display_price?: components["schemas"]["CatalogDisplayPrice"];
            original_price?: components["schemas"]["CatalogPrice"];
            original_display_price?: components["schemas"]["CatalogDisplayPrice"];
        };
        ComponentProductPrices: {
            sale_id?: string;
            /** Format: date-time */
            sale_expires?: string | null;
            price?: components["schemas"]["CatalogPrice"];
            display_price?: components["schemas"]["CatalogDisplayPrice"];
            original_price?: components["schemas"]["CatalogPrice"];
            original_display_price?: components["schemas"]["CatalogDisplayPrice"];
            pricebook_id?: string | null;
            price_modifiers?: components["schemas"]["PriceModifiers"];
            tiers?: {
                [key: string]: components["schemas"]["TierPrices"];
            };
        };
        VariationOption: {
            id?: components["schemas"]["UUID"];
            name?: string;
            sort_order?: number | null;
            description?: string;
        };
        Variation: {
            id?: components["schemas"]["UUID"];
            name?: string;
            sort_order?: number | null;
            option?: components["schemas"]["VariationOption"];
            options?: components["schemas"]["VariationOption"][];
        };
        NodeProductMeta: {
            /** @description Keyed by node id; the parent node chains, up to 10 levels. */
            bread_crumbs?: {
                [key: string]: string[];
            };
            /** @description Parent node ids, up to 10 levels. */
            bread_crumb_nodes?: string[];
            catalog_id?: string;
            pricebook_id?: string | null;
            /** @enum {string} */
            catalog_source?: "pim";
            display_price?: components["schemas"]["CatalogDisplayPrice"];
            sale_id?: string;
            /** Format: date-time */
            sale_expires?: string | null;
            original_price?: components["schemas"]["CatalogPrice"];
            original_display_price?: components["schemas"]["CatalogDisplayPrice"];
            bundle_configuration?: {
                /** @description Keyed by component id; each value keyed by product id holds the quantity. */
                selected_options: {
                    [key: string]: {
                        [key: string]: number;
                    };
                };
                /** @description Keyed by product id. */
                component_products?: {
                    [key: string]: components["schemas"]["ComponentProductPrices"];
                };
            };
            price_modifiers?: components["schemas"]["PriceModifiers"];
            /** @description Keyed by tier name. */
            tiers?: {
                [key: string]: components["schemas"]["TierPrices"];
            };
            variation_matrix?: components["schemas"]["VariationMatrix"];
            /** @description Listed when the product has variations; omitted when it has none. */
            variations?: components["schemas"]["Variation"][];
            /** @description Variation option ids of a child product. */
            child_option_ids?: string[] | null;
            /** @description The variations that define a child product. */
            child_variations?: components["schemas"]["Variation"][] | null;
            product_types?: ("standard" | "parent" | "child" | "bundle")[];
            /** @description The storefront's preferred language and locale. */
            language?: string;
        };
        /**
         * @description JSON:API errors, one object per violation found, at most 50 per response; `meta.omitted` says how many
         *     more were found and left out (decisions.md, Error body).
         */
        Error: {
            errors: components["schemas"]["ErrorObject"][];
            /** @description Present when violations were left out. */
            meta?: {
                /** @description How many violations were found beyond the 50 listed. */
                omitted: number;
            };
        };
        ErrorObject: {
            status: string;
            title: string;
            detail: string;
            source?: {
                pointer?: string;
                parameter?: string;
                header?: string;
            };
        };
    };
    responses: {
        /** @description Malformed JSON, a schema violation in the body, a body past its bounds (nested more than 32 levels or holding more than 10,000 values; decisions.md, Bounds), or a bad query (filter, page, include). */
        BadRequest: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Unknown subscription. */
        NotFound: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Unknown catalog, release or node; or a release that is no longer published. */
        CatalogNotFound: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description `data.id` differs from the path id, or `data.type` is not `subscription`. */
        Conflict: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The body is over the size limit (1 MiB by default). */
        PayloadTooLarge: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The request body is not JSON. */
        UnsupportedMediaType: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
    };
    parameters: {
        /** @description The subscription's id. */
        SubscriptionUuid: components["schemas"]["UUID"];
        /** @description The catalog's id. */
        CatalogId: string;
        /**
         * @description The id of a published release, or `latest` for the most recently published release; `latestPublished`,
         *     the vendor's word for it, is an alias of `latest` (decisions.md, Vendor aliases).
         */
        ReleaseId: string;
        /** @description The hierarchy node's id. */
        NodeId: string;
        /**
         * @description Zero-based offset, counted in records, not pages; at most 10000. Records past offset 10000 are reached
         *     by narrowing the list with `filter` until it fits under the cap; `links` never point past it
         *     (decisions.md, Paging).
         */
        PageOffset: number;
        /** @description Records per page; the store's page length applies when unset (25 in the mock). */
        PageLimit: number;
        /** @description Records per page, at least 1; the store's page length applies when unset (25 in the mock). */
        NodePageLimit: number;
        /** @description Resources to include under `included`, comma-separated `plans`, `products` or both. */
        SubscriptionInclude: string;
        /** @description Any subset of `component_products`, `main_image`, `files`, comma-separated. */
        NodeProductInclude: string;
        /**
         * @description `eq` on account_id, name, email, external_ref; several expressions joined by `:` mean AND
         *     (grammar in decisions.md), e.g. `eq(account_id,5f0c...):eq(email,a@b.co)`.
         */
        SubscriptionFilter: string;
        /** @description A filter string; its purpose on this operation is not shown in the interface. The mock ignores it. */
        CreateFilter: string;
        /**
         * @description `eq` on name, sku, slug, manufacturer_part_num, upc_ean, product_types, tags (one value for product_types
         *     and tags); `in` on id and the same attributes. Joined by `:` (AND). `in(id, ...)` returns the listed ids
         *     ordered by last update.
         */
        NodeProductFilter: string;
        /** @description The shopper's preferred language and locale (the mock supports at least en-US, fr-FR, de-DE). */
        AcceptLanguage: string;
    };
    requestBodies: never;
    headers: {
        /**
         * @description What the mock ignored in the request, as the vendor would (decisions.md, Ignored input): `kind=name`
         *     items, comma-separated, in request order, each once, e.g. `parameter=sort, include=pricing_options,
         *     member=/data/coupon`; absent when nothing was ignored. A convention of the mock, not of the contract.
         */
        SubcatIgnored: string;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    listSubscriptions: {
        parameters: {
            query?: {
                /**
                 * @description Zero-based offset, counted in records, not pages; at most 10000. Records past offset 10000 are reached
                 *     by narrowing the list with `filter` until it fits under the cap; `links` never point past it
                 *     (decisions.md, Paging).
                 */
                "page[offset]"?: components["parameters"]["PageOffset"];
                /** @description Records per page; the store's page length applies when unset (25 in the mock). */
                "page[limit]"?: components["parameters"]["PageLimit"];
                /** @description Resources to include under `included`, comma-separated `plans`, `products` or both. */
                include?: components["parameters"]["SubscriptionInclude"];
                /**
                 * @description `eq` on account_id, name, email, external_ref; several expressions joined by `:` mean AND
                 *     (grammar in decisions.md), e.g. `eq(account_id,5f0c...):eq(email,a@b.co)`.
                 */
                filter?: components["parameters"]["SubscriptionFilter"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of subscriptions, with the asked-for plans and products under `included`. */
            200: {
                headers: {
                    "X-Subcat-Ignored": components["headers"]["SubcatIgnored"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SubscriptionsListResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
        };
    };
    createSubscription: {
        parameters: {
            query?: {
                /** @description A filter string; its purpose on this operation is not shown in the interface. The mock ignores it. */
                filter?: components["parameters"]["CreateFilter"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateSubscriptionRequest"];
            };
        };
        responses: {
            /** @description The subscription is created. The numeric code is a convention (not shown in the interface). */
            201: {
                headers: {
                    "X-Subcat-Ignored": components["headers"]["SubcatIgnored"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SubscriptionResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    updateSubscription: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The subscription's id. */
                subscription_uuid: components["parameters"]["SubscriptionUuid"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateSubscriptionRequest"];
            };
        };
        responses: {
            /** @description The subscription is updated; the whole subscription is returned. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SubscriptionResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    getNodeProducts: {
        parameters: {
            query?: {
                /**
                 * @description `eq` on name, sku, slug, manufacturer_part_num, upc_ean, product_types, tags (one value for product_types
                 *     and tags); `in` on id and the same attributes. Joined by `:` (AND). `in(id, ...)` returns the listed ids
                 *     ordered by last update.
                 */
                filter?: components["parameters"]["NodeProductFilter"];
                /** @description Records per page, at least 1; the store's page length applies when unset (25 in the mock). */
                "page[limit]"?: components["parameters"]["NodePageLimit"];
                /**
                 * @description Zero-based offset, counted in records, not pages; at most 10000. Records past offset 10000 are reached
                 *     by narrowing the list with `filter` until it fits under the cap; `links` never point past it
                 *     (decisions.md, Paging).
                 */
                "page[offset]"?: components["parameters"]["PageOffset"];
                /** @description Any subset of `component_products`, `main_image`, `files`, comma-separated. */
                include?: components["parameters"]["NodeProductInclude"];
            };
            header?: {
                /** @description The shopper's preferred language and locale (the mock supports at least en-US, fr-FR, de-DE). */
                "accept-language"?: components["parameters"]["AcceptLanguage"];
            };
            path: {
                /** @description The catalog's id. */
                catalog_id: components["parameters"]["CatalogId"];
                /**
                 * @description The id of a published release, or `latest` for the most recently published release; `latestPublished`,
                 *     the vendor's word for it, is an alias of `latest` (decisions.md, Vendor aliases).
                 */
                release_id: components["parameters"]["ReleaseId"];
                /** @description The hierarchy node's id. */
                node_id: components["parameters"]["NodeId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the node's live products. */
            200: {
                headers: {
                    /** @description The language chosen from `accept-language` (a convention). */
                    "Content-Language"?: string;
                    "X-Subcat-Ignored": components["headers"]["SubcatIgnored"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NodeProductsResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["CatalogNotFound"];
        };
    };
}
