// Generated from Canopy by packages/client/scripts/generate.mjs: do not edit.
// Regenerate with `npm run client:generate` at the repository root.

export interface paths {
    "/v2/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve the token making the request
         * @description **Scope:** any; every valid token may call it.
         */
        get: operations["getMe"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/company": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve the company, its plan and its tree totals
         * @description **Scope:** `company:read`
         */
        get: operations["getCompany"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/allocations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List allocations, newest first
         * @description **Scope:** `allocations:read`
         */
        get: operations["listAllocations"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/allocations/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve an allocation
         * @description **Scope:** `allocations:read`
         */
        get: operations["getAllocation"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/plantings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the plantings that hold the company's trees, newest first
         * @description **Scope:** `plantings:read`
         */
        get: operations["listPlantings"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/plantings/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve a planting with its proof dossier
         * @description **Scope:** `plantings:read`
         */
        get: operations["getPlanting"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/projects": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the projects that hold the company's trees, newest first
         * @description **Scope:** `projects:read`
         */
        get: operations["listProjects"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/projects/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve a project
         * @description **Scope:** `projects:read`
         */
        get: operations["getProject"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/projects/{id}/verifications": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a project's verification statements, newest first
         * @description **Scope:** `projects:read`
         */
        get: operations["listProjectVerifications"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/projects/{id}/monitoring": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List measurements of a project and its plantings, newest first
         * @description **Scope:** `projects:read`
         */
        get: operations["listProjectMonitoring"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/recipients": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List recipients, newest first
         * @description **Scope:** `recipients:read`
         */
        get: operations["listRecipients"];
        put?: never;
        /**
         * Give trees to a person: they come from your oldest unassigned trees, and a certificate follows
         * @description **Scope:** `recipients:write`
         *
         *     Needs an Idempotency-Key header. The answer has certificate: null; certificate.created announces it moments later.
         */
        post: operations["createRecipient"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/recipients/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve a recipient with its certificate
         * @description **Scope:** `recipients:read`
         */
        get: operations["getRecipient"];
        put?: never;
        post?: never;
        /**
         * Delete a recipient: personal data and certificate removed, trees back to unassigned
         * @description **Scope:** `recipients:write`
         */
        delete: operations["deleteRecipient"];
        options?: never;
        head?: never;
        /**
         * Change a recipient; a new name, language or message reissues its certificate
         * @description **Scope:** `recipients:write`
         */
        patch: operations["updateRecipient"];
        trace?: never;
    };
    "/v2/gift-codes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List gift codes, newest first
         * @description **Scope:** `gift-codes:read`
         */
        get: operations["listGiftCodes"];
        put?: never;
        /**
         * Reserve trees behind a code that a person claims on the public claim page
         * @description **Scope:** `gift-codes:write`
         *
         *     Needs an Idempotency-Key header. The trees come from your oldest unassigned trees; hand the code or claim_url out yourself (Canopy does not email it).
         */
        post: operations["createGiftCode"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/gift-codes/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve a gift code, with its recipient once claimed
         * @description **Scope:** `gift-codes:read`
         */
        get: operations["getGiftCode"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/gift-codes/{id}/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Revoke an open gift code: its trees return to your unassigned trees
         * @description **Scope:** `gift-codes:write`
         *
         *     Only an open code can be revoked (409 gift_code_not_open otherwise). To take back the trees of a claimed code, delete its recipient. With `remove_personal_data: true` its `sent_to` is erased as well; on a code already revoked or expired that erases `sent_to` alone.
         */
        post: operations["revokeGiftCode"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/certificates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List certificates, the company certificate and personal ones, newest first
         * @description **Scope:** `certificates:read`
         */
        get: operations["listCertificates"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/certificates/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve a certificate, with a fresh signed download_url
         * @description **Scope:** `certificates:read`
         */
        get: operations["getCertificate"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/exports/plantings.geojson": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Export the company's plantings as GeoJSON, for an audit
         * @description **Scope:** `plantings:read`
         *
         *     One feature per planting holding the company's trees, with its polygon, the company's trees by status, the latest survival measurement, the verification and photo URLs; an `as_of` and, as the last member, the SHA-256 of everything before it. Streamed: any size of company.
         */
        get: operations["exportPlantingsGeoJson"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/exports/plantings.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Export the company's plantings as CSV, for an audit
         * @description **Scope:** `plantings:read`
         *
         *     The rows of the GeoJSON export, one per planting, with `as_of` in every row. Streamed; the SHA-256 of the body follows it as an HTTP trailer.
         */
        get: operations["exportPlantingsCsv"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/webhook-endpoints": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the company's webhook endpoints
         * @description **Scope:** `webhooks:manage`
         */
        get: operations["listWebhookEndpoints"];
        put?: never;
        /**
         * Add an endpoint; the answer holds its signing secret, shown this once
         * @description **Scope:** `webhooks:manage`
         *
         *     The url must be https and its host must resolve to public addresses only (400 webhook_url_refused otherwise). A test token makes a test endpoint, which gets test events only.
         */
        post: operations["createWebhookEndpoint"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/webhook-endpoints/{id}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Make a new signing secret; the old one keeps signing beside it for expires_in seconds (a day)
         * @description **Scope:** `webhooks:manage`
         */
        post: operations["rotateWebhookEndpointSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/webhook-endpoints/{id}/recover": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send again what failed to this endpoint since a time, and what it missed while switched off
         * @description **Scope:** `webhooks:manage`
         *
         *     Queues, due now, every delivery to this endpoint of an event created at or after `since` (within the event log's 30 days, else 400 parameter_invalid; the whole log when left out) that failed, and every event since then that it never got because it was switched off (of the types it takes now). A delivery already pending is left as it is, so calling it twice queues nothing twice. A disabled endpoint is refused (409 webhook_endpoint_disabled): switch it on with PATCH status: enabled and recover_since.
         */
        post: operations["recoverWebhookEndpoint"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/webhook-endpoints/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve an endpoint (never its secret)
         * @description **Scope:** `webhooks:manage`
         */
        get: operations["getWebhookEndpoint"];
        put?: never;
        post?: never;
        /**
         * Delete an endpoint and its pending deliveries
         * @description **Scope:** `webhooks:manage`
         */
        delete: operations["deleteWebhookEndpoint"];
        options?: never;
        head?: never;
        /**
         * Change an endpoint; status enabled switches a disabled one on again
         * @description **Scope:** `webhooks:manage`
         *
         *     With status enabled, recover_since also sends, due now, what failed or the endpoint missed while it was off since that time (see recover). recover_since without status enabled, or before the event log's 30 days, is refused (400 parameter_invalid).
         */
        patch: operations["updateWebhookEndpoint"];
        trace?: never;
    };
    "/v2/event-types": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the event types Canopy sends, each with a description and a sample event
         * @description **Scope:** any; every valid token may call it.
         *
         *     The nine types, in one page. Each sample has the shape GET /v2/events/{id} answers, in the mode of the token, and as the token may read it (a recipient without names and email to a token without recipients:read).
         */
        get: operations["listEventTypes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List events of the last 30 days, newest first, with their delivery state
         * @description **Scope:** `events:read`
         */
        get: operations["listEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/events/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve an event
         * @description **Scope:** `events:read`
         */
        get: operations["getEvent"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/events/{id}/redeliver": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send an event again, now, to one endpoint or to every endpoint that takes its type
         * @description **Scope:** `webhooks:manage`
         *
         *     Answers 200 with the event and its deliveries, the new ones pending. A disabled endpoint named in `endpoint` is refused (409 webhook_endpoint_disabled).
         */
        post: operations["redeliverEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/test_helpers/allocations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a pledged test allocation on a test planting (allocation.created)
         * @description **Scope:** `allocations:read`
         */
        post: operations["testHelperCreateAllocation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/test_helpers/allocations/{id}/plant": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Complete the test planting so the allocation is planted (allocation.planted)
         * @description **Scope:** `allocations:read`
         */
        post: operations["testHelperPlantAllocation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/test_helpers/allocations/{id}/monitor": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Record a measurement so the allocation is monitored (allocation.monitored, planting.updated)
         * @description **Scope:** `allocations:read`
         */
        post: operations["testHelperMonitorAllocation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/test_helpers/allocations/{id}/change_trees": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Change the allocation's number of trees, as a refund would (allocation.updated)
         * @description **Scope:** `allocations:read`
         */
        post: operations["testHelperChangeAllocationTrees"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/test_helpers/projects/{id}/verifications": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Publish a test verification statement for a project (verification.published)
         * @description **Scope:** `projects:read`
         */
        post: operations["testHelperPublishVerification"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/test_helpers/gift_codes/{id}/claim": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Claim a test gift code as a person on the claim page would (recipient.created, recipient.claimed, certificate.created)
         * @description **Scope:** `gift-codes:write`
         *
         *     Two claims of one code at once behave as on the page: one wins, the other gets 409 gift_code_not_open. Never sends email.
         */
        post: operations["testHelperClaimGiftCode"];
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
         * @description The one error shape of the API; see docs/errors.md for every code.
         * @example {
         *       "error": {
         *         "type": "invalid_request_error",
         *         "code": "no_trees_available",
         *         "message": "Only 8 unassigned trees are available; 10 were asked for (company cmp_ECcNQf2suOoOOsgAwpIYiIP9, project \"Mount Kenya Montane Forest Restoration\").",
         *         "param": "trees",
         *         "doc_url": "http://127.0.0.1:3000/docs/errors#no_trees_available",
         *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
         *       }
         *     }
         */
        Error: {
            error: {
                type: string;
                code: string;
                message: string;
                param: string | null;
                doc_url: string;
                request_id: string;
            } & {
                [key: string]: unknown;
            };
        };
        /**
         * @description The token making the request.
         * @example {
         *       "object": "token",
         *       "name": "Order system (live)",
         *       "livemode": true,
         *       "scopes": [
         *         "company:read",
         *         "allocations:read",
         *         "plantings:read",
         *         "projects:read",
         *         "recipients:read",
         *         "recipients:write",
         *         "gift-codes:read",
         *         "gift-codes:write",
         *         "certificates:read",
         *         "events:read"
         *       ],
         *       "expires_at": "2026-12-31T23:59:59Z",
         *       "ip_allowlist": [
         *         "203.0.113.0/24"
         *       ],
         *       "company": {
         *         "id": "cmp_ECcNQf2suOoOOsgAwpIYiIP9",
         *         "object": "company",
         *         "name": "Fairbrook Coffee Roasters",
         *         "slug": "fairbrook-coffee"
         *       },
         *       "owner": {
         *         "object": "user",
         *         "name": "Maya de Vries",
         *         "email": "maya.devries@example.com"
         *       },
         *       "rate_limits": {
         *         "per_token_per_minute": 600,
         *         "per_company_per_minute": 1200,
         *         "writes_per_company_per_minute": 120
         *       }
         *     }
         */
        Token: {
            /** @enum {string} */
            object: "token";
            name: string;
            livemode: boolean;
            scopes: ("company:read" | "allocations:read" | "plantings:read" | "projects:read" | "recipients:read" | "recipients:write" | "gift-codes:read" | "gift-codes:write" | "certificates:read" | "webhooks:manage" | "events:read")[];
            expires_at: string | null;
            ip_allowlist: string[];
            company: {
                id: string;
                /** @enum {string} */
                object: "company";
                name: string;
                slug: string;
            };
            owner: {
                /** @enum {string} */
                object: "user";
                name: string;
                email: string;
            };
            rate_limits: {
                per_token_per_minute: number;
                per_company_per_minute: number;
                writes_per_company_per_minute: number;
            };
        };
        /**
         * @example {
         *       "id": "cmp_ECcNQf2suOoOOsgAwpIYiIP9",
         *       "object": "company",
         *       "livemode": true,
         *       "name": "Fairbrook Coffee Roasters",
         *       "slug": "fairbrook-coffee",
         *       "status": "active",
         *       "plan": "automate",
         *       "country": "NL",
         *       "website_url": "https://fairbrook-coffee.example",
         *       "logo_url": "http://127.0.0.1:3000/impact/fairbrook-coffee/logo.svg",
         *       "public_page_url": "http://127.0.0.1:3000/impact/fairbrook-coffee",
         *       "trees": {
         *         "total": 5895,
         *         "pledged": 1450,
         *         "planted": 1295,
         *         "monitored": 3150
         *       },
         *       "trees_unassigned": 5842,
         *       "counts": {
         *         "projects": 3,
         *         "plantings": 9,
         *         "recipients": 7,
         *         "certificates": 8
         *       },
         *       "first_contribution_at": "2026-01-14T09:30:00Z",
         *       "created_at": "2026-01-08T16:02:00Z",
         *       "updated_at": "2026-11-20T09:55:00Z"
         *     }
         */
        Company: {
            id: string;
            /** @enum {string} */
            object: "company";
            livemode: boolean;
            name: string;
            slug: string;
            /**
             * @description active, suspended or closed
             * @enum {string}
             */
            status: "active" | "suspended" | "closed";
            /**
             * @description starter, grow or automate
             * @enum {string}
             */
            plan: "starter" | "grow" | "automate";
            country: string | null;
            website_url: string | null;
            /**
             * Format: uri
             * @description The company's logo, or one of its initials generated by Canopy.
             */
            logo_url: string;
            /** Format: uri */
            public_page_url: string;
            trees: {
                total: number;
                pledged: number;
                planted: number;
                monitored: number;
            };
            trees_unassigned: number;
            counts: {
                projects: number;
                plantings: number;
                recipients: number;
                certificates: number;
            };
            first_contribution_at: string | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        /**
         * @description Trees from one planting assigned to the company.
         * @example {
         *       "id": "alloc_db5w2HYItbI9C9wXsPYeZW2q",
         *       "object": "allocation",
         *       "livemode": true,
         *       "trees": 10,
         *       "status": "monitored",
         *       "source": "foundation",
         *       "planting": "plt_lvYQqGL9TMknwnJNH6nysbCj",
         *       "project": "prj_K2zzSxxnF1eKUpTXYgwMzqHx",
         *       "recipient": "rcp_2H7sCB2jZ5uK8pRA2pocvvDv",
         *       "certificate": "cert_2xNh4yblVdHnOm27ZrE2ke02",
         *       "allocated_at": "2026-02-10T09:30:00Z",
         *       "planted_at": "2026-04-14",
         *       "legacy_tree_ids": [],
         *       "legacy_order_id": null,
         *       "created_at": "2026-11-17T09:50:31Z",
         *       "updated_at": "2026-11-17T09:50:31Z"
         *     }
         */
        Allocation: {
            id: string;
            /** @enum {string} */
            object: "allocation";
            livemode: boolean;
            trees: number;
            /** @enum {string} */
            status: "pledged" | "planted" | "monitored";
            /** @enum {string} */
            source: "foundation" | "legacy";
            /** @description plt_ id, or the Planting object when expanded */
            planting: string | components["schemas"]["Planting"];
            /** @description prj_ id, or the Project object when expanded */
            project: string | components["schemas"]["Project"];
            recipient: (string | components["schemas"]["Recipient"]) | null;
            certificate: string | null;
            /** Format: date-time */
            allocated_at: string;
            planted_at: string | null;
            legacy_tree_ids: string[];
            legacy_order_id: string | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        /**
         * @description A batch of trees planted by a planting partner, with its proof dossier.
         * @example {
         *       "id": "plt_lvYQqGL9TMknwnJNH6nysbCj",
         *       "object": "planting",
         *       "livemode": true,
         *       "project": "prj_K2zzSxxnF1eKUpTXYgwMzqHx",
         *       "partner": "ptn_APXrSLU0FhEQBKuzK8UXgrsq",
         *       "source": "foundation",
         *       "planted_at": "2026-04-14",
         *       "trees": 12000,
         *       "trees_for_company": 1045,
         *       "species": [
         *         {
         *           "name_latin": "Prunus africana",
         *           "name_common": "African cherry",
         *           "trees": 4800
         *         },
         *         {
         *           "name_latin": "Juniperus procera",
         *           "name_common": "African pencil cedar",
         *           "trees": 3000
         *         },
         *         {
         *           "name_latin": "Podocarpus latifolius",
         *           "name_common": "Real yellowwood",
         *           "trees": 2400
         *         },
         *         {
         *           "name_latin": "Croton megalocarpus",
         *           "name_common": "Croton",
         *           "trees": 1800
         *         }
         *       ],
         *       "location": {
         *         "latitude": -0.372,
         *         "longitude": 37.031
         *       },
         *       "geometry": {
         *         "type": "Polygon",
         *         "coordinates": [
         *           [
         *             [
         *               37.025,
         *               -0.378
         *             ],
         *             [
         *               37.037,
         *               -0.378
         *             ],
         *             [
         *               37.037,
         *               -0.366
         *             ],
         *             [
         *               37.025,
         *               -0.366
         *             ],
         *             [
         *               37.025,
         *               -0.378
         *             ]
         *           ]
         *         ]
         *       },
         *       "photos": [
         *         {
         *           "url": "https://media.demo.canopy.example/kenya/kabaru-planting-day.jpg",
         *           "caption": "Planting day with the Kabaru farmers group",
         *           "taken_at": "2026-04-14",
         *           "credit": "Green Belt Restoration Trust"
         *         },
         *         {
         *           "url": "https://media.demo.canopy.example/kenya/kabaru-six-months.jpg",
         *           "caption": "Six months later: the first saplings above the grass",
         *           "taken_at": "2026-10-20",
         *           "credit": "Green Belt Restoration Trust"
         *         }
         *       ],
         *       "planting_method": "seedlings",
         *       "notes": "Planted at the start of the long rains on former grazing land.",
         *       "latest_monitoring": {
         *         "id": "mon_v9UF8kF6JMvBiTCMbkAhGdOT",
         *         "object": "monitoring",
         *         "livemode": true,
         *         "planting": "plt_lvYQqGL9TMknwnJNH6nysbCj",
         *         "project": "prj_K2zzSxxnF1eKUpTXYgwMzqHx",
         *         "recorded_at": "2026-10-20",
         *         "survival_rate": 0.91,
         *         "trees_alive": 10920,
         *         "method": "sample_plot_count",
         *         "photos": [
         *           {
         *             "url": "https://media.demo.canopy.example/kenya/kabaru-six-months.jpg",
         *             "caption": "Six months later: the first saplings above the grass",
         *             "taken_at": "2026-10-20",
         *             "credit": "Green Belt Restoration Trust"
         *           }
         *         ],
         *         "notes": "Some losses after a dry spell in August."
         *       },
         *       "verification": {
         *         "status": "verified",
         *         "latest": {
         *           "id": "ver_UXcMILJFbi8xIvSBwQOO1Exq",
         *           "object": "verification",
         *           "livemode": true,
         *           "project": "prj_K2zzSxxnF1eKUpTXYgwMzqHx",
         *           "period_start": "2025-09-01",
         *           "period_end": "2026-08-31",
         *           "verifier_name": "EcoAudit East Africa",
         *           "verifier_website_url": "https://ecoaudit-ea.example.org",
         *           "document_url": "https://media.demo.canopy.example/verifications/mount-kenya-2025.pdf",
         *           "summary": "Field audit of 40 sample plots confirms planting records and survival figures.",
         *           "trees_verified": 27000,
         *           "published_at": "2026-09-15T10:00:00Z"
         *         }
         *       },
         *       "created_at": "2026-01-20T07:45:00Z",
         *       "updated_at": "2026-10-21T06:10:00Z"
         *     }
         */
        Planting: {
            id: string;
            /** @enum {string} */
            object: "planting";
            /** @description The mode of the token that reads it. A project, and live proof, belong to both modes: a test token sees them with livemode false. */
            livemode: boolean;
            /** @description prj_ id, or the Project object when expanded */
            project: string | components["schemas"]["Project"];
            /** @description ptn_ id, or the PlantingPartner object when expanded */
            partner: string | components["schemas"]["PlantingPartner"];
            /** @enum {string} */
            source: "foundation" | "legacy";
            planted_at: string | null;
            /** @description All trees of the planting. */
            trees: number;
            /** @description The calling company's trees in this planting. */
            trees_for_company: number;
            species: {
                name_latin: string;
                name_common: string;
                trees: number | null;
            }[];
            location: {
                latitude: number;
                longitude: number;
            } | null;
            geometry: {
                /** @enum {string} */
                type: "Polygon";
                /** @description Rings of [longitude, latitude] positions (GeoJSON). */
                coordinates: number[][][];
            } | null;
            photos: {
                url: string;
                caption: string | null;
                /** Format: date */
                taken_at: string;
                credit: string | null;
            }[];
            planting_method: string | null;
            notes: string | null;
            latest_monitoring: components["schemas"]["Monitoring"] | null;
            verification: {
                /**
                 * @description verified once the project has a published verification statement
                 * @enum {string}
                 */
                status: "verified" | "unverified";
                latest: components["schemas"]["Verification"] | null;
            };
            /** Format: date-time */
            created_at: string;
            /**
             * Format: date-time
             * @description Also moves when the dossier grows.
             */
            updated_at: string;
        };
        /**
         * @description The organisation that plants the trees.
         * @example {
         *       "id": "ptn_APXrSLU0FhEQBKuzK8UXgrsq",
         *       "object": "planting_partner",
         *       "name": "Green Belt Restoration Trust",
         *       "country": "KE",
         *       "website_url": "https://greenbelt-trust.example.org"
         *     }
         */
        PlantingPartner: {
            id: string;
            /** @enum {string} */
            object: "planting_partner";
            name: string;
            country: string | null;
            website_url: string | null;
        };
        /**
         * @example {
         *       "id": "prj_K2zzSxxnF1eKUpTXYgwMzqHx",
         *       "object": "project",
         *       "livemode": true,
         *       "name": "Mount Kenya Montane Forest Restoration",
         *       "description": "Smallholder farmers and community nurseries restore degraded montane forest on the western slopes of Mount Kenya, reconnecting forest fragments that protect the water supply of Nyeri.",
         *       "country": "KE",
         *       "region": "Nyeri County",
         *       "status": "active",
         *       "ecosystem_type": "tropical_montane_forest",
         *       "partner": "ptn_APXrSLU0FhEQBKuzK8UXgrsq",
         *       "started_at": "2024-09-02",
         *       "location": {
         *         "latitude": -0.385,
         *         "longitude": 37.045
         *       },
         *       "geometry": {
         *         "type": "Polygon",
         *         "coordinates": [
         *           [
         *             [
         *               37.015,
         *               -0.415
         *             ],
         *             [
         *               37.075,
         *               -0.415
         *             ],
         *             [
         *               37.075,
         *               -0.355
         *             ],
         *             [
         *               37.015,
         *               -0.355
         *             ],
         *             [
         *               37.015,
         *               -0.415
         *             ]
         *           ]
         *         ]
         *       },
         *       "photos": [
         *         {
         *           "url": "https://media.demo.canopy.example/kenya/nursery-kabaru.jpg",
         *           "caption": "Seedlings in the community nursery at Kabaru",
         *           "taken_at": "2026-02-03",
         *           "credit": "Green Belt Restoration Trust"
         *         }
         *       ],
         *       "default_species": [
         *         {
         *           "name_latin": "Prunus africana",
         *           "name_common": "African cherry",
         *           "trees": null
         *         },
         *         {
         *           "name_latin": "Juniperus procera",
         *           "name_common": "African pencil cedar",
         *           "trees": null
         *         },
         *         {
         *           "name_latin": "Podocarpus latifolius",
         *           "name_common": "Real yellowwood",
         *           "trees": null
         *         },
         *         {
         *           "name_latin": "Croton megalocarpus",
         *           "name_common": "Croton",
         *           "trees": null
         *         }
         *       ],
         *       "sdg_goals": [
         *         6,
         *         13,
         *         15
         *       ],
         *       "trees": {
         *         "total": 3020,
         *         "pledged": 895,
         *         "planted": 465,
         *         "monitored": 1660
         *       },
         *       "verification": {
         *         "status": "verified",
         *         "latest": {
         *           "id": "ver_UXcMILJFbi8xIvSBwQOO1Exq",
         *           "object": "verification",
         *           "livemode": true,
         *           "project": "prj_K2zzSxxnF1eKUpTXYgwMzqHx",
         *           "period_start": "2025-09-01",
         *           "period_end": "2026-08-31",
         *           "verifier_name": "EcoAudit East Africa",
         *           "verifier_website_url": "https://ecoaudit-ea.example.org",
         *           "document_url": "https://media.demo.canopy.example/verifications/mount-kenya-2025.pdf",
         *           "summary": "Field audit of 40 sample plots confirms planting records and survival figures.",
         *           "trees_verified": 27000,
         *           "published_at": "2026-09-15T10:00:00Z"
         *         }
         *       },
         *       "foundation_url": "https://foundation.canopy.example/projects/mount-kenya",
         *       "created_at": "2026-01-12T08:30:00Z",
         *       "updated_at": "2026-09-15T10:00:00Z"
         *     }
         */
        Project: {
            id: string;
            /** @enum {string} */
            object: "project";
            /** @description The mode of the token that reads it. A project, and live proof, belong to both modes: a test token sees them with livemode false. */
            livemode: boolean;
            name: string;
            description: string;
            /** @description ISO 3166-1 alpha-2 */
            country: string;
            region: string;
            /**
             * @description planned, active or completed
             * @enum {string}
             */
            status: "planned" | "active" | "completed";
            ecosystem_type: string;
            /** @description ptn_ id, or the PlantingPartner object when expanded */
            partner: string | components["schemas"]["PlantingPartner"];
            started_at: string | null;
            location: {
                latitude: number;
                longitude: number;
            } | null;
            geometry: {
                /** @enum {string} */
                type: "Polygon";
                /** @description Rings of [longitude, latitude] positions (GeoJSON). */
                coordinates: number[][][];
            } | null;
            photos: {
                url: string;
                caption: string | null;
                /** Format: date */
                taken_at: string;
                credit: string | null;
            }[];
            default_species: {
                name_latin: string;
                name_common: string;
                trees: number | null;
            }[];
            sdg_goals: number[];
            /** @description The calling company's own trees in the project. */
            trees: {
                total: number;
                pledged: number;
                planted: number;
                monitored: number;
            };
            verification: {
                /**
                 * @description verified once the project has a published verification statement
                 * @enum {string}
                 */
                status: "verified" | "unverified";
                latest: components["schemas"]["Verification"] | null;
            };
            foundation_url: string | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        /**
         * @description A survival measurement of a planting or of a whole project.
         * @example {
         *       "id": "mon_v9UF8kF6JMvBiTCMbkAhGdOT",
         *       "object": "monitoring",
         *       "livemode": true,
         *       "planting": "plt_lvYQqGL9TMknwnJNH6nysbCj",
         *       "project": "prj_K2zzSxxnF1eKUpTXYgwMzqHx",
         *       "recorded_at": "2026-10-20",
         *       "survival_rate": 0.91,
         *       "trees_alive": 10920,
         *       "method": "sample_plot_count",
         *       "photos": [
         *         {
         *           "url": "https://media.demo.canopy.example/kenya/kabaru-six-months.jpg",
         *           "caption": "Six months later: the first saplings above the grass",
         *           "taken_at": "2026-10-20",
         *           "credit": "Green Belt Restoration Trust"
         *         }
         *       ],
         *       "notes": "Some losses after a dry spell in August."
         *     }
         */
        Monitoring: {
            id: string;
            /** @enum {string} */
            object: "monitoring";
            /** @description The mode of the token that reads it. A project, and live proof, belong to both modes: a test token sees them with livemode false. */
            livemode: boolean;
            planting: string | null;
            project: string;
            /** Format: date */
            recorded_at: string;
            /** @description Fraction of trees alive. */
            survival_rate: number;
            trees_alive: number;
            method: string;
            photos: {
                url: string;
                caption: string | null;
                /** Format: date */
                taken_at: string;
                credit: string | null;
            }[];
            /** @description Translated; empty when the measurement has no notes. */
            notes: string;
        };
        /**
         * @description An external verification statement of a project.
         * @example {
         *       "id": "ver_UXcMILJFbi8xIvSBwQOO1Exq",
         *       "object": "verification",
         *       "livemode": true,
         *       "project": "prj_K2zzSxxnF1eKUpTXYgwMzqHx",
         *       "period_start": "2025-09-01",
         *       "period_end": "2026-08-31",
         *       "verifier_name": "EcoAudit East Africa",
         *       "verifier_website_url": "https://ecoaudit-ea.example.org",
         *       "document_url": "https://media.demo.canopy.example/verifications/mount-kenya-2025.pdf",
         *       "summary": "Field audit of 40 sample plots confirms planting records and survival figures.",
         *       "trees_verified": 27000,
         *       "published_at": "2026-09-15T10:00:00Z"
         *     }
         */
        Verification: {
            id: string;
            /** @enum {string} */
            object: "verification";
            /** @description The mode of the token that reads it. A project, and live proof, belong to both modes: a test token sees them with livemode false. */
            livemode: boolean;
            project: string;
            /** Format: date */
            period_start: string;
            /** Format: date */
            period_end: string;
            verifier_name: string;
            verifier_website_url: string | null;
            document_url: string | null;
            summary: string;
            trees_verified: number;
            /** Format: date-time */
            published_at: string;
        };
        /**
         * @description A person or customer trees were assigned to.
         * @example {
         *       "id": "rcp_2H7sCB2jZ5uK8pRA2pocvvDv",
         *       "object": "recipient",
         *       "livemode": true,
         *       "first_name": "Amara",
         *       "last_name": "Ndiaye",
         *       "email": "amara.ndiaye@example.com",
         *       "language": "en",
         *       "external_reference": "order-10412",
         *       "trees": 10,
         *       "project": "prj_K2zzSxxnF1eKUpTXYgwMzqHx",
         *       "message": "Thank you for choosing our Kenyan single origin.",
         *       "source": "api",
         *       "send_email": true,
         *       "gift_code": null,
         *       "certificate": {
         *         "id": "cert_2xNh4yblVdHnOm27ZrE2ke02",
         *         "object": "certificate",
         *         "livemode": true,
         *         "type": "personal",
         *         "number": "CNP-2026-000214",
         *         "trees": 10,
         *         "project": "prj_K2zzSxxnF1eKUpTXYgwMzqHx",
         *         "recipient": "rcp_2H7sCB2jZ5uK8pRA2pocvvDv",
         *         "allocations": [
         *           "alloc_db5w2HYItbI9C9wXsPYeZW2q"
         *         ],
         *         "language": "en",
         *         "issued_at": "2026-11-17T09:50:34Z",
         *         "url": "http://127.0.0.1:3000/certificates/cert_2xNh4yblVdHnOm27ZrE2ke02",
         *         "download_url": "http://127.0.0.1:3000/certificates/cert_2xNh4yblVdHnOm27ZrE2ke02/download?expires=1794916241&signature=131a8182c3fd7901a794d0200bf8e9d8c560e9ceb154426143fc010603624603",
         *         "created_at": "2026-11-17T09:50:34Z",
         *         "updated_at": "2026-11-17T09:50:34Z"
         *       },
         *       "allocations": [
         *         "alloc_db5w2HYItbI9C9wXsPYeZW2q"
         *       ],
         *       "email_sent_at": "2026-11-17T09:50:41Z",
         *       "claimed_at": null,
         *       "created_at": "2026-11-17T09:50:31Z",
         *       "updated_at": "2026-11-17T09:50:41Z"
         *     }
         */
        Recipient: {
            id: string;
            /** @enum {string} */
            object: "recipient";
            livemode: boolean;
            first_name?: string | null;
            last_name?: string | null;
            email?: string | null;
            /**
             * @description Language of the certificate and email.
             * @enum {string}
             */
            language: "en" | "nl";
            external_reference: string | null;
            trees: number;
            project: string | null;
            message: string | null;
            /**
             * @description api, dashboard, gift_code, foundation or legacy
             * @enum {string}
             */
            source: "api" | "dashboard" | "gift_code" | "foundation" | "legacy";
            /** @description Whether the certificate is emailed to the recipient (never in test mode). */
            send_email: boolean;
            gift_code: string | null;
            /** @description The certificate; null until it is generated, right after creation. */
            certificate: components["schemas"]["EmbeddedCertificate"] | null;
            allocations: string[];
            email_sent_at: string | null;
            claimed_at: string | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
            /**
             * @description Only on a copy kept from before the recipient was deleted (an event, a replayed Idempotency-Key response): its names, email, message and external_reference are erased (null). A recipient read now is never deleted: it answers 404.
             * @enum {boolean}
             */
            deleted?: true;
        };
        /**
         * @description A certificate as a recipient or an event holds it: its download_url only for a token with certificates:read.
         * @example {
         *       "id": "cert_2xNh4yblVdHnOm27ZrE2ke02",
         *       "object": "certificate",
         *       "livemode": true,
         *       "type": "personal",
         *       "number": "CNP-2026-000214",
         *       "trees": 10,
         *       "project": "prj_K2zzSxxnF1eKUpTXYgwMzqHx",
         *       "recipient": "rcp_2H7sCB2jZ5uK8pRA2pocvvDv",
         *       "allocations": [
         *         "alloc_db5w2HYItbI9C9wXsPYeZW2q"
         *       ],
         *       "language": "en",
         *       "issued_at": "2026-11-17T09:50:34Z",
         *       "url": "http://127.0.0.1:3000/certificates/cert_2xNh4yblVdHnOm27ZrE2ke02",
         *       "download_url": "http://127.0.0.1:3000/certificates/cert_2xNh4yblVdHnOm27ZrE2ke02/download?expires=1794916241&signature=131a8182c3fd7901a794d0200bf8e9d8c560e9ceb154426143fc010603624603",
         *       "created_at": "2026-11-17T09:50:34Z",
         *       "updated_at": "2026-11-17T09:50:34Z"
         *     }
         */
        EmbeddedCertificate: {
            id: string;
            /** @enum {string} */
            object: "certificate";
            livemode: boolean;
            /** @enum {string} */
            type: "company" | "personal" | "gift";
            /** @description Printed on the certificate, e.g. CNP-2026-000123. */
            number: string;
            trees: number;
            project: string | null;
            recipient: string | null;
            /** @description alloc_ ids of the recipient's trees; empty on a company certificate (see GET /v2/allocations). */
            allocations: string[];
            /** @enum {string} */
            language: "en" | "nl";
            /**
             * Format: date-time
             * @description When this version was issued; a reissue (after a change of name, language or message) moves it.
             */
            issued_at: string;
            /**
             * Format: uri
             * @description The stable public verification page.
             */
            url: string;
            /**
             * Format: uri
             * @description A signed link to the PDF, valid for an hour; every retrieval gives a fresh one. Omitted for a token without certificates:read.
             */
            download_url?: string;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        /**
         * @description Trees reserved behind a code that a person claims on a public page.
         * @example {
         *       "id": "gift_maS35YKFUVeYwL4IQ9FMVWMk",
         *       "object": "gift_code",
         *       "livemode": true,
         *       "code": "7KQM-4TXR-9HBW",
         *       "claim_url": "http://127.0.0.1:3000/gift/7KQM-4TXR-9HBW",
         *       "status": "open",
         *       "trees": 5,
         *       "project": null,
         *       "sent_to": {
         *         "name": "Noor Bakker",
         *         "email": "noor.bakker@example.nl"
         *       },
         *       "external_reference": "NEWSLETTER-2026-11",
         *       "recipient": null,
         *       "valid_until": "2027-11-20T09:55:00Z",
         *       "claimed_at": null,
         *       "created_at": "2026-11-20T09:55:00Z",
         *       "updated_at": "2026-11-20T09:55:00Z"
         *     }
         */
        GiftCode: {
            id: string;
            /** @enum {string} */
            object: "gift_code";
            livemode: boolean;
            /** @description What the person types on the claim page: 12 characters in groups of four, case-insensitive. */
            code: string;
            /**
             * Format: uri
             * @description The public page where a person claims the trees: {PUBLIC_BASE_URL}/gift/{code}.
             */
            claim_url: string;
            /**
             * @description open, claimed, expired or revoked.
             * @enum {string}
             */
            status: "open" | "claimed" | "expired" | "revoked";
            trees: number;
            project: string | null;
            /** @description Who the code was handed to, as you told us. Personal data: omitted without recipients:read. */
            sent_to?: {
                name: string | null;
                email: string | null;
            };
            external_reference: string | null;
            recipient: (string | components["schemas"]["Recipient"]) | null;
            /**
             * Format: date-time
             * @description An open code expires at this moment; its trees then return to your unassigned trees.
             */
            valid_until: string;
            claimed_at: string | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        /**
         * @description A certificate of trees, personal or of the whole company.
         * @example {
         *       "id": "cert_2xNh4yblVdHnOm27ZrE2ke02",
         *       "object": "certificate",
         *       "livemode": true,
         *       "type": "personal",
         *       "number": "CNP-2026-000214",
         *       "trees": 10,
         *       "project": "prj_K2zzSxxnF1eKUpTXYgwMzqHx",
         *       "recipient": "rcp_2H7sCB2jZ5uK8pRA2pocvvDv",
         *       "allocations": [
         *         "alloc_db5w2HYItbI9C9wXsPYeZW2q"
         *       ],
         *       "language": "en",
         *       "issued_at": "2026-11-17T09:50:34Z",
         *       "url": "http://127.0.0.1:3000/certificates/cert_2xNh4yblVdHnOm27ZrE2ke02",
         *       "download_url": "http://127.0.0.1:3000/certificates/cert_2xNh4yblVdHnOm27ZrE2ke02/download?expires=1794916241&signature=131a8182c3fd7901a794d0200bf8e9d8c560e9ceb154426143fc010603624603",
         *       "created_at": "2026-11-17T09:50:34Z",
         *       "updated_at": "2026-11-17T09:50:34Z"
         *     }
         */
        Certificate: {
            id: string;
            /** @enum {string} */
            object: "certificate";
            livemode: boolean;
            /** @enum {string} */
            type: "company" | "personal" | "gift";
            /** @description Printed on the certificate, e.g. CNP-2026-000123. */
            number: string;
            trees: number;
            project: string | null;
            recipient: string | null;
            /** @description alloc_ ids of the recipient's trees; empty on a company certificate (see GET /v2/allocations). */
            allocations: string[];
            /** @enum {string} */
            language: "en" | "nl";
            /**
             * Format: date-time
             * @description When this version was issued; a reissue (after a change of name, language or message) moves it.
             */
            issued_at: string;
            /**
             * Format: uri
             * @description The stable public verification page.
             */
            url: string;
            /**
             * Format: uri
             * @description A signed link to the PDF, valid for an hour; every retrieval gives a fresh one.
             */
            download_url: string;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        /**
         * @description Where events are sent. The signing secret is shown only when it is made (create, rotate-secret).
         * @example {
         *       "id": "whe_SXU176W33VFoF4FB7fDn1abr",
         *       "object": "webhook_endpoint",
         *       "livemode": true,
         *       "url": "https://fairbrook-coffee.example/webhooks/canopy",
         *       "description": "Order system: certificates and claims",
         *       "enabled_events": [
         *         "recipient.created",
         *         "recipient.claimed",
         *         "certificate.created"
         *       ],
         *       "include_personal_data": false,
         *       "status": "enabled",
         *       "disabled_reason": null,
         *       "created_at": "2026-03-02T10:15:00Z",
         *       "updated_at": "2026-03-02T10:15:00Z"
         *     }
         */
        WebhookEndpoint: {
            id: string;
            /** @enum {string} */
            object: "webhook_endpoint";
            livemode: boolean;
            /**
             * Format: uri
             * @description Where events are sent, as Canopy normalised it when it was set.
             */
            url: string;
            description: string | null;
            /** @description Event types sent to this endpoint; ["*"] for all. */
            enabled_events: ("*" | "allocation.created" | "allocation.planted" | "allocation.monitored" | "allocation.updated" | "planting.updated" | "verification.published" | "recipient.created" | "recipient.claimed" | "certificate.created")[];
            /** @description Whether recipients' names and email are included in payloads. */
            include_personal_data: boolean;
            /** @enum {string} */
            status: "enabled" | "disabled";
            disabled_reason: ("gone" | "failing" | "manual") | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        /**
         * @example {
         *       "id": "whe_SXU176W33VFoF4FB7fDn1abr",
         *       "object": "webhook_endpoint",
         *       "livemode": true,
         *       "url": "https://fairbrook-coffee.example/webhooks/canopy",
         *       "description": "Order system: certificates and claims",
         *       "enabled_events": [
         *         "recipient.created",
         *         "recipient.claimed",
         *         "certificate.created"
         *       ],
         *       "include_personal_data": false,
         *       "status": "enabled",
         *       "disabled_reason": null,
         *       "created_at": "2026-03-02T10:15:00Z",
         *       "updated_at": "2026-03-02T10:15:00Z",
         *       "secret": "whsec_TD1mdZBaUd6m3nqV3oTh7N+3QrFBs1LII+bfjY34KIY="
         *     }
         */
        WebhookEndpointWithSecret: {
            id: string;
            /** @enum {string} */
            object: "webhook_endpoint";
            livemode: boolean;
            /**
             * Format: uri
             * @description Where events are sent, as Canopy normalised it when it was set.
             */
            url: string;
            description: string | null;
            /** @description Event types sent to this endpoint; ["*"] for all. */
            enabled_events: ("*" | "allocation.created" | "allocation.planted" | "allocation.monitored" | "allocation.updated" | "planting.updated" | "verification.published" | "recipient.created" | "recipient.claimed" | "certificate.created")[];
            /** @description Whether recipients' names and email are included in payloads. */
            include_personal_data: boolean;
            /** @enum {string} */
            status: "enabled" | "disabled";
            disabled_reason: ("gone" | "failing" | "manual") | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
            /** @description The signing secret (whsec_...): shown this once, store it now. */
            secret: string;
        };
        /**
         * @description What POST /v2/webhook-endpoints/{id}/recover queued. A second call queues only what failed again since the first.
         * @example {
         *       "object": "webhook_endpoint_recovery",
         *       "endpoint": "whe_SXU176W33VFoF4FB7fDn1abr",
         *       "livemode": true,
         *       "since": "2026-11-20T00:00:00Z",
         *       "created": "2026-11-24T13:45:00Z",
         *       "queued": 5,
         *       "queued_failed": 2,
         *       "queued_missed": 3,
         *       "already_pending": 1
         *     }
         */
        WebhookEndpointRecovery: {
            /** @enum {string} */
            object: "webhook_endpoint_recovery";
            /** @description whe_ id */
            endpoint: string;
            livemode: boolean;
            /**
             * Format: date-time
             * @description The since asked for, or the start of the event log's 30 days when none was.
             */
            since: string;
            /**
             * Format: date-time
             * @description When the deliveries were queued: they are due from then.
             */
            created: string;
            /** @description Deliveries queued by this call: queued_failed plus queued_missed. */
            queued: number;
            /** @description Deliveries that had failed (for good, or when the endpoint was switched off), queued again with their attempts started over. */
            queued_failed: number;
            /** @description Events the endpoint never got because it was switched off when they happened (of the types it takes now), queued for it. */
            queued_missed: number;
            /** @description Deliveries of events since `since` that were pending already, left as they are. */
            already_pending: number;
        };
        /**
         * @description Something that happened to one of the company's objects. Which object data.object holds depends on type.
         * @example {
         *       "id": "evt_Y3Z7Pci4oPLMaajn5dY9DUaP",
         *       "object": "event",
         *       "livemode": true,
         *       "type": "recipient.created",
         *       "created": "2026-11-17T09:50:31Z",
         *       "data": {
         *         "object": {
         *           "id": "rcp_2H7sCB2jZ5uK8pRA2pocvvDv",
         *           "object": "recipient",
         *           "livemode": true,
         *           "first_name": "Amara",
         *           "last_name": "Ndiaye",
         *           "email": "amara.ndiaye@example.com",
         *           "language": "en",
         *           "external_reference": "order-10412",
         *           "trees": 10,
         *           "project": "prj_K2zzSxxnF1eKUpTXYgwMzqHx",
         *           "message": "Thank you for choosing our Kenyan single origin.",
         *           "source": "api",
         *           "send_email": true,
         *           "gift_code": null,
         *           "certificate": null,
         *           "allocations": [
         *             "alloc_db5w2HYItbI9C9wXsPYeZW2q"
         *           ],
         *           "email_sent_at": null,
         *           "claimed_at": null,
         *           "created_at": "2026-11-17T09:50:31Z",
         *           "updated_at": "2026-11-17T09:50:31Z"
         *         }
         *       },
         *       "deliveries": [
         *         {
         *           "endpoint": "whe_SXU176W33VFoF4FB7fDn1abr",
         *           "status": "delivered",
         *           "attempts": 1,
         *           "next_attempt_at": null,
         *           "last_attempt_at": "2026-11-17T09:50:32Z",
         *           "last_status_code": 200
         *         }
         *       ]
         *     }
         */
        Event: components["schemas"]["AllocationCreatedEvent"] | components["schemas"]["AllocationPlantedEvent"] | components["schemas"]["AllocationMonitoredEvent"] | components["schemas"]["AllocationUpdatedEvent"] | components["schemas"]["PlantingUpdatedEvent"] | components["schemas"]["VerificationPublishedEvent"] | components["schemas"]["RecipientCreatedEvent"] | components["schemas"]["RecipientClaimedEvent"] | components["schemas"]["CertificateCreatedEvent"];
        /**
         * @description The event allocation.created: data.object is the allocation.
         * @example {
         *       "id": "evt_DUQftwH5MeDRmitmDXJTHBLv",
         *       "object": "event",
         *       "livemode": true,
         *       "type": "allocation.created",
         *       "created": "2026-11-02T14:05:00Z",
         *       "data": {
         *         "object": {
         *           "id": "alloc_gwPzEkgu70fENG6mUMaatI5b",
         *           "object": "allocation",
         *           "livemode": true,
         *           "trees": 220,
         *           "status": "pledged",
         *           "source": "foundation",
         *           "planting": "plt_CwBZWJOBrUgazX5M4W4Nc8OH",
         *           "project": "prj_K2zzSxxnF1eKUpTXYgwMzqHx",
         *           "recipient": null,
         *           "certificate": null,
         *           "allocated_at": "2026-11-02T14:05:00Z",
         *           "planted_at": null,
         *           "legacy_tree_ids": [],
         *           "legacy_order_id": null,
         *           "created_at": "2026-11-02T14:05:00Z",
         *           "updated_at": "2026-11-02T14:05:00Z"
         *         }
         *       },
         *       "deliveries": []
         *     }
         */
        AllocationCreatedEvent: {
            /** @description Treat as an opaque string. */
            id: string;
            /** @enum {string} */
            object: "event";
            livemode: boolean;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "allocation.created";
            /** Format: date-time */
            created: string;
            data: {
                object: components["schemas"]["Allocation"];
            };
            deliveries: {
                /** @description whe_ id */
                endpoint: string;
                /** @enum {string} */
                status: "pending" | "delivered" | "failed";
                attempts: number;
                next_attempt_at: string | null;
                last_attempt_at: string | null;
                last_status_code: number | null;
            }[];
        };
        /**
         * @description The event allocation.planted: data.object is the allocation.
         * @example {
         *       "id": "evt_47aF1PvrCNg0jzs8jaDkjQWL",
         *       "object": "event",
         *       "livemode": true,
         *       "type": "allocation.planted",
         *       "created": "2026-04-15T06:00:00Z",
         *       "data": {
         *         "object": {
         *           "id": "alloc_8it5yTDrm7I35wMkMp4t3skn",
         *           "object": "allocation",
         *           "livemode": true,
         *           "trees": 240,
         *           "status": "planted",
         *           "source": "foundation",
         *           "planting": "plt_lvYQqGL9TMknwnJNH6nysbCj",
         *           "project": "prj_K2zzSxxnF1eKUpTXYgwMzqHx",
         *           "recipient": null,
         *           "certificate": null,
         *           "allocated_at": "2026-02-10T09:30:00Z",
         *           "planted_at": "2026-04-14",
         *           "legacy_tree_ids": [],
         *           "legacy_order_id": null,
         *           "created_at": "2026-02-10T09:30:00Z",
         *           "updated_at": "2026-04-15T06:00:00Z"
         *         }
         *       },
         *       "deliveries": []
         *     }
         */
        AllocationPlantedEvent: {
            /** @description Treat as an opaque string. */
            id: string;
            /** @enum {string} */
            object: "event";
            livemode: boolean;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "allocation.planted";
            /** Format: date-time */
            created: string;
            data: {
                object: components["schemas"]["Allocation"];
            };
            deliveries: {
                /** @description whe_ id */
                endpoint: string;
                /** @enum {string} */
                status: "pending" | "delivered" | "failed";
                attempts: number;
                next_attempt_at: string | null;
                last_attempt_at: string | null;
                last_status_code: number | null;
            }[];
        };
        /**
         * @description The event allocation.monitored: data.object is the allocation.
         * @example {
         *       "id": "evt_3Ecs0HniBxXUGfzeJMH8NHH7",
         *       "object": "event",
         *       "livemode": true,
         *       "type": "allocation.monitored",
         *       "created": "2026-10-21T06:10:00Z",
         *       "data": {
         *         "object": {
         *           "id": "alloc_8it5yTDrm7I35wMkMp4t3skn",
         *           "object": "allocation",
         *           "livemode": true,
         *           "trees": 240,
         *           "status": "monitored",
         *           "source": "foundation",
         *           "planting": "plt_lvYQqGL9TMknwnJNH6nysbCj",
         *           "project": "prj_K2zzSxxnF1eKUpTXYgwMzqHx",
         *           "recipient": null,
         *           "certificate": null,
         *           "allocated_at": "2026-02-10T09:30:00Z",
         *           "planted_at": "2026-04-14",
         *           "legacy_tree_ids": [],
         *           "legacy_order_id": null,
         *           "created_at": "2026-02-10T09:30:00Z",
         *           "updated_at": "2026-10-21T06:10:00Z"
         *         }
         *       },
         *       "deliveries": []
         *     }
         */
        AllocationMonitoredEvent: {
            /** @description Treat as an opaque string. */
            id: string;
            /** @enum {string} */
            object: "event";
            livemode: boolean;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "allocation.monitored";
            /** Format: date-time */
            created: string;
            data: {
                object: components["schemas"]["Allocation"];
            };
            deliveries: {
                /** @description whe_ id */
                endpoint: string;
                /** @enum {string} */
                status: "pending" | "delivered" | "failed";
                attempts: number;
                next_attempt_at: string | null;
                last_attempt_at: string | null;
                last_status_code: number | null;
            }[];
        };
        /**
         * @description The event allocation.updated: data.object is the allocation.
         * @example {
         *       "id": "evt_wgaINy2zYNHHc5cmoRq6qcXt",
         *       "object": "event",
         *       "livemode": true,
         *       "type": "allocation.updated",
         *       "created": "2026-06-29T09:55:00Z",
         *       "data": {
         *         "object": {
         *           "id": "alloc_Zr4nYb7TqW2mKc9XsLd5Hg3P",
         *           "object": "allocation",
         *           "livemode": true,
         *           "trees": 215,
         *           "status": "monitored",
         *           "source": "foundation",
         *           "planting": "plt_uiXzSj9Cofgi4WZr1LcdOc0N",
         *           "project": "prj_K2zzSxxnF1eKUpTXYgwMzqHx",
         *           "recipient": null,
         *           "certificate": null,
         *           "allocated_at": "2026-03-18T11:20:00Z",
         *           "planted_at": "2026-05-06",
         *           "legacy_tree_ids": [],
         *           "legacy_order_id": null,
         *           "created_at": "2026-03-18T11:20:00Z",
         *           "updated_at": "2026-06-29T09:55:00Z"
         *         },
         *         "previous": {
         *           "trees": 230
         *         }
         *       },
         *       "deliveries": []
         *     }
         */
        AllocationUpdatedEvent: {
            /** @description Treat as an opaque string. */
            id: string;
            /** @enum {string} */
            object: "event";
            livemode: boolean;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "allocation.updated";
            /** Format: date-time */
            created: string;
            data: {
                object: components["schemas"]["Allocation"];
                /** @description Old values of the changed fields (allocation.updated). */
                previous?: {
                    [key: string]: unknown;
                };
            };
            deliveries: {
                /** @description whe_ id */
                endpoint: string;
                /** @enum {string} */
                status: "pending" | "delivered" | "failed";
                attempts: number;
                next_attempt_at: string | null;
                last_attempt_at: string | null;
                last_status_code: number | null;
            }[];
        };
        /**
         * @description The event planting.updated: data.object is the planting.
         * @example {
         *       "id": "evt_D4wFoqPRGd9oL1BRrTeMpNkB",
         *       "object": "event",
         *       "livemode": true,
         *       "type": "planting.updated",
         *       "created": "2026-10-21T06:10:00Z",
         *       "data": {
         *         "object": {
         *           "id": "plt_lvYQqGL9TMknwnJNH6nysbCj",
         *           "object": "planting",
         *           "livemode": true,
         *           "project": "prj_K2zzSxxnF1eKUpTXYgwMzqHx",
         *           "partner": "ptn_APXrSLU0FhEQBKuzK8UXgrsq",
         *           "source": "foundation",
         *           "planted_at": "2026-04-14",
         *           "trees": 12000,
         *           "trees_for_company": 1045,
         *           "species": [
         *             {
         *               "name_latin": "Prunus africana",
         *               "name_common": "African cherry",
         *               "trees": 4800
         *             },
         *             {
         *               "name_latin": "Juniperus procera",
         *               "name_common": "African pencil cedar",
         *               "trees": 3000
         *             },
         *             {
         *               "name_latin": "Podocarpus latifolius",
         *               "name_common": "Real yellowwood",
         *               "trees": 2400
         *             },
         *             {
         *               "name_latin": "Croton megalocarpus",
         *               "name_common": "Croton",
         *               "trees": 1800
         *             }
         *           ],
         *           "location": {
         *             "latitude": -0.372,
         *             "longitude": 37.031
         *           },
         *           "geometry": {
         *             "type": "Polygon",
         *             "coordinates": [
         *               [
         *                 [
         *                   37.025,
         *                   -0.378
         *                 ],
         *                 [
         *                   37.037,
         *                   -0.378
         *                 ],
         *                 [
         *                   37.037,
         *                   -0.366
         *                 ],
         *                 [
         *                   37.025,
         *                   -0.366
         *                 ],
         *                 [
         *                   37.025,
         *                   -0.378
         *                 ]
         *               ]
         *             ]
         *           },
         *           "photos": [
         *             {
         *               "url": "https://media.demo.canopy.example/kenya/kabaru-planting-day.jpg",
         *               "caption": "Planting day with the Kabaru farmers group",
         *               "taken_at": "2026-04-14",
         *               "credit": "Green Belt Restoration Trust"
         *             },
         *             {
         *               "url": "https://media.demo.canopy.example/kenya/kabaru-six-months.jpg",
         *               "caption": "Six months later: the first saplings above the grass",
         *               "taken_at": "2026-10-20",
         *               "credit": "Green Belt Restoration Trust"
         *             }
         *           ],
         *           "planting_method": "seedlings",
         *           "notes": "Planted at the start of the long rains on former grazing land.",
         *           "latest_monitoring": {
         *             "id": "mon_v9UF8kF6JMvBiTCMbkAhGdOT",
         *             "object": "monitoring",
         *             "livemode": true,
         *             "planting": "plt_lvYQqGL9TMknwnJNH6nysbCj",
         *             "project": "prj_K2zzSxxnF1eKUpTXYgwMzqHx",
         *             "recorded_at": "2026-10-20",
         *             "survival_rate": 0.91,
         *             "trees_alive": 10920,
         *             "method": "sample_plot_count",
         *             "photos": [
         *               {
         *                 "url": "https://media.demo.canopy.example/kenya/kabaru-six-months.jpg",
         *                 "caption": "Six months later: the first saplings above the grass",
         *                 "taken_at": "2026-10-20",
         *                 "credit": "Green Belt Restoration Trust"
         *               }
         *             ],
         *             "notes": "Some losses after a dry spell in August."
         *           },
         *           "verification": {
         *             "status": "verified",
         *             "latest": {
         *               "id": "ver_UXcMILJFbi8xIvSBwQOO1Exq",
         *               "object": "verification",
         *               "livemode": true,
         *               "project": "prj_K2zzSxxnF1eKUpTXYgwMzqHx",
         *               "period_start": "2025-09-01",
         *               "period_end": "2026-08-31",
         *               "verifier_name": "EcoAudit East Africa",
         *               "verifier_website_url": "https://ecoaudit-ea.example.org",
         *               "document_url": "https://media.demo.canopy.example/verifications/mount-kenya-2025.pdf",
         *               "summary": "Field audit of 40 sample plots confirms planting records and survival figures.",
         *               "trees_verified": 27000,
         *               "published_at": "2026-09-15T10:00:00Z"
         *             }
         *           },
         *           "created_at": "2026-01-20T07:45:00Z",
         *           "updated_at": "2026-10-21T06:10:00Z"
         *         }
         *       },
         *       "deliveries": []
         *     }
         */
        PlantingUpdatedEvent: {
            /** @description Treat as an opaque string. */
            id: string;
            /** @enum {string} */
            object: "event";
            livemode: boolean;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "planting.updated";
            /** Format: date-time */
            created: string;
            data: {
                object: components["schemas"]["Planting"];
            };
            deliveries: {
                /** @description whe_ id */
                endpoint: string;
                /** @enum {string} */
                status: "pending" | "delivered" | "failed";
                attempts: number;
                next_attempt_at: string | null;
                last_attempt_at: string | null;
                last_status_code: number | null;
            }[];
        };
        /**
         * @description The event verification.published: data.object is the verification.
         * @example {
         *       "id": "evt_9nscFryRPfkKVSrusG1IwhXS",
         *       "object": "event",
         *       "livemode": true,
         *       "type": "verification.published",
         *       "created": "2026-09-15T10:00:00Z",
         *       "data": {
         *         "object": {
         *           "id": "ver_UXcMILJFbi8xIvSBwQOO1Exq",
         *           "object": "verification",
         *           "livemode": true,
         *           "project": "prj_K2zzSxxnF1eKUpTXYgwMzqHx",
         *           "period_start": "2025-09-01",
         *           "period_end": "2026-08-31",
         *           "verifier_name": "EcoAudit East Africa",
         *           "verifier_website_url": "https://ecoaudit-ea.example.org",
         *           "document_url": "https://media.demo.canopy.example/verifications/mount-kenya-2025.pdf",
         *           "summary": "Field audit of 40 sample plots confirms planting records and survival figures.",
         *           "trees_verified": 27000,
         *           "published_at": "2026-09-15T10:00:00Z"
         *         }
         *       },
         *       "deliveries": []
         *     }
         */
        VerificationPublishedEvent: {
            /** @description Treat as an opaque string. */
            id: string;
            /** @enum {string} */
            object: "event";
            livemode: boolean;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "verification.published";
            /** Format: date-time */
            created: string;
            data: {
                object: components["schemas"]["Verification"];
            };
            deliveries: {
                /** @description whe_ id */
                endpoint: string;
                /** @enum {string} */
                status: "pending" | "delivered" | "failed";
                attempts: number;
                next_attempt_at: string | null;
                last_attempt_at: string | null;
                last_status_code: number | null;
            }[];
        };
        /**
         * @description The event recipient.created: data.object is the recipient.
         * @example {
         *       "id": "evt_Y3Z7Pci4oPLMaajn5dY9DUaP",
         *       "object": "event",
         *       "livemode": true,
         *       "type": "recipient.created",
         *       "created": "2026-11-17T09:50:31Z",
         *       "data": {
         *         "object": {
         *           "id": "rcp_2H7sCB2jZ5uK8pRA2pocvvDv",
         *           "object": "recipient",
         *           "livemode": true,
         *           "first_name": "Amara",
         *           "last_name": "Ndiaye",
         *           "email": "amara.ndiaye@example.com",
         *           "language": "en",
         *           "external_reference": "order-10412",
         *           "trees": 10,
         *           "project": "prj_K2zzSxxnF1eKUpTXYgwMzqHx",
         *           "message": "Thank you for choosing our Kenyan single origin.",
         *           "source": "api",
         *           "send_email": true,
         *           "gift_code": null,
         *           "certificate": null,
         *           "allocations": [
         *             "alloc_db5w2HYItbI9C9wXsPYeZW2q"
         *           ],
         *           "email_sent_at": null,
         *           "claimed_at": null,
         *           "created_at": "2026-11-17T09:50:31Z",
         *           "updated_at": "2026-11-17T09:50:31Z"
         *         }
         *       },
         *       "deliveries": [
         *         {
         *           "endpoint": "whe_SXU176W33VFoF4FB7fDn1abr",
         *           "status": "delivered",
         *           "attempts": 1,
         *           "next_attempt_at": null,
         *           "last_attempt_at": "2026-11-17T09:50:32Z",
         *           "last_status_code": 200
         *         }
         *       ]
         *     }
         */
        RecipientCreatedEvent: {
            /** @description Treat as an opaque string. */
            id: string;
            /** @enum {string} */
            object: "event";
            livemode: boolean;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "recipient.created";
            /** Format: date-time */
            created: string;
            data: {
                object: components["schemas"]["Recipient"];
            };
            deliveries: {
                /** @description whe_ id */
                endpoint: string;
                /** @enum {string} */
                status: "pending" | "delivered" | "failed";
                attempts: number;
                next_attempt_at: string | null;
                last_attempt_at: string | null;
                last_status_code: number | null;
            }[];
        };
        /**
         * @description The event recipient.claimed: data.object is the recipient.
         * @example {
         *       "id": "evt_NqLJaqpQJk5JsxSssmIkhFuJ",
         *       "object": "event",
         *       "livemode": true,
         *       "type": "recipient.claimed",
         *       "created": "2026-11-08T09:12:00Z",
         *       "data": {
         *         "object": {
         *           "id": "rcp_kzkdfPBScRTaQES2kQU8KhDe",
         *           "object": "recipient",
         *           "livemode": true,
         *           "first_name": "Pieter",
         *           "last_name": "de Boer",
         *           "email": "pieter.deboer@example.nl",
         *           "language": "nl",
         *           "external_reference": null,
         *           "trees": 3,
         *           "project": null,
         *           "message": null,
         *           "source": "gift_code",
         *           "send_email": true,
         *           "gift_code": "gift_0OzWDKQJACTVNR9wEchSXmmt",
         *           "certificate": {
         *             "id": "cert_Ne6gfEHUZIGUdIKSxr2Hv9Y1",
         *             "object": "certificate",
         *             "livemode": true,
         *             "type": "gift",
         *             "number": "CNP-2026-000198",
         *             "trees": 3,
         *             "project": "prj_K2zzSxxnF1eKUpTXYgwMzqHx",
         *             "recipient": "rcp_kzkdfPBScRTaQES2kQU8KhDe",
         *             "allocations": [
         *               "alloc_Vt6wNq2RbX8cLm4JzHs9Kd3F"
         *             ],
         *             "language": "nl",
         *             "issued_at": "2026-11-08T09:12:03Z",
         *             "url": "http://127.0.0.1:3000/certificates/cert_Ne6gfEHUZIGUdIKSxr2Hv9Y1",
         *             "download_url": "http://127.0.0.1:3000/certificates/cert_Ne6gfEHUZIGUdIKSxr2Hv9Y1/download?expires=1794916241&signature=7d0e52c1a93f48b6e2a1c07f5d98b3e4a61f2c8d0b97e34a5c1d6f80e2b4a937",
         *             "created_at": "2026-11-08T09:12:03Z",
         *             "updated_at": "2026-11-08T09:12:03Z"
         *           },
         *           "allocations": [
         *             "alloc_Vt6wNq2RbX8cLm4JzHs9Kd3F"
         *           ],
         *           "email_sent_at": "2026-11-08T09:12:09Z",
         *           "claimed_at": "2026-11-08T09:12:00Z",
         *           "created_at": "2026-11-08T09:12:00Z",
         *           "updated_at": "2026-11-08T09:12:09Z"
         *         }
         *       },
         *       "deliveries": [
         *         {
         *           "endpoint": "whe_SXU176W33VFoF4FB7fDn1abr",
         *           "status": "delivered",
         *           "attempts": 1,
         *           "next_attempt_at": null,
         *           "last_attempt_at": "2026-11-08T09:12:01Z",
         *           "last_status_code": 200
         *         }
         *       ]
         *     }
         */
        RecipientClaimedEvent: {
            /** @description Treat as an opaque string. */
            id: string;
            /** @enum {string} */
            object: "event";
            livemode: boolean;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "recipient.claimed";
            /** Format: date-time */
            created: string;
            data: {
                object: components["schemas"]["Recipient"];
            };
            deliveries: {
                /** @description whe_ id */
                endpoint: string;
                /** @enum {string} */
                status: "pending" | "delivered" | "failed";
                attempts: number;
                next_attempt_at: string | null;
                last_attempt_at: string | null;
                last_status_code: number | null;
            }[];
        };
        /**
         * @description The event certificate.created: data.object is the certificate.
         * @example {
         *       "id": "evt_1tFnTCwE9mL26n3V2Q87w9Er",
         *       "object": "event",
         *       "livemode": true,
         *       "type": "certificate.created",
         *       "created": "2026-11-17T09:50:34Z",
         *       "data": {
         *         "object": {
         *           "id": "cert_2xNh4yblVdHnOm27ZrE2ke02",
         *           "object": "certificate",
         *           "livemode": true,
         *           "type": "personal",
         *           "number": "CNP-2026-000214",
         *           "trees": 10,
         *           "project": "prj_K2zzSxxnF1eKUpTXYgwMzqHx",
         *           "recipient": "rcp_2H7sCB2jZ5uK8pRA2pocvvDv",
         *           "allocations": [
         *             "alloc_db5w2HYItbI9C9wXsPYeZW2q"
         *           ],
         *           "language": "en",
         *           "issued_at": "2026-11-17T09:50:34Z",
         *           "url": "http://127.0.0.1:3000/certificates/cert_2xNh4yblVdHnOm27ZrE2ke02",
         *           "download_url": "http://127.0.0.1:3000/certificates/cert_2xNh4yblVdHnOm27ZrE2ke02/download?expires=1794916241&signature=131a8182c3fd7901a794d0200bf8e9d8c560e9ceb154426143fc010603624603",
         *           "created_at": "2026-11-17T09:50:34Z",
         *           "updated_at": "2026-11-17T09:50:34Z"
         *         }
         *       },
         *       "deliveries": [
         *         {
         *           "endpoint": "whe_SXU176W33VFoF4FB7fDn1abr",
         *           "status": "delivered",
         *           "attempts": 1,
         *           "next_attempt_at": null,
         *           "last_attempt_at": "2026-11-17T09:50:35Z",
         *           "last_status_code": 200
         *         }
         *       ]
         *     }
         */
        CertificateCreatedEvent: {
            /** @description Treat as an opaque string. */
            id: string;
            /** @enum {string} */
            object: "event";
            livemode: boolean;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "certificate.created";
            /** Format: date-time */
            created: string;
            data: {
                object: components["schemas"]["EmbeddedCertificate"];
            };
            deliveries: {
                /** @description whe_ id */
                endpoint: string;
                /** @enum {string} */
                status: "pending" | "delivered" | "failed";
                attempts: number;
                next_attempt_at: string | null;
                last_attempt_at: string | null;
                last_status_code: number | null;
            }[];
        };
        /**
         * @description An event type Canopy sends: when, what it carries, and a sample.
         * @example {
         *       "object": "event_type",
         *       "type": "allocation.created",
         *       "description": "A new allocation of trees: trees pledged to the company, or a part split off an allocation when some of its trees were given to a recipient or reserved for a gift code. Its status says where its trees are: pledged trees are not planted yet.",
         *       "data_object": "allocation",
         *       "personal_data": false,
         *       "sample": {
         *         "id": "evt_DUQftwH5MeDRmitmDXJTHBLv",
         *         "object": "event",
         *         "livemode": true,
         *         "type": "allocation.created",
         *         "created": "2026-11-02T14:05:00Z",
         *         "data": {
         *           "object": {
         *             "id": "alloc_gwPzEkgu70fENG6mUMaatI5b",
         *             "object": "allocation",
         *             "livemode": true,
         *             "trees": 220,
         *             "status": "pledged",
         *             "source": "foundation",
         *             "planting": "plt_CwBZWJOBrUgazX5M4W4Nc8OH",
         *             "project": "prj_K2zzSxxnF1eKUpTXYgwMzqHx",
         *             "recipient": null,
         *             "certificate": null,
         *             "allocated_at": "2026-11-02T14:05:00Z",
         *             "planted_at": null,
         *             "legacy_tree_ids": [],
         *             "legacy_order_id": null,
         *             "created_at": "2026-11-02T14:05:00Z",
         *             "updated_at": "2026-11-02T14:05:00Z"
         *           }
         *         },
         *         "deliveries": []
         *       }
         *     }
         */
        EventType: {
            /** @enum {string} */
            object: "event_type";
            /** @enum {string} */
            type: "allocation.created" | "allocation.planted" | "allocation.monitored" | "allocation.updated" | "planting.updated" | "verification.published" | "recipient.created" | "recipient.claimed" | "certificate.created";
            /** @description When it is sent, in the language of Accept-Language. */
            description: string;
            /**
             * @description The `object` of what data.object holds.
             * @enum {string}
             */
            data_object: "allocation" | "planting" | "verification" | "recipient" | "certificate";
            /** @description Whether data.object is a recipient with their names and email (sent only to endpoints with include_personal_data, shown only to tokens with recipients:read). */
            personal_data: boolean;
            sample: components["schemas"]["Event"];
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: {
        /** @description Every rate limit in force for the token, as draft-ietf-httpapi-ratelimit-headers writes them: `"per_token_per_minute";q=600;w=60, "per_company_per_minute";q=1200;w=60, "writes_per_company_per_minute";q=120;w=60` (q requests per w seconds). On every answer to an authenticated request. */
        "RateLimit-Policy": string;
        /** @description Each limit this request was counted against (a write also counts against `writes_per_company_per_minute`): the requests it has left (r) and the seconds until its window ends and it is full again (t), e.g. `"per_token_per_minute";r=597;t=42, "per_company_per_minute";r=1180;t=42`. */
        RateLimit: string;
        /** @description Requests a minute of the limit closest to running out (on a 429: of the limit that refused the request). */
        "X-RateLimit-Limit": number;
        /** @description Requests it has left in this window. */
        "X-RateLimit-Remaining": number;
        /** @description When the window of that limit ends and it is full again, in Unix seconds (as GitHub writes it); RateLimit's `t` and Retry-After say the same in seconds from now. */
        "X-RateLimit-Reset": number;
        /** @description Whole seconds to wait before the limit that refused the request has room again. */
        "Retry-After": number;
        /** @description The id of this request (`req_` and 24 characters), the same as `request_id` in an error body: quote it when asking about a request. */
        "Request-Id": string;
        /** @description The language of the translated texts in the answer, `en` or `nl`, as chosen from Accept-Language (the answer also says `Vary: Accept-Language`). */
        "Content-Language": "en" | "nl";
        /** @description `true` when this answer is the stored one of an earlier request with the same Idempotency-Key, sent again; absent otherwise. */
        "Idempotent-Replayed": "true";
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getMe: {
        parameters: {
            query?: never;
            header?: {
                /** @description The language of translated texts (names, descriptions, captions, notes): `en` (the default) or `nl`; Content-Language says which the answer uses. A full header such as `nl-NL, nl;q=0.9` is matched on its base tags. */
                "Accept-Language"?: "en" | "nl";
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The token making the request. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Token"];
                };
            };
            /** @description The request is wrong: `parameter_unknown`, `parameter_invalid`. */
            400: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "parameter_unknown",
                     *         "message": "Received unknown parameter: limit.",
                     *         "param": "limit",
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#parameter_unknown",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid token: `token_missing`, `token_ambiguous`, `token_invalid`, `token_wrong_version`, `token_owner_removed`, `token_revoked`, `token_expired`. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "authentication_error",
                     *         "code": "token_missing",
                     *         "message": "No API token provided. Send it as \"Authorization: Bearer canopy_live_...\" (or canopy_test_...).",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#token_missing",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: `plan_not_allowed`, `company_inactive`, `ip_not_allowed`. */
            403: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "permission_error",
                     *         "code": "plan_not_allowed",
                     *         "message": "The API is part of the \"automate\" plan; this company is on \"grow\".",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#plan_not_allowed",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests; wait Retry-After seconds: `rate_limited`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "rate_limit_error",
                     *         "code": "rate_limited",
                     *         "message": "This API token has made its 600 requests of this minute (per_token_per_minute). Retry after 12 seconds.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#rate_limited",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM",
                     *         "limit": "per_token_per_minute"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Our fault; retry later: `internal_error`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "api_error",
                     *         "code": "internal_error",
                     *         "message": "Something went wrong on our side. It has been logged; retry later, quoting the request id.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#internal_error",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getCompany: {
        parameters: {
            query?: never;
            header?: {
                /** @description The language of translated texts (names, descriptions, captions, notes): `en` (the default) or `nl`; Content-Language says which the answer uses. A full header such as `nl-NL, nl;q=0.9` is matched on its base tags. */
                "Accept-Language"?: "en" | "nl";
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Company"];
                };
            };
            /** @description The request is wrong: `parameter_unknown`, `parameter_invalid`. */
            400: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "parameter_unknown",
                     *         "message": "Received unknown parameter: limit.",
                     *         "param": "limit",
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#parameter_unknown",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid token: `token_missing`, `token_ambiguous`, `token_invalid`, `token_wrong_version`, `token_owner_removed`, `token_revoked`, `token_expired`. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "authentication_error",
                     *         "code": "token_missing",
                     *         "message": "No API token provided. Send it as \"Authorization: Bearer canopy_live_...\" (or canopy_test_...).",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#token_missing",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: `plan_not_allowed`, `company_inactive`, `ip_not_allowed`, `scope_missing`. */
            403: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "permission_error",
                     *         "code": "scope_missing",
                     *         "message": "This API token lacks the scope \"company:read\", which this request needs.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#scope_missing",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM",
                     *         "required_scope": "company:read"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests; wait Retry-After seconds: `rate_limited`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "rate_limit_error",
                     *         "code": "rate_limited",
                     *         "message": "This API token has made its 600 requests of this minute (per_token_per_minute). Retry after 12 seconds.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#rate_limited",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM",
                     *         "limit": "per_token_per_minute"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Our fault; retry later: `internal_error`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "api_error",
                     *         "code": "internal_error",
                     *         "message": "Something went wrong on our side. It has been logged; retry later, quoting the request id.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#internal_error",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listAllocations: {
        parameters: {
            query?: {
                status?: "pledged" | "planted" | "monitored";
                /** @description A rcp_ id, or "none" for unassigned trees. */
                recipient?: string;
                source?: "foundation" | "legacy";
                project?: string;
                planting?: string;
                /** @description Only objects updated at or after this time. */
                updated_since?: string;
                /** @description Only objects created at or after this time. */
                created_since?: string;
                /** @description Page size, 1 to 100; 25 when left out. */
                limit?: number;
                /** @description Id of the last object of the previous page. */
                starting_after?: string;
                /** @description Related objects to include instead of their ids: planting, planting.partner, project, recipient. */
                "expand[]"?: ("planting" | "planting.partner" | "project" | "recipient")[];
            };
            header?: {
                /** @description The language of translated texts (names, descriptions, captions, notes): `en` (the default) or `nl`; Content-Language says which the answer uses. A full header such as `nl-NL, nl;q=0.9` is matched on its base tags. */
                "Accept-Language"?: "en" | "nl";
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of allocations, newest first. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "object": "list",
                     *       "url": "/v2/allocations",
                     *       "has_more": true,
                     *       "data": [
                     *         {
                     *           "id": "alloc_db5w2HYItbI9C9wXsPYeZW2q",
                     *           "object": "allocation",
                     *           "livemode": true,
                     *           "trees": 10,
                     *           "status": "monitored",
                     *           "source": "foundation",
                     *           "planting": "plt_lvYQqGL9TMknwnJNH6nysbCj",
                     *           "project": "prj_K2zzSxxnF1eKUpTXYgwMzqHx",
                     *           "recipient": "rcp_2H7sCB2jZ5uK8pRA2pocvvDv",
                     *           "certificate": "cert_2xNh4yblVdHnOm27ZrE2ke02",
                     *           "allocated_at": "2026-02-10T09:30:00Z",
                     *           "planted_at": "2026-04-14",
                     *           "legacy_tree_ids": [],
                     *           "legacy_order_id": null,
                     *           "created_at": "2026-11-17T09:50:31Z",
                     *           "updated_at": "2026-11-17T09:50:31Z"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        /** @enum {string} */
                        object: "list";
                        url: string;
                        has_more: boolean;
                        data: components["schemas"]["Allocation"][];
                    };
                };
            };
            /** @description The request is wrong: `parameter_unknown`, `parameter_invalid`, `resource_missing`. */
            400: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "parameter_invalid",
                     *         "message": "Invalid limit: must be <= 100 (got 1000).",
                     *         "param": "limit",
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#parameter_invalid",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid token: `token_missing`, `token_ambiguous`, `token_invalid`, `token_wrong_version`, `token_owner_removed`, `token_revoked`, `token_expired`. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "authentication_error",
                     *         "code": "token_missing",
                     *         "message": "No API token provided. Send it as \"Authorization: Bearer canopy_live_...\" (or canopy_test_...).",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#token_missing",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: `plan_not_allowed`, `company_inactive`, `ip_not_allowed`, `scope_missing`. */
            403: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "permission_error",
                     *         "code": "scope_missing",
                     *         "message": "This API token lacks the scope \"allocations:read\", which this request needs.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#scope_missing",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM",
                     *         "required_scope": "allocations:read"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests; wait Retry-After seconds: `rate_limited`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "rate_limit_error",
                     *         "code": "rate_limited",
                     *         "message": "This API token has made its 600 requests of this minute (per_token_per_minute). Retry after 12 seconds.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#rate_limited",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM",
                     *         "limit": "per_token_per_minute"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Our fault; retry later: `internal_error`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "api_error",
                     *         "code": "internal_error",
                     *         "message": "Something went wrong on our side. It has been logged; retry later, quoting the request id.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#internal_error",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getAllocation: {
        parameters: {
            query?: {
                /** @description Related objects to include instead of their ids: planting, planting.partner, project, recipient. */
                "expand[]"?: ("planting" | "planting.partner" | "project" | "recipient")[];
            };
            header?: {
                /** @description The language of translated texts (names, descriptions, captions, notes): `en` (the default) or `nl`; Content-Language says which the answer uses. A full header such as `nl-NL, nl;q=0.9` is matched on its base tags. */
                "Accept-Language"?: "en" | "nl";
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Trees from one planting assigned to the company. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Allocation"];
                };
            };
            /** @description The request is wrong: `parameter_unknown`, `parameter_invalid`. */
            400: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "parameter_unknown",
                     *         "message": "Received unknown parameter: limit.",
                     *         "param": "limit",
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#parameter_unknown",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid token: `token_missing`, `token_ambiguous`, `token_invalid`, `token_wrong_version`, `token_owner_removed`, `token_revoked`, `token_expired`. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "authentication_error",
                     *         "code": "token_missing",
                     *         "message": "No API token provided. Send it as \"Authorization: Bearer canopy_live_...\" (or canopy_test_...).",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#token_missing",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: `plan_not_allowed`, `company_inactive`, `ip_not_allowed`, `scope_missing`. */
            403: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "permission_error",
                     *         "code": "scope_missing",
                     *         "message": "This API token lacks the scope \"allocations:read\", which this request needs.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#scope_missing",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM",
                     *         "required_scope": "allocations:read"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such object: `resource_missing`. */
            404: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "resource_missing",
                     *         "message": "No such allocation: 'alloc_db5w2HYItbI9C9wXsPYeZW2q'.",
                     *         "param": "id",
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#resource_missing",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests; wait Retry-After seconds: `rate_limited`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "rate_limit_error",
                     *         "code": "rate_limited",
                     *         "message": "This API token has made its 600 requests of this minute (per_token_per_minute). Retry after 12 seconds.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#rate_limited",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM",
                     *         "limit": "per_token_per_minute"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Our fault; retry later: `internal_error`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "api_error",
                     *         "code": "internal_error",
                     *         "message": "Something went wrong on our side. It has been logged; retry later, quoting the request id.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#internal_error",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listPlantings: {
        parameters: {
            query?: {
                source?: "foundation" | "legacy";
                project?: string;
                /** @description Only objects updated at or after this time. */
                updated_since?: string;
                /** @description Only objects created at or after this time. */
                created_since?: string;
                /** @description Page size, 1 to 100; 25 when left out. */
                limit?: number;
                /** @description Id of the last object of the previous page. */
                starting_after?: string;
                /** @description Related objects to include instead of their ids: project, partner. */
                "expand[]"?: ("project" | "partner")[];
            };
            header?: {
                /** @description The language of translated texts (names, descriptions, captions, notes): `en` (the default) or `nl`; Content-Language says which the answer uses. A full header such as `nl-NL, nl;q=0.9` is matched on its base tags. */
                "Accept-Language"?: "en" | "nl";
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of plantings that hold the company's trees, newest first. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "object": "list",
                     *       "url": "/v2/plantings",
                     *       "has_more": true,
                     *       "data": [
                     *         {
                     *           "id": "plt_lvYQqGL9TMknwnJNH6nysbCj",
                     *           "object": "planting",
                     *           "livemode": true,
                     *           "project": "prj_K2zzSxxnF1eKUpTXYgwMzqHx",
                     *           "partner": "ptn_APXrSLU0FhEQBKuzK8UXgrsq",
                     *           "source": "foundation",
                     *           "planted_at": "2026-04-14",
                     *           "trees": 12000,
                     *           "trees_for_company": 1045,
                     *           "species": [
                     *             {
                     *               "name_latin": "Prunus africana",
                     *               "name_common": "African cherry",
                     *               "trees": 4800
                     *             },
                     *             {
                     *               "name_latin": "Juniperus procera",
                     *               "name_common": "African pencil cedar",
                     *               "trees": 3000
                     *             },
                     *             {
                     *               "name_latin": "Podocarpus latifolius",
                     *               "name_common": "Real yellowwood",
                     *               "trees": 2400
                     *             },
                     *             {
                     *               "name_latin": "Croton megalocarpus",
                     *               "name_common": "Croton",
                     *               "trees": 1800
                     *             }
                     *           ],
                     *           "location": {
                     *             "latitude": -0.372,
                     *             "longitude": 37.031
                     *           },
                     *           "geometry": {
                     *             "type": "Polygon",
                     *             "coordinates": [
                     *               [
                     *                 [
                     *                   37.025,
                     *                   -0.378
                     *                 ],
                     *                 [
                     *                   37.037,
                     *                   -0.378
                     *                 ],
                     *                 [
                     *                   37.037,
                     *                   -0.366
                     *                 ],
                     *                 [
                     *                   37.025,
                     *                   -0.366
                     *                 ],
                     *                 [
                     *                   37.025,
                     *                   -0.378
                     *                 ]
                     *               ]
                     *             ]
                     *           },
                     *           "photos": [
                     *             {
                     *               "url": "https://media.demo.canopy.example/kenya/kabaru-planting-day.jpg",
                     *               "caption": "Planting day with the Kabaru farmers group",
                     *               "taken_at": "2026-04-14",
                     *               "credit": "Green Belt Restoration Trust"
                     *             },
                     *             {
                     *               "url": "https://media.demo.canopy.example/kenya/kabaru-six-months.jpg",
                     *               "caption": "Six months later: the first saplings above the grass",
                     *               "taken_at": "2026-10-20",
                     *               "credit": "Green Belt Restoration Trust"
                     *             }
                     *           ],
                     *           "planting_method": "seedlings",
                     *           "notes": "Planted at the start of the long rains on former grazing land.",
                     *           "latest_monitoring": {
                     *             "id": "mon_v9UF8kF6JMvBiTCMbkAhGdOT",
                     *             "object": "monitoring",
                     *             "livemode": true,
                     *             "planting": "plt_lvYQqGL9TMknwnJNH6nysbCj",
                     *             "project": "prj_K2zzSxxnF1eKUpTXYgwMzqHx",
                     *             "recorded_at": "2026-10-20",
                     *             "survival_rate": 0.91,
                     *             "trees_alive": 10920,
                     *             "method": "sample_plot_count",
                     *             "photos": [
                     *               {
                     *                 "url": "https://media.demo.canopy.example/kenya/kabaru-six-months.jpg",
                     *                 "caption": "Six months later: the first saplings above the grass",
                     *                 "taken_at": "2026-10-20",
                     *                 "credit": "Green Belt Restoration Trust"
                     *               }
                     *             ],
                     *             "notes": "Some losses after a dry spell in August."
                     *           },
                     *           "verification": {
                     *             "status": "verified",
                     *             "latest": {
                     *               "id": "ver_UXcMILJFbi8xIvSBwQOO1Exq",
                     *               "object": "verification",
                     *               "livemode": true,
                     *               "project": "prj_K2zzSxxnF1eKUpTXYgwMzqHx",
                     *               "period_start": "2025-09-01",
                     *               "period_end": "2026-08-31",
                     *               "verifier_name": "EcoAudit East Africa",
                     *               "verifier_website_url": "https://ecoaudit-ea.example.org",
                     *               "document_url": "https://media.demo.canopy.example/verifications/mount-kenya-2025.pdf",
                     *               "summary": "Field audit of 40 sample plots confirms planting records and survival figures.",
                     *               "trees_verified": 27000,
                     *               "published_at": "2026-09-15T10:00:00Z"
                     *             }
                     *           },
                     *           "created_at": "2026-01-20T07:45:00Z",
                     *           "updated_at": "2026-10-21T06:10:00Z"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        /** @enum {string} */
                        object: "list";
                        url: string;
                        has_more: boolean;
                        data: components["schemas"]["Planting"][];
                    };
                };
            };
            /** @description The request is wrong: `parameter_unknown`, `parameter_invalid`, `resource_missing`. */
            400: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "parameter_invalid",
                     *         "message": "Invalid limit: must be <= 100 (got 1000).",
                     *         "param": "limit",
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#parameter_invalid",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid token: `token_missing`, `token_ambiguous`, `token_invalid`, `token_wrong_version`, `token_owner_removed`, `token_revoked`, `token_expired`. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "authentication_error",
                     *         "code": "token_missing",
                     *         "message": "No API token provided. Send it as \"Authorization: Bearer canopy_live_...\" (or canopy_test_...).",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#token_missing",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: `plan_not_allowed`, `company_inactive`, `ip_not_allowed`, `scope_missing`. */
            403: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "permission_error",
                     *         "code": "scope_missing",
                     *         "message": "This API token lacks the scope \"plantings:read\", which this request needs.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#scope_missing",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM",
                     *         "required_scope": "plantings:read"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests; wait Retry-After seconds: `rate_limited`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "rate_limit_error",
                     *         "code": "rate_limited",
                     *         "message": "This API token has made its 600 requests of this minute (per_token_per_minute). Retry after 12 seconds.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#rate_limited",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM",
                     *         "limit": "per_token_per_minute"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Our fault; retry later: `internal_error`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "api_error",
                     *         "code": "internal_error",
                     *         "message": "Something went wrong on our side. It has been logged; retry later, quoting the request id.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#internal_error",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getPlanting: {
        parameters: {
            query?: {
                /** @description Related objects to include instead of their ids: project, partner. */
                "expand[]"?: ("project" | "partner")[];
            };
            header?: {
                /** @description The language of translated texts (names, descriptions, captions, notes): `en` (the default) or `nl`; Content-Language says which the answer uses. A full header such as `nl-NL, nl;q=0.9` is matched on its base tags. */
                "Accept-Language"?: "en" | "nl";
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A batch of trees planted by a planting partner, with its proof dossier. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Planting"];
                };
            };
            /** @description The request is wrong: `parameter_unknown`, `parameter_invalid`. */
            400: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "parameter_unknown",
                     *         "message": "Received unknown parameter: limit.",
                     *         "param": "limit",
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#parameter_unknown",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid token: `token_missing`, `token_ambiguous`, `token_invalid`, `token_wrong_version`, `token_owner_removed`, `token_revoked`, `token_expired`. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "authentication_error",
                     *         "code": "token_missing",
                     *         "message": "No API token provided. Send it as \"Authorization: Bearer canopy_live_...\" (or canopy_test_...).",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#token_missing",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: `plan_not_allowed`, `company_inactive`, `ip_not_allowed`, `scope_missing`. */
            403: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "permission_error",
                     *         "code": "scope_missing",
                     *         "message": "This API token lacks the scope \"plantings:read\", which this request needs.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#scope_missing",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM",
                     *         "required_scope": "plantings:read"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such object: `resource_missing`. */
            404: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "resource_missing",
                     *         "message": "No such planting: 'plt_lvYQqGL9TMknwnJNH6nysbCj'.",
                     *         "param": "id",
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#resource_missing",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests; wait Retry-After seconds: `rate_limited`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "rate_limit_error",
                     *         "code": "rate_limited",
                     *         "message": "This API token has made its 600 requests of this minute (per_token_per_minute). Retry after 12 seconds.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#rate_limited",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM",
                     *         "limit": "per_token_per_minute"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Our fault; retry later: `internal_error`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "api_error",
                     *         "code": "internal_error",
                     *         "message": "Something went wrong on our side. It has been logged; retry later, quoting the request id.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#internal_error",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listProjects: {
        parameters: {
            query?: {
                /** @description Only projects in this country (ISO code). */
                country?: string;
                /** @description Only objects updated at or after this time. */
                updated_since?: string;
                /** @description Only objects created at or after this time. */
                created_since?: string;
                /** @description Page size, 1 to 100; 25 when left out. */
                limit?: number;
                /** @description Id of the last object of the previous page. */
                starting_after?: string;
                /** @description Related objects to include instead of their ids: partner. */
                "expand[]"?: "partner"[];
            };
            header?: {
                /** @description The language of translated texts (names, descriptions, captions, notes): `en` (the default) or `nl`; Content-Language says which the answer uses. A full header such as `nl-NL, nl;q=0.9` is matched on its base tags. */
                "Accept-Language"?: "en" | "nl";
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the projects that hold the company's trees, newest first. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "object": "list",
                     *       "url": "/v2/projects",
                     *       "has_more": true,
                     *       "data": [
                     *         {
                     *           "id": "prj_K2zzSxxnF1eKUpTXYgwMzqHx",
                     *           "object": "project",
                     *           "livemode": true,
                     *           "name": "Mount Kenya Montane Forest Restoration",
                     *           "description": "Smallholder farmers and community nurseries restore degraded montane forest on the western slopes of Mount Kenya, reconnecting forest fragments that protect the water supply of Nyeri.",
                     *           "country": "KE",
                     *           "region": "Nyeri County",
                     *           "status": "active",
                     *           "ecosystem_type": "tropical_montane_forest",
                     *           "partner": "ptn_APXrSLU0FhEQBKuzK8UXgrsq",
                     *           "started_at": "2024-09-02",
                     *           "location": {
                     *             "latitude": -0.385,
                     *             "longitude": 37.045
                     *           },
                     *           "geometry": {
                     *             "type": "Polygon",
                     *             "coordinates": [
                     *               [
                     *                 [
                     *                   37.015,
                     *                   -0.415
                     *                 ],
                     *                 [
                     *                   37.075,
                     *                   -0.415
                     *                 ],
                     *                 [
                     *                   37.075,
                     *                   -0.355
                     *                 ],
                     *                 [
                     *                   37.015,
                     *                   -0.355
                     *                 ],
                     *                 [
                     *                   37.015,
                     *                   -0.415
                     *                 ]
                     *               ]
                     *             ]
                     *           },
                     *           "photos": [
                     *             {
                     *               "url": "https://media.demo.canopy.example/kenya/nursery-kabaru.jpg",
                     *               "caption": "Seedlings in the community nursery at Kabaru",
                     *               "taken_at": "2026-02-03",
                     *               "credit": "Green Belt Restoration Trust"
                     *             }
                     *           ],
                     *           "default_species": [
                     *             {
                     *               "name_latin": "Prunus africana",
                     *               "name_common": "African cherry",
                     *               "trees": null
                     *             },
                     *             {
                     *               "name_latin": "Juniperus procera",
                     *               "name_common": "African pencil cedar",
                     *               "trees": null
                     *             },
                     *             {
                     *               "name_latin": "Podocarpus latifolius",
                     *               "name_common": "Real yellowwood",
                     *               "trees": null
                     *             },
                     *             {
                     *               "name_latin": "Croton megalocarpus",
                     *               "name_common": "Croton",
                     *               "trees": null
                     *             }
                     *           ],
                     *           "sdg_goals": [
                     *             6,
                     *             13,
                     *             15
                     *           ],
                     *           "trees": {
                     *             "total": 3020,
                     *             "pledged": 895,
                     *             "planted": 465,
                     *             "monitored": 1660
                     *           },
                     *           "verification": {
                     *             "status": "verified",
                     *             "latest": {
                     *               "id": "ver_UXcMILJFbi8xIvSBwQOO1Exq",
                     *               "object": "verification",
                     *               "livemode": true,
                     *               "project": "prj_K2zzSxxnF1eKUpTXYgwMzqHx",
                     *               "period_start": "2025-09-01",
                     *               "period_end": "2026-08-31",
                     *               "verifier_name": "EcoAudit East Africa",
                     *               "verifier_website_url": "https://ecoaudit-ea.example.org",
                     *               "document_url": "https://media.demo.canopy.example/verifications/mount-kenya-2025.pdf",
                     *               "summary": "Field audit of 40 sample plots confirms planting records and survival figures.",
                     *               "trees_verified": 27000,
                     *               "published_at": "2026-09-15T10:00:00Z"
                     *             }
                     *           },
                     *           "foundation_url": "https://foundation.canopy.example/projects/mount-kenya",
                     *           "created_at": "2026-01-12T08:30:00Z",
                     *           "updated_at": "2026-09-15T10:00:00Z"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        /** @enum {string} */
                        object: "list";
                        url: string;
                        has_more: boolean;
                        data: components["schemas"]["Project"][];
                    };
                };
            };
            /** @description The request is wrong: `parameter_unknown`, `parameter_invalid`, `resource_missing`. */
            400: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "parameter_invalid",
                     *         "message": "Invalid limit: must be <= 100 (got 1000).",
                     *         "param": "limit",
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#parameter_invalid",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid token: `token_missing`, `token_ambiguous`, `token_invalid`, `token_wrong_version`, `token_owner_removed`, `token_revoked`, `token_expired`. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "authentication_error",
                     *         "code": "token_missing",
                     *         "message": "No API token provided. Send it as \"Authorization: Bearer canopy_live_...\" (or canopy_test_...).",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#token_missing",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: `plan_not_allowed`, `company_inactive`, `ip_not_allowed`, `scope_missing`. */
            403: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "permission_error",
                     *         "code": "scope_missing",
                     *         "message": "This API token lacks the scope \"projects:read\", which this request needs.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#scope_missing",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM",
                     *         "required_scope": "projects:read"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests; wait Retry-After seconds: `rate_limited`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "rate_limit_error",
                     *         "code": "rate_limited",
                     *         "message": "This API token has made its 600 requests of this minute (per_token_per_minute). Retry after 12 seconds.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#rate_limited",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM",
                     *         "limit": "per_token_per_minute"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Our fault; retry later: `internal_error`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "api_error",
                     *         "code": "internal_error",
                     *         "message": "Something went wrong on our side. It has been logged; retry later, quoting the request id.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#internal_error",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getProject: {
        parameters: {
            query?: {
                /** @description Related objects to include instead of their ids: partner. */
                "expand[]"?: "partner"[];
            };
            header?: {
                /** @description The language of translated texts (names, descriptions, captions, notes): `en` (the default) or `nl`; Content-Language says which the answer uses. A full header such as `nl-NL, nl;q=0.9` is matched on its base tags. */
                "Accept-Language"?: "en" | "nl";
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Project"];
                };
            };
            /** @description The request is wrong: `parameter_unknown`, `parameter_invalid`. */
            400: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "parameter_unknown",
                     *         "message": "Received unknown parameter: limit.",
                     *         "param": "limit",
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#parameter_unknown",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid token: `token_missing`, `token_ambiguous`, `token_invalid`, `token_wrong_version`, `token_owner_removed`, `token_revoked`, `token_expired`. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "authentication_error",
                     *         "code": "token_missing",
                     *         "message": "No API token provided. Send it as \"Authorization: Bearer canopy_live_...\" (or canopy_test_...).",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#token_missing",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: `plan_not_allowed`, `company_inactive`, `ip_not_allowed`, `scope_missing`. */
            403: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "permission_error",
                     *         "code": "scope_missing",
                     *         "message": "This API token lacks the scope \"projects:read\", which this request needs.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#scope_missing",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM",
                     *         "required_scope": "projects:read"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such object: `resource_missing`. */
            404: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "resource_missing",
                     *         "message": "No such project: 'prj_K2zzSxxnF1eKUpTXYgwMzqHx'.",
                     *         "param": "id",
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#resource_missing",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests; wait Retry-After seconds: `rate_limited`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "rate_limit_error",
                     *         "code": "rate_limited",
                     *         "message": "This API token has made its 600 requests of this minute (per_token_per_minute). Retry after 12 seconds.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#rate_limited",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM",
                     *         "limit": "per_token_per_minute"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Our fault; retry later: `internal_error`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "api_error",
                     *         "code": "internal_error",
                     *         "message": "Something went wrong on our side. It has been logged; retry later, quoting the request id.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#internal_error",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listProjectVerifications: {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100; 25 when left out. */
                limit?: number;
                /** @description Id of the last object of the previous page. */
                starting_after?: string;
            };
            header?: {
                /** @description The language of translated texts (names, descriptions, captions, notes): `en` (the default) or `nl`; Content-Language says which the answer uses. A full header such as `nl-NL, nl;q=0.9` is matched on its base tags. */
                "Accept-Language"?: "en" | "nl";
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Verification statements of the project, newest first. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "object": "list",
                     *       "url": "/v2/projects/prj_K2zzSxxnF1eKUpTXYgwMzqHx/verifications",
                     *       "has_more": true,
                     *       "data": [
                     *         {
                     *           "id": "ver_UXcMILJFbi8xIvSBwQOO1Exq",
                     *           "object": "verification",
                     *           "livemode": true,
                     *           "project": "prj_K2zzSxxnF1eKUpTXYgwMzqHx",
                     *           "period_start": "2025-09-01",
                     *           "period_end": "2026-08-31",
                     *           "verifier_name": "EcoAudit East Africa",
                     *           "verifier_website_url": "https://ecoaudit-ea.example.org",
                     *           "document_url": "https://media.demo.canopy.example/verifications/mount-kenya-2025.pdf",
                     *           "summary": "Field audit of 40 sample plots confirms planting records and survival figures.",
                     *           "trees_verified": 27000,
                     *           "published_at": "2026-09-15T10:00:00Z"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        /** @enum {string} */
                        object: "list";
                        url: string;
                        has_more: boolean;
                        data: components["schemas"]["Verification"][];
                    };
                };
            };
            /** @description The request is wrong: `parameter_unknown`, `parameter_invalid`, `resource_missing`. */
            400: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "parameter_invalid",
                     *         "message": "Invalid limit: must be <= 100 (got 1000).",
                     *         "param": "limit",
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#parameter_invalid",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid token: `token_missing`, `token_ambiguous`, `token_invalid`, `token_wrong_version`, `token_owner_removed`, `token_revoked`, `token_expired`. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "authentication_error",
                     *         "code": "token_missing",
                     *         "message": "No API token provided. Send it as \"Authorization: Bearer canopy_live_...\" (or canopy_test_...).",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#token_missing",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: `plan_not_allowed`, `company_inactive`, `ip_not_allowed`, `scope_missing`. */
            403: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "permission_error",
                     *         "code": "scope_missing",
                     *         "message": "This API token lacks the scope \"projects:read\", which this request needs.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#scope_missing",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM",
                     *         "required_scope": "projects:read"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such object: `resource_missing`. */
            404: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "resource_missing",
                     *         "message": "No such project: 'prj_K2zzSxxnF1eKUpTXYgwMzqHx'.",
                     *         "param": "id",
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#resource_missing",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests; wait Retry-After seconds: `rate_limited`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "rate_limit_error",
                     *         "code": "rate_limited",
                     *         "message": "This API token has made its 600 requests of this minute (per_token_per_minute). Retry after 12 seconds.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#rate_limited",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM",
                     *         "limit": "per_token_per_minute"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Our fault; retry later: `internal_error`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "api_error",
                     *         "code": "internal_error",
                     *         "message": "Something went wrong on our side. It has been logged; retry later, quoting the request id.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#internal_error",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listProjectMonitoring: {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100; 25 when left out. */
                limit?: number;
                /** @description Id of the last object of the previous page. */
                starting_after?: string;
            };
            header?: {
                /** @description The language of translated texts (names, descriptions, captions, notes): `en` (the default) or `nl`; Content-Language says which the answer uses. A full header such as `nl-NL, nl;q=0.9` is matched on its base tags. */
                "Accept-Language"?: "en" | "nl";
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Measurements of the project and its plantings, newest first. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "object": "list",
                     *       "url": "/v2/projects/prj_K2zzSxxnF1eKUpTXYgwMzqHx/monitoring",
                     *       "has_more": true,
                     *       "data": [
                     *         {
                     *           "id": "mon_v9UF8kF6JMvBiTCMbkAhGdOT",
                     *           "object": "monitoring",
                     *           "livemode": true,
                     *           "planting": "plt_lvYQqGL9TMknwnJNH6nysbCj",
                     *           "project": "prj_K2zzSxxnF1eKUpTXYgwMzqHx",
                     *           "recorded_at": "2026-10-20",
                     *           "survival_rate": 0.91,
                     *           "trees_alive": 10920,
                     *           "method": "sample_plot_count",
                     *           "photos": [
                     *             {
                     *               "url": "https://media.demo.canopy.example/kenya/kabaru-six-months.jpg",
                     *               "caption": "Six months later: the first saplings above the grass",
                     *               "taken_at": "2026-10-20",
                     *               "credit": "Green Belt Restoration Trust"
                     *             }
                     *           ],
                     *           "notes": "Some losses after a dry spell in August."
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        /** @enum {string} */
                        object: "list";
                        url: string;
                        has_more: boolean;
                        data: components["schemas"]["Monitoring"][];
                    };
                };
            };
            /** @description The request is wrong: `parameter_unknown`, `parameter_invalid`, `resource_missing`. */
            400: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "parameter_invalid",
                     *         "message": "Invalid limit: must be <= 100 (got 1000).",
                     *         "param": "limit",
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#parameter_invalid",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid token: `token_missing`, `token_ambiguous`, `token_invalid`, `token_wrong_version`, `token_owner_removed`, `token_revoked`, `token_expired`. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "authentication_error",
                     *         "code": "token_missing",
                     *         "message": "No API token provided. Send it as \"Authorization: Bearer canopy_live_...\" (or canopy_test_...).",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#token_missing",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: `plan_not_allowed`, `company_inactive`, `ip_not_allowed`, `scope_missing`. */
            403: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "permission_error",
                     *         "code": "scope_missing",
                     *         "message": "This API token lacks the scope \"projects:read\", which this request needs.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#scope_missing",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM",
                     *         "required_scope": "projects:read"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such object: `resource_missing`. */
            404: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "resource_missing",
                     *         "message": "No such project: 'prj_K2zzSxxnF1eKUpTXYgwMzqHx'.",
                     *         "param": "id",
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#resource_missing",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests; wait Retry-After seconds: `rate_limited`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "rate_limit_error",
                     *         "code": "rate_limited",
                     *         "message": "This API token has made its 600 requests of this minute (per_token_per_minute). Retry after 12 seconds.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#rate_limited",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM",
                     *         "limit": "per_token_per_minute"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Our fault; retry later: `internal_error`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "api_error",
                     *         "code": "internal_error",
                     *         "message": "Something went wrong on our side. It has been logged; retry later, quoting the request id.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#internal_error",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listRecipients: {
        parameters: {
            query?: {
                /** @description Exact match. */
                external_reference?: string;
                source?: "api" | "dashboard" | "gift_code" | "foundation" | "legacy";
                project?: string;
                /** @description Only objects updated at or after this time. */
                updated_since?: string;
                /** @description Only objects created at or after this time. */
                created_since?: string;
                /** @description Page size, 1 to 100; 25 when left out. */
                limit?: number;
                /** @description Id of the last object of the previous page. */
                starting_after?: string;
            };
            header?: {
                /** @description The language of translated texts (names, descriptions, captions, notes): `en` (the default) or `nl`; Content-Language says which the answer uses. A full header such as `nl-NL, nl;q=0.9` is matched on its base tags. */
                "Accept-Language"?: "en" | "nl";
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Recipients, newest first. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "object": "list",
                     *       "url": "/v2/recipients",
                     *       "has_more": true,
                     *       "data": [
                     *         {
                     *           "id": "rcp_2H7sCB2jZ5uK8pRA2pocvvDv",
                     *           "object": "recipient",
                     *           "livemode": true,
                     *           "first_name": "Amara",
                     *           "last_name": "Ndiaye",
                     *           "email": "amara.ndiaye@example.com",
                     *           "language": "en",
                     *           "external_reference": "order-10412",
                     *           "trees": 10,
                     *           "project": "prj_K2zzSxxnF1eKUpTXYgwMzqHx",
                     *           "message": "Thank you for choosing our Kenyan single origin.",
                     *           "source": "api",
                     *           "send_email": true,
                     *           "gift_code": null,
                     *           "certificate": {
                     *             "id": "cert_2xNh4yblVdHnOm27ZrE2ke02",
                     *             "object": "certificate",
                     *             "livemode": true,
                     *             "type": "personal",
                     *             "number": "CNP-2026-000214",
                     *             "trees": 10,
                     *             "project": "prj_K2zzSxxnF1eKUpTXYgwMzqHx",
                     *             "recipient": "rcp_2H7sCB2jZ5uK8pRA2pocvvDv",
                     *             "allocations": [
                     *               "alloc_db5w2HYItbI9C9wXsPYeZW2q"
                     *             ],
                     *             "language": "en",
                     *             "issued_at": "2026-11-17T09:50:34Z",
                     *             "url": "http://127.0.0.1:3000/certificates/cert_2xNh4yblVdHnOm27ZrE2ke02",
                     *             "download_url": "http://127.0.0.1:3000/certificates/cert_2xNh4yblVdHnOm27ZrE2ke02/download?expires=1794916241&signature=131a8182c3fd7901a794d0200bf8e9d8c560e9ceb154426143fc010603624603",
                     *             "created_at": "2026-11-17T09:50:34Z",
                     *             "updated_at": "2026-11-17T09:50:34Z"
                     *           },
                     *           "allocations": [
                     *             "alloc_db5w2HYItbI9C9wXsPYeZW2q"
                     *           ],
                     *           "email_sent_at": "2026-11-17T09:50:41Z",
                     *           "claimed_at": null,
                     *           "created_at": "2026-11-17T09:50:31Z",
                     *           "updated_at": "2026-11-17T09:50:41Z"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        /** @enum {string} */
                        object: "list";
                        url: string;
                        has_more: boolean;
                        data: components["schemas"]["Recipient"][];
                    };
                };
            };
            /** @description The request is wrong: `parameter_unknown`, `parameter_invalid`, `resource_missing`. */
            400: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "parameter_invalid",
                     *         "message": "Invalid limit: must be <= 100 (got 1000).",
                     *         "param": "limit",
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#parameter_invalid",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid token: `token_missing`, `token_ambiguous`, `token_invalid`, `token_wrong_version`, `token_owner_removed`, `token_revoked`, `token_expired`. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "authentication_error",
                     *         "code": "token_missing",
                     *         "message": "No API token provided. Send it as \"Authorization: Bearer canopy_live_...\" (or canopy_test_...).",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#token_missing",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: `plan_not_allowed`, `company_inactive`, `ip_not_allowed`, `scope_missing`. */
            403: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "permission_error",
                     *         "code": "scope_missing",
                     *         "message": "This API token lacks the scope \"recipients:read\", which this request needs.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#scope_missing",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM",
                     *         "required_scope": "recipients:read"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests; wait Retry-After seconds: `rate_limited`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "rate_limit_error",
                     *         "code": "rate_limited",
                     *         "message": "This API token has made its 600 requests of this minute (per_token_per_minute). Retry after 12 seconds.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#rate_limited",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM",
                     *         "limit": "per_token_per_minute"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Our fault; retry later: `internal_error`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "api_error",
                     *         "code": "internal_error",
                     *         "message": "Something went wrong on our side. It has been logged; retry later, quoting the request id.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#internal_error",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createRecipient: {
        parameters: {
            query?: never;
            header: {
                /** @description The language of translated texts (names, descriptions, captions, notes): `en` (the default) or `nl`; Content-Language says which the answer uses. A full header such as `nl-NL, nl;q=0.9` is matched on its base tags. */
                "Accept-Language"?: "en" | "nl";
                /** @description Required: a retry with the same key and body within 24 hours gets the first answer again, with `Idempotent-Replayed: true`, instead of acting twice. At most 255 characters. */
                "Idempotency-Key": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "trees": 10,
                 *       "first_name": "Amara",
                 *       "last_name": "Ndiaye",
                 *       "email": "amara.ndiaye@example.com",
                 *       "language": "en",
                 *       "external_reference": "order-10412",
                 *       "message": "Thank you for choosing our Kenyan single origin.",
                 *       "send_email": true,
                 *       "project": "prj_K2zzSxxnF1eKUpTXYgwMzqHx"
                 *     }
                 */
                "application/json": {
                    /** @description Trees taken from your unassigned trees, oldest first. */
                    trees: number;
                    /** @description First name, as printed on the certificate. */
                    first_name?: string;
                    /** @description Last name, as printed on the certificate. */
                    last_name?: string;
                    /** Format: email */
                    email?: string;
                    /**
                     * @description Language of the certificate and email.
                     * @enum {string}
                     */
                    language?: "en" | "nl";
                    /** @description Your order or customer number; unique among your recipients. */
                    external_reference?: string;
                    /** @description Printed on the certificate. */
                    message?: string;
                    /** @description Email the certificate to `email` in `language` (needs email; never in test mode). */
                    send_email?: boolean;
                    /** @description Take the trees from this project only. */
                    project?: string;
                };
            };
        };
        responses: {
            /** @description A person or customer trees were assigned to. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "rcp_2H7sCB2jZ5uK8pRA2pocvvDv",
                     *       "object": "recipient",
                     *       "livemode": true,
                     *       "first_name": "Amara",
                     *       "last_name": "Ndiaye",
                     *       "email": "amara.ndiaye@example.com",
                     *       "language": "en",
                     *       "external_reference": "order-10412",
                     *       "trees": 10,
                     *       "project": "prj_K2zzSxxnF1eKUpTXYgwMzqHx",
                     *       "message": "Thank you for choosing our Kenyan single origin.",
                     *       "source": "api",
                     *       "send_email": true,
                     *       "gift_code": null,
                     *       "certificate": null,
                     *       "allocations": [
                     *         "alloc_db5w2HYItbI9C9wXsPYeZW2q"
                     *       ],
                     *       "email_sent_at": null,
                     *       "claimed_at": null,
                     *       "created_at": "2026-11-17T09:50:31Z",
                     *       "updated_at": "2026-11-17T09:50:31Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Recipient"];
                };
            };
            /** @description The request is wrong: `idempotency_key_missing`, `idempotency_key_too_long`, `parameter_unknown`, `parameter_missing`, `parameter_invalid`, `body_invalid_json`, `body_too_deep`. */
            400: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "parameter_missing",
                     *         "message": "Missing required parameter: trees.",
                     *         "param": "trees",
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#parameter_missing",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid token: `token_missing`, `token_ambiguous`, `token_invalid`, `token_wrong_version`, `token_owner_removed`, `token_revoked`, `token_expired`. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "authentication_error",
                     *         "code": "token_missing",
                     *         "message": "No API token provided. Send it as \"Authorization: Bearer canopy_live_...\" (or canopy_test_...).",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#token_missing",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: `plan_not_allowed`, `company_inactive`, `ip_not_allowed`, `scope_missing`, `owner_role_not_allowed`. */
            403: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "permission_error",
                     *         "code": "scope_missing",
                     *         "message": "This API token lacks the scope \"recipients:write\", which this request needs.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#scope_missing",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM",
                     *         "required_scope": "recipients:write"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such object: `resource_missing`. */
            404: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "resource_missing",
                     *         "message": "No such project: 'prj_K2zzSxxnF1eKUpTXYgwMzqHx'.",
                     *         "param": "project",
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#resource_missing",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state: `request_in_progress`, `external_reference_taken`. */
            409: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "external_reference_taken",
                     *         "message": "Recipient rcp_2H7sCB2jZ5uK8pRA2pocvvDv already has external_reference \"order-10412\".",
                     *         "param": "external_reference",
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#external_reference_taken",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large: `body_too_large`. */
            413: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "body_too_large",
                     *         "message": "The request body is larger than 1048576 bytes.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#body_too_large",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body not JSON: `unsupported_media_type`. */
            415: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "unsupported_media_type",
                     *         "message": "Unsupported Content-Type \"application/x-www-form-urlencoded\"; send application/json.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#unsupported_media_type",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused: `idempotency_key_reused`, `no_trees_available`. */
            422: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "no_trees_available",
                     *         "message": "Only 8 unassigned trees are available; 10 were asked for (company cmp_ECcNQf2suOoOOsgAwpIYiIP9, project \"Mount Kenya Montane Forest Restoration\").",
                     *         "param": "trees",
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#no_trees_available",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests; wait Retry-After seconds: `rate_limited`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "rate_limit_error",
                     *         "code": "rate_limited",
                     *         "message": "This API token has made its 600 requests of this minute (per_token_per_minute). Retry after 12 seconds.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#rate_limited",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM",
                     *         "limit": "per_token_per_minute"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Our fault; retry later: `internal_error`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "api_error",
                     *         "code": "internal_error",
                     *         "message": "Something went wrong on our side. It has been logged; retry later, quoting the request id.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#internal_error",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getRecipient: {
        parameters: {
            query?: never;
            header?: {
                /** @description The language of translated texts (names, descriptions, captions, notes): `en` (the default) or `nl`; Content-Language says which the answer uses. A full header such as `nl-NL, nl;q=0.9` is matched on its base tags. */
                "Accept-Language"?: "en" | "nl";
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A person or customer trees were assigned to. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Recipient"];
                };
            };
            /** @description The request is wrong: `parameter_unknown`, `parameter_invalid`. */
            400: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "parameter_unknown",
                     *         "message": "Received unknown parameter: limit.",
                     *         "param": "limit",
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#parameter_unknown",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid token: `token_missing`, `token_ambiguous`, `token_invalid`, `token_wrong_version`, `token_owner_removed`, `token_revoked`, `token_expired`. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "authentication_error",
                     *         "code": "token_missing",
                     *         "message": "No API token provided. Send it as \"Authorization: Bearer canopy_live_...\" (or canopy_test_...).",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#token_missing",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: `plan_not_allowed`, `company_inactive`, `ip_not_allowed`, `scope_missing`. */
            403: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "permission_error",
                     *         "code": "scope_missing",
                     *         "message": "This API token lacks the scope \"recipients:read\", which this request needs.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#scope_missing",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM",
                     *         "required_scope": "recipients:read"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such object: `resource_missing`. */
            404: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "resource_missing",
                     *         "message": "No such recipient: 'rcp_2H7sCB2jZ5uK8pRA2pocvvDv'.",
                     *         "param": "id",
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#resource_missing",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests; wait Retry-After seconds: `rate_limited`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "rate_limit_error",
                     *         "code": "rate_limited",
                     *         "message": "This API token has made its 600 requests of this minute (per_token_per_minute). Retry after 12 seconds.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#rate_limited",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM",
                     *         "limit": "per_token_per_minute"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Our fault; retry later: `internal_error`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "api_error",
                     *         "code": "internal_error",
                     *         "message": "Something went wrong on our side. It has been logged; retry later, quoting the request id.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#internal_error",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteRecipient: {
        parameters: {
            query?: never;
            header?: {
                /** @description The language of translated texts (names, descriptions, captions, notes): `en` (the default) or `nl`; Content-Language says which the answer uses. A full header such as `nl-NL, nl;q=0.9` is matched on its base tags. */
                "Accept-Language"?: "en" | "nl";
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "rcp_2H7sCB2jZ5uK8pRA2pocvvDv",
                     *       "object": "recipient",
                     *       "deleted": true
                     *     }
                     */
                    "application/json": {
                        id: string;
                        /** @enum {string} */
                        object: "recipient";
                        /** @enum {boolean} */
                        deleted: true;
                    };
                };
            };
            /** @description The request is wrong: `parameter_unknown`, `parameter_invalid`, `body_invalid_json`, `body_too_deep`. */
            400: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "parameter_unknown",
                     *         "message": "Received unknown parameter: limit.",
                     *         "param": "limit",
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#parameter_unknown",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid token: `token_missing`, `token_ambiguous`, `token_invalid`, `token_wrong_version`, `token_owner_removed`, `token_revoked`, `token_expired`. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "authentication_error",
                     *         "code": "token_missing",
                     *         "message": "No API token provided. Send it as \"Authorization: Bearer canopy_live_...\" (or canopy_test_...).",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#token_missing",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: `plan_not_allowed`, `company_inactive`, `ip_not_allowed`, `scope_missing`, `owner_role_not_allowed`. */
            403: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "permission_error",
                     *         "code": "scope_missing",
                     *         "message": "This API token lacks the scope \"recipients:write\", which this request needs.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#scope_missing",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM",
                     *         "required_scope": "recipients:write"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such object: `resource_missing`. */
            404: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "resource_missing",
                     *         "message": "No such recipient: 'rcp_2H7sCB2jZ5uK8pRA2pocvvDv'.",
                     *         "param": "id",
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#resource_missing",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large: `body_too_large`. */
            413: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "body_too_large",
                     *         "message": "The request body is larger than 1048576 bytes.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#body_too_large",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body not JSON: `unsupported_media_type`. */
            415: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "unsupported_media_type",
                     *         "message": "Unsupported Content-Type \"application/x-www-form-urlencoded\"; send application/json.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#unsupported_media_type",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests; wait Retry-After seconds: `rate_limited`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "rate_limit_error",
                     *         "code": "rate_limited",
                     *         "message": "This API token has made its 600 requests of this minute (per_token_per_minute). Retry after 12 seconds.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#rate_limited",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM",
                     *         "limit": "per_token_per_minute"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Our fault; retry later: `internal_error`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "api_error",
                     *         "code": "internal_error",
                     *         "message": "Something went wrong on our side. It has been logged; retry later, quoting the request id.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#internal_error",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateRecipient: {
        parameters: {
            query?: never;
            header?: {
                /** @description The language of translated texts (names, descriptions, captions, notes): `en` (the default) or `nl`; Content-Language says which the answer uses. A full header such as `nl-NL, nl;q=0.9` is matched on its base tags. */
                "Accept-Language"?: "en" | "nl";
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "amara.n@example.com"
                 *     }
                 */
                "application/json": {
                    first_name?: string | null;
                    last_name?: string | null;
                    email?: string | null;
                    /**
                     * @description Language of the certificate and email.
                     * @enum {string}
                     */
                    language?: "en" | "nl";
                    external_reference?: string | null;
                    message?: string | null;
                    send_email?: boolean;
                    /** @description Cannot change after creation. */
                    trees?: unknown;
                    /** @description Cannot change after creation. */
                    project?: unknown;
                };
            };
        };
        responses: {
            /** @description A person or customer trees were assigned to. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "rcp_2H7sCB2jZ5uK8pRA2pocvvDv",
                     *       "object": "recipient",
                     *       "livemode": true,
                     *       "first_name": "Amara",
                     *       "last_name": "Ndiaye",
                     *       "email": "amara.n@example.com",
                     *       "language": "en",
                     *       "external_reference": "order-10412",
                     *       "trees": 10,
                     *       "project": "prj_K2zzSxxnF1eKUpTXYgwMzqHx",
                     *       "message": "Thank you for choosing our Kenyan single origin.",
                     *       "source": "api",
                     *       "send_email": true,
                     *       "gift_code": null,
                     *       "certificate": {
                     *         "id": "cert_2xNh4yblVdHnOm27ZrE2ke02",
                     *         "object": "certificate",
                     *         "livemode": true,
                     *         "type": "personal",
                     *         "number": "CNP-2026-000214",
                     *         "trees": 10,
                     *         "project": "prj_K2zzSxxnF1eKUpTXYgwMzqHx",
                     *         "recipient": "rcp_2H7sCB2jZ5uK8pRA2pocvvDv",
                     *         "allocations": [
                     *           "alloc_db5w2HYItbI9C9wXsPYeZW2q"
                     *         ],
                     *         "language": "en",
                     *         "issued_at": "2026-11-17T09:50:34Z",
                     *         "url": "http://127.0.0.1:3000/certificates/cert_2xNh4yblVdHnOm27ZrE2ke02",
                     *         "download_url": "http://127.0.0.1:3000/certificates/cert_2xNh4yblVdHnOm27ZrE2ke02/download?expires=1794916241&signature=131a8182c3fd7901a794d0200bf8e9d8c560e9ceb154426143fc010603624603",
                     *         "created_at": "2026-11-17T09:50:34Z",
                     *         "updated_at": "2026-11-17T09:50:34Z"
                     *       },
                     *       "allocations": [
                     *         "alloc_db5w2HYItbI9C9wXsPYeZW2q"
                     *       ],
                     *       "email_sent_at": "2026-11-17T09:50:41Z",
                     *       "claimed_at": null,
                     *       "created_at": "2026-11-17T09:50:31Z",
                     *       "updated_at": "2026-11-19T15:02:11Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Recipient"];
                };
            };
            /** @description The request is wrong: `parameter_unknown`, `parameter_invalid`, `body_invalid_json`, `body_too_deep`, `parameter_missing`. */
            400: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "parameter_missing",
                     *         "message": "send_email is true, so the email to send the certificate to is needed.",
                     *         "param": "email",
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#parameter_missing",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid token: `token_missing`, `token_ambiguous`, `token_invalid`, `token_wrong_version`, `token_owner_removed`, `token_revoked`, `token_expired`. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "authentication_error",
                     *         "code": "token_missing",
                     *         "message": "No API token provided. Send it as \"Authorization: Bearer canopy_live_...\" (or canopy_test_...).",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#token_missing",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: `plan_not_allowed`, `company_inactive`, `ip_not_allowed`, `scope_missing`, `owner_role_not_allowed`. */
            403: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "permission_error",
                     *         "code": "scope_missing",
                     *         "message": "This API token lacks the scope \"recipients:write\", which this request needs.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#scope_missing",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM",
                     *         "required_scope": "recipients:write"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such object: `resource_missing`. */
            404: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "resource_missing",
                     *         "message": "No such recipient: 'rcp_2H7sCB2jZ5uK8pRA2pocvvDv'.",
                     *         "param": "id",
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#resource_missing",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state: `external_reference_taken`. */
            409: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "external_reference_taken",
                     *         "message": "Recipient rcp_2H7sCB2jZ5uK8pRA2pocvvDv already has external_reference \"order-10412\".",
                     *         "param": "external_reference",
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#external_reference_taken",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large: `body_too_large`. */
            413: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "body_too_large",
                     *         "message": "The request body is larger than 1048576 bytes.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#body_too_large",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body not JSON: `unsupported_media_type`. */
            415: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "unsupported_media_type",
                     *         "message": "Unsupported Content-Type \"application/x-www-form-urlencoded\"; send application/json.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#unsupported_media_type",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests; wait Retry-After seconds: `rate_limited`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "rate_limit_error",
                     *         "code": "rate_limited",
                     *         "message": "This API token has made its 600 requests of this minute (per_token_per_minute). Retry after 12 seconds.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#rate_limited",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM",
                     *         "limit": "per_token_per_minute"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Our fault; retry later: `internal_error`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "api_error",
                     *         "code": "internal_error",
                     *         "message": "Something went wrong on our side. It has been logged; retry later, quoting the request id.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#internal_error",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listGiftCodes: {
        parameters: {
            query?: {
                status?: "open" | "claimed" | "expired" | "revoked";
                /** @description Exact match. */
                external_reference?: string;
                /** @description Only objects updated at or after this time. */
                updated_since?: string;
                /** @description Only objects created at or after this time. */
                created_since?: string;
                /** @description Page size, 1 to 100; 25 when left out. */
                limit?: number;
                /** @description Id of the last object of the previous page. */
                starting_after?: string;
                /** @description Related objects to include instead of their ids: recipient. */
                "expand[]"?: "recipient"[];
            };
            header?: {
                /** @description The language of translated texts (names, descriptions, captions, notes): `en` (the default) or `nl`; Content-Language says which the answer uses. A full header such as `nl-NL, nl;q=0.9` is matched on its base tags. */
                "Accept-Language"?: "en" | "nl";
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Gift codes, newest first. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "object": "list",
                     *       "url": "/v2/gift-codes",
                     *       "has_more": true,
                     *       "data": [
                     *         {
                     *           "id": "gift_maS35YKFUVeYwL4IQ9FMVWMk",
                     *           "object": "gift_code",
                     *           "livemode": true,
                     *           "code": "7KQM-4TXR-9HBW",
                     *           "claim_url": "http://127.0.0.1:3000/gift/7KQM-4TXR-9HBW",
                     *           "status": "open",
                     *           "trees": 5,
                     *           "project": null,
                     *           "sent_to": {
                     *             "name": "Noor Bakker",
                     *             "email": "noor.bakker@example.nl"
                     *           },
                     *           "external_reference": "NEWSLETTER-2026-11",
                     *           "recipient": null,
                     *           "valid_until": "2027-11-20T09:55:00Z",
                     *           "claimed_at": null,
                     *           "created_at": "2026-11-20T09:55:00Z",
                     *           "updated_at": "2026-11-20T09:55:00Z"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        /** @enum {string} */
                        object: "list";
                        url: string;
                        has_more: boolean;
                        data: components["schemas"]["GiftCode"][];
                    };
                };
            };
            /** @description The request is wrong: `parameter_unknown`, `parameter_invalid`, `resource_missing`. */
            400: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "parameter_invalid",
                     *         "message": "Invalid limit: must be <= 100 (got 1000).",
                     *         "param": "limit",
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#parameter_invalid",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid token: `token_missing`, `token_ambiguous`, `token_invalid`, `token_wrong_version`, `token_owner_removed`, `token_revoked`, `token_expired`. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "authentication_error",
                     *         "code": "token_missing",
                     *         "message": "No API token provided. Send it as \"Authorization: Bearer canopy_live_...\" (or canopy_test_...).",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#token_missing",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: `plan_not_allowed`, `company_inactive`, `ip_not_allowed`, `scope_missing`. */
            403: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "permission_error",
                     *         "code": "scope_missing",
                     *         "message": "This API token lacks the scope \"gift-codes:read\", which this request needs.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#scope_missing",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM",
                     *         "required_scope": "gift-codes:read"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests; wait Retry-After seconds: `rate_limited`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "rate_limit_error",
                     *         "code": "rate_limited",
                     *         "message": "This API token has made its 600 requests of this minute (per_token_per_minute). Retry after 12 seconds.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#rate_limited",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM",
                     *         "limit": "per_token_per_minute"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Our fault; retry later: `internal_error`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "api_error",
                     *         "code": "internal_error",
                     *         "message": "Something went wrong on our side. It has been logged; retry later, quoting the request id.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#internal_error",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createGiftCode: {
        parameters: {
            query?: never;
            header: {
                /** @description The language of translated texts (names, descriptions, captions, notes): `en` (the default) or `nl`; Content-Language says which the answer uses. A full header such as `nl-NL, nl;q=0.9` is matched on its base tags. */
                "Accept-Language"?: "en" | "nl";
                /** @description Required: a retry with the same key and body within 24 hours gets the first answer again, with `Idempotent-Replayed: true`, instead of acting twice. At most 255 characters. */
                "Idempotency-Key": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "trees": 5,
                 *       "sent_to": {
                 *         "name": "Noor Bakker",
                 *         "email": "noor.bakker@example.nl"
                 *       },
                 *       "external_reference": "NEWSLETTER-2026-11"
                 *     }
                 */
                "application/json": {
                    /** @description Trees reserved from your unassigned trees, oldest first. */
                    trees: number;
                    /**
                     * Format: date-time
                     * @description Until when the code can be claimed: in the future, at most 1095 days ahead; 365 days when left out.
                     */
                    valid_until?: string;
                    /** @description Who you hand the code to, for your own records; Canopy does not email the code. */
                    sent_to?: {
                        name?: string;
                        /** Format: email */
                        email?: string;
                    };
                    /** @description Your own reference (a campaign, an order); need not be unique. */
                    external_reference?: string;
                    /** @description Reserve trees from this project only. */
                    project?: string;
                };
            };
        };
        responses: {
            /** @description Trees reserved behind a code that a person claims on a public page. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "gift_maS35YKFUVeYwL4IQ9FMVWMk",
                     *       "object": "gift_code",
                     *       "livemode": true,
                     *       "code": "7KQM-4TXR-9HBW",
                     *       "claim_url": "http://127.0.0.1:3000/gift/7KQM-4TXR-9HBW",
                     *       "status": "open",
                     *       "trees": 5,
                     *       "project": null,
                     *       "sent_to": {
                     *         "name": "Noor Bakker",
                     *         "email": "noor.bakker@example.nl"
                     *       },
                     *       "external_reference": "NEWSLETTER-2026-11",
                     *       "recipient": null,
                     *       "valid_until": "2027-11-20T09:55:00Z",
                     *       "claimed_at": null,
                     *       "created_at": "2026-11-20T09:55:00Z",
                     *       "updated_at": "2026-11-20T09:55:00Z"
                     *     }
                     */
                    "application/json": components["schemas"]["GiftCode"];
                };
            };
            /** @description The request is wrong: `idempotency_key_missing`, `idempotency_key_too_long`, `parameter_unknown`, `parameter_missing`, `parameter_invalid`, `body_invalid_json`, `body_too_deep`. */
            400: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "parameter_missing",
                     *         "message": "Missing required parameter: trees.",
                     *         "param": "trees",
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#parameter_missing",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid token: `token_missing`, `token_ambiguous`, `token_invalid`, `token_wrong_version`, `token_owner_removed`, `token_revoked`, `token_expired`. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "authentication_error",
                     *         "code": "token_missing",
                     *         "message": "No API token provided. Send it as \"Authorization: Bearer canopy_live_...\" (or canopy_test_...).",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#token_missing",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: `plan_not_allowed`, `company_inactive`, `ip_not_allowed`, `scope_missing`, `owner_role_not_allowed`. */
            403: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "permission_error",
                     *         "code": "scope_missing",
                     *         "message": "This API token lacks the scope \"gift-codes:write\", which this request needs.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#scope_missing",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM",
                     *         "required_scope": "gift-codes:write"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such object: `resource_missing`. */
            404: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "resource_missing",
                     *         "message": "No such project: 'prj_K2zzSxxnF1eKUpTXYgwMzqHx'.",
                     *         "param": "project",
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#resource_missing",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state: `request_in_progress`. */
            409: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "idempotency_error",
                     *         "code": "request_in_progress",
                     *         "message": "A request with Idempotency-Key \"order-10412\" is still being processed. Retry in a moment to get its result.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#request_in_progress",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large: `body_too_large`. */
            413: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "body_too_large",
                     *         "message": "The request body is larger than 1048576 bytes.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#body_too_large",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body not JSON: `unsupported_media_type`. */
            415: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "unsupported_media_type",
                     *         "message": "Unsupported Content-Type \"application/x-www-form-urlencoded\"; send application/json.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#unsupported_media_type",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused: `idempotency_key_reused`, `no_trees_available`. */
            422: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "no_trees_available",
                     *         "message": "Only 8 unassigned trees are available; 10 were asked for (company cmp_ECcNQf2suOoOOsgAwpIYiIP9, project \"Mount Kenya Montane Forest Restoration\").",
                     *         "param": "trees",
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#no_trees_available",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests; wait Retry-After seconds: `rate_limited`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "rate_limit_error",
                     *         "code": "rate_limited",
                     *         "message": "This API token has made its 600 requests of this minute (per_token_per_minute). Retry after 12 seconds.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#rate_limited",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM",
                     *         "limit": "per_token_per_minute"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Our fault; retry later: `internal_error`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "api_error",
                     *         "code": "internal_error",
                     *         "message": "Something went wrong on our side. It has been logged; retry later, quoting the request id.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#internal_error",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getGiftCode: {
        parameters: {
            query?: {
                /** @description Related objects to include instead of their ids: recipient. */
                "expand[]"?: "recipient"[];
            };
            header?: {
                /** @description The language of translated texts (names, descriptions, captions, notes): `en` (the default) or `nl`; Content-Language says which the answer uses. A full header such as `nl-NL, nl;q=0.9` is matched on its base tags. */
                "Accept-Language"?: "en" | "nl";
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Trees reserved behind a code that a person claims on a public page. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GiftCode"];
                };
            };
            /** @description The request is wrong: `parameter_unknown`, `parameter_invalid`. */
            400: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "parameter_unknown",
                     *         "message": "Received unknown parameter: limit.",
                     *         "param": "limit",
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#parameter_unknown",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid token: `token_missing`, `token_ambiguous`, `token_invalid`, `token_wrong_version`, `token_owner_removed`, `token_revoked`, `token_expired`. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "authentication_error",
                     *         "code": "token_missing",
                     *         "message": "No API token provided. Send it as \"Authorization: Bearer canopy_live_...\" (or canopy_test_...).",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#token_missing",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: `plan_not_allowed`, `company_inactive`, `ip_not_allowed`, `scope_missing`. */
            403: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "permission_error",
                     *         "code": "scope_missing",
                     *         "message": "This API token lacks the scope \"gift-codes:read\", which this request needs.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#scope_missing",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM",
                     *         "required_scope": "gift-codes:read"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such object: `resource_missing`. */
            404: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "resource_missing",
                     *         "message": "No such gift_code: 'gift_maS35YKFUVeYwL4IQ9FMVWMk'.",
                     *         "param": "id",
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#resource_missing",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests; wait Retry-After seconds: `rate_limited`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "rate_limit_error",
                     *         "code": "rate_limited",
                     *         "message": "This API token has made its 600 requests of this minute (per_token_per_minute). Retry after 12 seconds.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#rate_limited",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM",
                     *         "limit": "per_token_per_minute"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Our fault; retry later: `internal_error`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "api_error",
                     *         "code": "internal_error",
                     *         "message": "Something went wrong on our side. It has been logged; retry later, quoting the request id.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#internal_error",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    revokeGiftCode: {
        parameters: {
            query?: never;
            header?: {
                /** @description The language of translated texts (names, descriptions, captions, notes): `en` (the default) or `nl`; Content-Language says which the answer uses. A full header such as `nl-NL, nl;q=0.9` is matched on its base tags. */
                "Accept-Language"?: "en" | "nl";
                /** @description Optional: a retry with the same key and body within 24 hours gets the first answer again, with `Idempotent-Replayed: true`, instead of acting twice. At most 255 characters. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "remove_personal_data": true
                 *     }
                 */
                "application/json": {
                    /** @description Also erase who the code was handed to (`sent_to`), here and in stored responses, for a data removal request. Allowed on a code already revoked or expired too, to erase its sent_to alone. Default false. */
                    remove_personal_data?: boolean;
                };
            };
        };
        responses: {
            /** @description Trees reserved behind a code that a person claims on a public page. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "gift_AUm8SscuzM2fwc3gsTIG02FE",
                     *       "object": "gift_code",
                     *       "livemode": true,
                     *       "code": "C3VN-8PDJ-2MRE",
                     *       "claim_url": "http://127.0.0.1:3000/gift/C3VN-8PDJ-2MRE",
                     *       "status": "revoked",
                     *       "trees": 2,
                     *       "project": null,
                     *       "sent_to": {
                     *         "name": null,
                     *         "email": null
                     *       },
                     *       "external_reference": "GIFTCARD-0117",
                     *       "recipient": null,
                     *       "valid_until": "2027-10-17T13:00:00Z",
                     *       "claimed_at": null,
                     *       "created_at": "2026-10-17T13:00:00Z",
                     *       "updated_at": "2026-10-22T08:40:00Z"
                     *     }
                     */
                    "application/json": components["schemas"]["GiftCode"];
                };
            };
            /** @description The request is wrong: `idempotency_key_too_long`, `parameter_unknown`, `parameter_invalid`, `body_invalid_json`, `body_too_deep`. */
            400: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "parameter_unknown",
                     *         "message": "Received unknown parameter: limit.",
                     *         "param": "limit",
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#parameter_unknown",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid token: `token_missing`, `token_ambiguous`, `token_invalid`, `token_wrong_version`, `token_owner_removed`, `token_revoked`, `token_expired`. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "authentication_error",
                     *         "code": "token_missing",
                     *         "message": "No API token provided. Send it as \"Authorization: Bearer canopy_live_...\" (or canopy_test_...).",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#token_missing",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: `plan_not_allowed`, `company_inactive`, `ip_not_allowed`, `scope_missing`, `owner_role_not_allowed`. */
            403: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "permission_error",
                     *         "code": "scope_missing",
                     *         "message": "This API token lacks the scope \"gift-codes:write\", which this request needs.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#scope_missing",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM",
                     *         "required_scope": "gift-codes:write"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such object: `resource_missing`. */
            404: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "resource_missing",
                     *         "message": "No such gift_code: 'gift_maS35YKFUVeYwL4IQ9FMVWMk'.",
                     *         "param": "id",
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#resource_missing",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state: `request_in_progress`, `gift_code_not_open`. */
            409: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "gift_code_not_open",
                     *         "message": "Gift code gift_0OzWDKQJACTVNR9wEchSXmmt is claimed; only an open code can be revoked. To take its trees back, delete the recipient who claimed it.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#gift_code_not_open",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large: `body_too_large`. */
            413: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "body_too_large",
                     *         "message": "The request body is larger than 1048576 bytes.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#body_too_large",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body not JSON: `unsupported_media_type`. */
            415: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "unsupported_media_type",
                     *         "message": "Unsupported Content-Type \"application/x-www-form-urlencoded\"; send application/json.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#unsupported_media_type",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused: `idempotency_key_reused`. */
            422: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "idempotency_error",
                     *         "code": "idempotency_key_reused",
                     *         "message": "Idempotency-Key \"order-10412\" was used within the last 24 hours for a different request (another body or path, or a token that sees other data). Use a new key for a new request.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#idempotency_key_reused",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests; wait Retry-After seconds: `rate_limited`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "rate_limit_error",
                     *         "code": "rate_limited",
                     *         "message": "This API token has made its 600 requests of this minute (per_token_per_minute). Retry after 12 seconds.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#rate_limited",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM",
                     *         "limit": "per_token_per_minute"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Our fault; retry later: `internal_error`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "api_error",
                     *         "code": "internal_error",
                     *         "message": "Something went wrong on our side. It has been logged; retry later, quoting the request id.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#internal_error",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listCertificates: {
        parameters: {
            query?: {
                type?: "company" | "personal" | "gift";
                recipient?: string;
                project?: string;
                /** @description Only objects updated at or after this time. */
                updated_since?: string;
                /** @description Only objects created at or after this time. */
                created_since?: string;
                /** @description Page size, 1 to 100; 25 when left out. */
                limit?: number;
                /** @description Id of the last object of the previous page. */
                starting_after?: string;
            };
            header?: {
                /** @description The language of translated texts (names, descriptions, captions, notes): `en` (the default) or `nl`; Content-Language says which the answer uses. A full header such as `nl-NL, nl;q=0.9` is matched on its base tags. */
                "Accept-Language"?: "en" | "nl";
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Certificates, newest first. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "object": "list",
                     *       "url": "/v2/certificates",
                     *       "has_more": true,
                     *       "data": [
                     *         {
                     *           "id": "cert_2xNh4yblVdHnOm27ZrE2ke02",
                     *           "object": "certificate",
                     *           "livemode": true,
                     *           "type": "personal",
                     *           "number": "CNP-2026-000214",
                     *           "trees": 10,
                     *           "project": "prj_K2zzSxxnF1eKUpTXYgwMzqHx",
                     *           "recipient": "rcp_2H7sCB2jZ5uK8pRA2pocvvDv",
                     *           "allocations": [
                     *             "alloc_db5w2HYItbI9C9wXsPYeZW2q"
                     *           ],
                     *           "language": "en",
                     *           "issued_at": "2026-11-17T09:50:34Z",
                     *           "url": "http://127.0.0.1:3000/certificates/cert_2xNh4yblVdHnOm27ZrE2ke02",
                     *           "download_url": "http://127.0.0.1:3000/certificates/cert_2xNh4yblVdHnOm27ZrE2ke02/download?expires=1794916241&signature=131a8182c3fd7901a794d0200bf8e9d8c560e9ceb154426143fc010603624603",
                     *           "created_at": "2026-11-17T09:50:34Z",
                     *           "updated_at": "2026-11-17T09:50:34Z"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        /** @enum {string} */
                        object: "list";
                        url: string;
                        has_more: boolean;
                        data: components["schemas"]["Certificate"][];
                    };
                };
            };
            /** @description The request is wrong: `parameter_unknown`, `parameter_invalid`, `resource_missing`. */
            400: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "parameter_invalid",
                     *         "message": "Invalid limit: must be <= 100 (got 1000).",
                     *         "param": "limit",
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#parameter_invalid",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid token: `token_missing`, `token_ambiguous`, `token_invalid`, `token_wrong_version`, `token_owner_removed`, `token_revoked`, `token_expired`. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "authentication_error",
                     *         "code": "token_missing",
                     *         "message": "No API token provided. Send it as \"Authorization: Bearer canopy_live_...\" (or canopy_test_...).",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#token_missing",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: `plan_not_allowed`, `company_inactive`, `ip_not_allowed`, `scope_missing`. */
            403: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "permission_error",
                     *         "code": "scope_missing",
                     *         "message": "This API token lacks the scope \"certificates:read\", which this request needs.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#scope_missing",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM",
                     *         "required_scope": "certificates:read"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests; wait Retry-After seconds: `rate_limited`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "rate_limit_error",
                     *         "code": "rate_limited",
                     *         "message": "This API token has made its 600 requests of this minute (per_token_per_minute). Retry after 12 seconds.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#rate_limited",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM",
                     *         "limit": "per_token_per_minute"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Our fault; retry later: `internal_error`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "api_error",
                     *         "code": "internal_error",
                     *         "message": "Something went wrong on our side. It has been logged; retry later, quoting the request id.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#internal_error",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getCertificate: {
        parameters: {
            query?: never;
            header?: {
                /** @description The language of translated texts (names, descriptions, captions, notes): `en` (the default) or `nl`; Content-Language says which the answer uses. A full header such as `nl-NL, nl;q=0.9` is matched on its base tags. */
                "Accept-Language"?: "en" | "nl";
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A certificate of trees, personal or of the whole company. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Certificate"];
                };
            };
            /** @description The request is wrong: `parameter_unknown`, `parameter_invalid`. */
            400: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "parameter_unknown",
                     *         "message": "Received unknown parameter: limit.",
                     *         "param": "limit",
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#parameter_unknown",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid token: `token_missing`, `token_ambiguous`, `token_invalid`, `token_wrong_version`, `token_owner_removed`, `token_revoked`, `token_expired`. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "authentication_error",
                     *         "code": "token_missing",
                     *         "message": "No API token provided. Send it as \"Authorization: Bearer canopy_live_...\" (or canopy_test_...).",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#token_missing",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: `plan_not_allowed`, `company_inactive`, `ip_not_allowed`, `scope_missing`. */
            403: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "permission_error",
                     *         "code": "scope_missing",
                     *         "message": "This API token lacks the scope \"certificates:read\", which this request needs.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#scope_missing",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM",
                     *         "required_scope": "certificates:read"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such object: `resource_missing`. */
            404: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "resource_missing",
                     *         "message": "No such certificate: 'cert_2xNh4yblVdHnOm27ZrE2ke02'.",
                     *         "param": "id",
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#resource_missing",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests; wait Retry-After seconds: `rate_limited`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "rate_limit_error",
                     *         "code": "rate_limited",
                     *         "message": "This API token has made its 600 requests of this minute (per_token_per_minute). Retry after 12 seconds.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#rate_limited",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM",
                     *         "limit": "per_token_per_minute"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Our fault; retry later: `internal_error`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "api_error",
                     *         "code": "internal_error",
                     *         "message": "Something went wrong on our side. It has been logged; retry later, quoting the request id.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#internal_error",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    exportPlantingsGeoJson: {
        parameters: {
            query?: never;
            header?: {
                /** @description The language of translated texts (names, descriptions, captions, notes): `en` (the default) or `nl`; Content-Language says which the answer uses. A full header such as `nl-NL, nl;q=0.9` is matched on its base tags. */
                "Accept-Language"?: "en" | "nl";
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The company's plantings as GeoJSON, streamed. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    /** @description An HTTP trailer (after the body, for clients that read trailers): the SHA-256 (hex) of the whole body, before any compression. */
                    "Canopy-Export-Sha256"?: string;
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "FeatureCollection",
                     *       "as_of": "2026-11-24T14:00:00.000Z",
                     *       "livemode": true,
                     *       "company": "cmp_ECcNQf2suOoOOsgAwpIYiIP9",
                     *       "features": [
                     *         {
                     *           "type": "Feature",
                     *           "id": "plt_lvYQqGL9TMknwnJNH6nysbCj",
                     *           "geometry": {
                     *             "type": "Polygon",
                     *             "coordinates": [
                     *               [
                     *                 [
                     *                   37.025,
                     *                   -0.378
                     *                 ],
                     *                 [
                     *                   37.037,
                     *                   -0.378
                     *                 ],
                     *                 [
                     *                   37.037,
                     *                   -0.366
                     *                 ],
                     *                 [
                     *                   37.025,
                     *                   -0.366
                     *                 ],
                     *                 [
                     *                   37.025,
                     *                   -0.378
                     *                 ]
                     *               ]
                     *             ]
                     *           },
                     *           "properties": {
                     *             "planting": "plt_lvYQqGL9TMknwnJNH6nysbCj",
                     *             "project": "prj_K2zzSxxnF1eKUpTXYgwMzqHx",
                     *             "partner": "ptn_APXrSLU0FhEQBKuzK8UXgrsq",
                     *             "source": "foundation",
                     *             "planted_at": "2026-04-14",
                     *             "trees": 12000,
                     *             "trees_for_company": 1045,
                     *             "trees_by_status": {
                     *               "pledged": 0,
                     *               "planted": 0,
                     *               "monitored": 1045
                     *             },
                     *             "species": [
                     *               {
                     *                 "name_latin": "Prunus africana",
                     *                 "name_common": "African cherry",
                     *                 "trees": 12000
                     *               }
                     *             ],
                     *             "location": {
                     *               "latitude": -0.372,
                     *               "longitude": 37.031
                     *             },
                     *             "latest_monitoring": {
                     *               "id": "mon_v9UF8kF6JMvBiTCMbkAhGdOT",
                     *               "recorded_at": "2026-10-20",
                     *               "method": "field_count",
                     *               "survival_rate": 0.91,
                     *               "trees_alive": 10920
                     *             },
                     *             "verification": {
                     *               "status": "verified",
                     *               "latest": {
                     *                 "id": "ver_UXcMILJFbi8xIvSBwQOO1Exq",
                     *                 "verifier_name": "EcoAudit East Africa",
                     *                 "verifier_website_url": "https://ecoaudit.example.org",
                     *                 "period_start": "2026-01-01",
                     *                 "period_end": "2026-06-30",
                     *                 "document_url": "https://ecoaudit.example.org/reports/mount-kenya-2026-h1.pdf",
                     *                 "published_at": "2026-07-15T09:00:00Z"
                     *               }
                     *             },
                     *             "photo_urls": [
                     *               "https://media.canopy.example/kenya/kabaru-planting-day.jpg"
                     *             ]
                     *           }
                     *         }
                     *       ],
                     *       "sha256": "3f9a1c07d52e8b64a0e4c2f17b9d8e365a1c0f4b7e2d9a86c3b5f0e1d4a7c829"
                     *     }
                     */
                    "application/geo+json": {
                        /** @enum {string} */
                        type: "FeatureCollection";
                        /**
                         * Format: date-time
                         * @description The moment the export shows the data of.
                         */
                        as_of: string;
                        /** @description The mode of the token that read it. */
                        livemode: boolean;
                        /** @description The company (cmp_ id) whose trees it counts. */
                        company: string;
                        /** @description One feature per planting holding the company's trees, newest planting first (the order of GET /v2/plantings). */
                        features: {
                            /** @enum {string} */
                            type: "Feature";
                            /** @description The planting (plt_ id). */
                            id: string;
                            /** @description planting.geometry: rings of [longitude, latitude]. */
                            geometry: {
                                /** @enum {string} */
                                type: "Polygon";
                                coordinates: number[][][];
                            } | null;
                            properties: {
                                /** @description planting.id */
                                planting: string;
                                /** @description planting.project */
                                project: string;
                                /** @description planting.partner */
                                partner: string;
                                /** @description planting.source */
                                source: string;
                                /** @description planting.planted_at */
                                planted_at: string | null;
                                /** @description planting.trees: every company's trees in it */
                                trees: number;
                                /** @description planting.trees_for_company */
                                trees_for_company: number;
                                /** @description The company's trees in the planting by allocation.status (GET /v2/allocations?planting=...&status=...); they add up to trees_for_company. */
                                trees_by_status: {
                                    pledged: number;
                                    planted: number;
                                    monitored: number;
                                };
                                /** @description planting.species */
                                species: {
                                    name_latin: string;
                                    name_common: string;
                                    trees: number | null;
                                }[];
                                /** @description planting.location */
                                location: {
                                    latitude: number;
                                    longitude: number;
                                } | null;
                                /** @description planting.latest_monitoring (id, recorded_at, method, survival_rate, trees_alive) when it is of these trees: null while the planting is pledged, or when the measurement is dated before planted_at. */
                                latest_monitoring: {
                                    id: string;
                                    /** Format: date */
                                    recorded_at: string;
                                    method: string;
                                    survival_rate: number;
                                    trees_alive: number;
                                } | null;
                                verification: {
                                    /** @description `verified`: the project's latest statement covers this planting (its trees are planted, on or before the statement's period_end); `not_covered`: the project has a statement, but it does not cover this planting (pledged, or planted after the period), so none is shown; `unverified`: the project has none. */
                                    status: "verified" | "not_covered" | "unverified";
                                    /** @description planting.verification.latest when it covers this planting (status `verified`); else null. */
                                    latest: {
                                        id: string;
                                        verifier_name: string;
                                        verifier_website_url: string | null;
                                        /** Format: date */
                                        period_start: string;
                                        /** Format: date */
                                        period_end: string;
                                        document_url: string | null;
                                        /** Format: date-time */
                                        published_at: string;
                                    } | null;
                                };
                                /** @description planting.photos[].url */
                                photo_urls: string[];
                            };
                        }[];
                        /** @description SHA-256 (hex) of every byte of the answer before `,"sha256":"`, the last member. */
                        sha256: string;
                    };
                };
            };
            /** @description The request is wrong: `parameter_unknown`, `parameter_invalid`. */
            400: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "parameter_unknown",
                     *         "message": "Received unknown parameter: limit.",
                     *         "param": "limit",
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#parameter_unknown",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid token: `token_missing`, `token_ambiguous`, `token_invalid`, `token_wrong_version`, `token_owner_removed`, `token_revoked`, `token_expired`. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "authentication_error",
                     *         "code": "token_missing",
                     *         "message": "No API token provided. Send it as \"Authorization: Bearer canopy_live_...\" (or canopy_test_...).",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#token_missing",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: `plan_not_allowed`, `company_inactive`, `ip_not_allowed`, `scope_missing`. */
            403: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "permission_error",
                     *         "code": "scope_missing",
                     *         "message": "This API token lacks the scope \"plantings:read\", which this request needs.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#scope_missing",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM",
                     *         "required_scope": "plantings:read"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests; wait Retry-After seconds: `rate_limited`, `export_in_progress`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "rate_limit_error",
                     *         "code": "rate_limited",
                     *         "message": "This API token has made its 600 requests of this minute (per_token_per_minute). Retry after 12 seconds.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#rate_limited",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM",
                     *         "limit": "per_token_per_minute"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Our fault; retry later: `internal_error`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "api_error",
                     *         "code": "internal_error",
                     *         "message": "Something went wrong on our side. It has been logged; retry later, quoting the request id.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#internal_error",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    exportPlantingsCsv: {
        parameters: {
            query?: never;
            header?: {
                /** @description The language of translated texts (names, descriptions, captions, notes): `en` (the default) or `nl`; Content-Language says which the answer uses. A full header such as `nl-NL, nl;q=0.9` is matched on its base tags. */
                "Accept-Language"?: "en" | "nl";
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The company's plantings as CSV (RFC 4180, UTF-8, CRLF, a header row), streamed, one row per planting; columns in docs/reporting.md. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    /** @description An HTTP trailer (after the body, for clients that read trailers): the SHA-256 (hex) of the whole body, before any compression. */
                    "Canopy-Export-Sha256"?: string;
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example as_of,planting,project,partner,source,planted_at,trees,trees_for_company,trees_pledged,trees_planted,trees_monitored,species,...
                     *     2026-11-24T14:00:00.000Z,plt_lvYQqGL9TMknwnJNH6nysbCj,prj_K2zzSxxnF1eKUpTXYgwMzqHx,ptn_APXrSLU0FhEQBKuzK8UXgrsq,foundation,2026-04-14,12000,1045,0,0,1045,...
                     */
                    "text/csv": string;
                };
            };
            /** @description The request is wrong: `parameter_unknown`, `parameter_invalid`. */
            400: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "parameter_unknown",
                     *         "message": "Received unknown parameter: limit.",
                     *         "param": "limit",
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#parameter_unknown",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid token: `token_missing`, `token_ambiguous`, `token_invalid`, `token_wrong_version`, `token_owner_removed`, `token_revoked`, `token_expired`. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "authentication_error",
                     *         "code": "token_missing",
                     *         "message": "No API token provided. Send it as \"Authorization: Bearer canopy_live_...\" (or canopy_test_...).",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#token_missing",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: `plan_not_allowed`, `company_inactive`, `ip_not_allowed`, `scope_missing`. */
            403: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "permission_error",
                     *         "code": "scope_missing",
                     *         "message": "This API token lacks the scope \"plantings:read\", which this request needs.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#scope_missing",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM",
                     *         "required_scope": "plantings:read"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests; wait Retry-After seconds: `rate_limited`, `export_in_progress`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "rate_limit_error",
                     *         "code": "rate_limited",
                     *         "message": "This API token has made its 600 requests of this minute (per_token_per_minute). Retry after 12 seconds.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#rate_limited",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM",
                     *         "limit": "per_token_per_minute"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Our fault; retry later: `internal_error`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "api_error",
                     *         "code": "internal_error",
                     *         "message": "Something went wrong on our side. It has been logged; retry later, quoting the request id.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#internal_error",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listWebhookEndpoints: {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100; 25 when left out. */
                limit?: number;
                /** @description Id of the last object of the previous page. */
                starting_after?: string;
            };
            header?: {
                /** @description The language of translated texts (names, descriptions, captions, notes): `en` (the default) or `nl`; Content-Language says which the answer uses. A full header such as `nl-NL, nl;q=0.9` is matched on its base tags. */
                "Accept-Language"?: "en" | "nl";
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Webhook endpoints, newest first. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "object": "list",
                     *       "url": "/v2/webhook-endpoints",
                     *       "has_more": true,
                     *       "data": [
                     *         {
                     *           "id": "whe_SXU176W33VFoF4FB7fDn1abr",
                     *           "object": "webhook_endpoint",
                     *           "livemode": true,
                     *           "url": "https://fairbrook-coffee.example/webhooks/canopy",
                     *           "description": "Order system: certificates and claims",
                     *           "enabled_events": [
                     *             "recipient.created",
                     *             "recipient.claimed",
                     *             "certificate.created"
                     *           ],
                     *           "include_personal_data": false,
                     *           "status": "enabled",
                     *           "disabled_reason": null,
                     *           "created_at": "2026-03-02T10:15:00Z",
                     *           "updated_at": "2026-03-02T10:15:00Z"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        /** @enum {string} */
                        object: "list";
                        url: string;
                        has_more: boolean;
                        data: components["schemas"]["WebhookEndpoint"][];
                    };
                };
            };
            /** @description The request is wrong: `parameter_unknown`, `parameter_invalid`, `resource_missing`. */
            400: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "parameter_invalid",
                     *         "message": "Invalid limit: must be <= 100 (got 1000).",
                     *         "param": "limit",
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#parameter_invalid",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid token: `token_missing`, `token_ambiguous`, `token_invalid`, `token_wrong_version`, `token_owner_removed`, `token_revoked`, `token_expired`. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "authentication_error",
                     *         "code": "token_missing",
                     *         "message": "No API token provided. Send it as \"Authorization: Bearer canopy_live_...\" (or canopy_test_...).",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#token_missing",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: `plan_not_allowed`, `company_inactive`, `ip_not_allowed`, `scope_missing`, `owner_role_not_allowed`. */
            403: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "permission_error",
                     *         "code": "scope_missing",
                     *         "message": "This API token lacks the scope \"webhooks:manage\", which this request needs.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#scope_missing",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM",
                     *         "required_scope": "webhooks:manage"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests; wait Retry-After seconds: `rate_limited`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "rate_limit_error",
                     *         "code": "rate_limited",
                     *         "message": "This API token has made its 600 requests of this minute (per_token_per_minute). Retry after 12 seconds.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#rate_limited",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM",
                     *         "limit": "per_token_per_minute"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Our fault; retry later: `internal_error`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "api_error",
                     *         "code": "internal_error",
                     *         "message": "Something went wrong on our side. It has been logged; retry later, quoting the request id.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#internal_error",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: {
                /** @description The language of translated texts (names, descriptions, captions, notes): `en` (the default) or `nl`; Content-Language says which the answer uses. A full header such as `nl-NL, nl;q=0.9` is matched on its base tags. */
                "Accept-Language"?: "en" | "nl";
                /** @description Optional: a retry with the same key and body within 24 hours gets the first answer again, with `Idempotent-Replayed: true`, instead of acting twice. At most 255 characters. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "url": "https://fairbrook-coffee.example/webhooks/canopy",
                 *       "enabled_events": [
                 *         "recipient.created",
                 *         "recipient.claimed",
                 *         "certificate.created"
                 *       ],
                 *       "description": "Order system: certificates and claims",
                 *       "include_personal_data": false
                 *     }
                 */
                "application/json": {
                    /** @description An https URL whose host resolves to public addresses only. */
                    url: string;
                    /** @description The event types to send, or ["*"] for every type. */
                    enabled_events?: ("*" | "allocation.created" | "allocation.planted" | "allocation.monitored" | "allocation.updated" | "planting.updated" | "verification.published" | "recipient.created" | "recipient.claimed" | "certificate.created")[];
                    description?: string;
                    /** @description Include recipients' names and email in payloads (default false). */
                    include_personal_data?: boolean;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "whe_SXU176W33VFoF4FB7fDn1abr",
                     *       "object": "webhook_endpoint",
                     *       "livemode": true,
                     *       "url": "https://fairbrook-coffee.example/webhooks/canopy",
                     *       "description": "Order system: certificates and claims",
                     *       "enabled_events": [
                     *         "recipient.created",
                     *         "recipient.claimed",
                     *         "certificate.created"
                     *       ],
                     *       "include_personal_data": false,
                     *       "status": "enabled",
                     *       "disabled_reason": null,
                     *       "created_at": "2026-03-02T10:15:00Z",
                     *       "updated_at": "2026-03-02T10:15:00Z",
                     *       "secret": "whsec_TD1mdZBaUd6m3nqV3oTh7N+3QrFBs1LII+bfjY34KIY="
                     *     }
                     */
                    "application/json": components["schemas"]["WebhookEndpointWithSecret"];
                };
            };
            /** @description The request is wrong: `idempotency_key_too_long`, `parameter_unknown`, `parameter_missing`, `parameter_invalid`, `body_invalid_json`, `body_too_deep`, `webhook_url_refused`. */
            400: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "webhook_url_refused",
                     *         "message": "The url must use https.",
                     *         "param": "url",
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#webhook_url_refused",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid token: `token_missing`, `token_ambiguous`, `token_invalid`, `token_wrong_version`, `token_owner_removed`, `token_revoked`, `token_expired`. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "authentication_error",
                     *         "code": "token_missing",
                     *         "message": "No API token provided. Send it as \"Authorization: Bearer canopy_live_...\" (or canopy_test_...).",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#token_missing",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: `plan_not_allowed`, `company_inactive`, `ip_not_allowed`, `scope_missing`, `owner_role_not_allowed`. */
            403: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "permission_error",
                     *         "code": "scope_missing",
                     *         "message": "This API token lacks the scope \"webhooks:manage\", which this request needs.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#scope_missing",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM",
                     *         "required_scope": "webhooks:manage"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state: `request_in_progress`. */
            409: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "idempotency_error",
                     *         "code": "request_in_progress",
                     *         "message": "A request with Idempotency-Key \"order-10412\" is still being processed. Retry in a moment to get its result.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#request_in_progress",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large: `body_too_large`. */
            413: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "body_too_large",
                     *         "message": "The request body is larger than 1048576 bytes.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#body_too_large",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body not JSON: `unsupported_media_type`. */
            415: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "unsupported_media_type",
                     *         "message": "Unsupported Content-Type \"application/x-www-form-urlencoded\"; send application/json.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#unsupported_media_type",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused: `idempotency_key_reused`. */
            422: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "idempotency_error",
                     *         "code": "idempotency_key_reused",
                     *         "message": "Idempotency-Key \"order-10412\" was used within the last 24 hours for a different request (another body or path, or a token that sees other data). Use a new key for a new request.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#idempotency_key_reused",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests; wait Retry-After seconds: `rate_limited`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "rate_limit_error",
                     *         "code": "rate_limited",
                     *         "message": "This API token has made its 600 requests of this minute (per_token_per_minute). Retry after 12 seconds.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#rate_limited",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM",
                     *         "limit": "per_token_per_minute"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Our fault; retry later: `internal_error`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "api_error",
                     *         "code": "internal_error",
                     *         "message": "Something went wrong on our side. It has been logged; retry later, quoting the request id.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#internal_error",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    rotateWebhookEndpointSecret: {
        parameters: {
            query?: never;
            header?: {
                /** @description The language of translated texts (names, descriptions, captions, notes): `en` (the default) or `nl`; Content-Language says which the answer uses. A full header such as `nl-NL, nl;q=0.9` is matched on its base tags. */
                "Accept-Language"?: "en" | "nl";
                /** @description Optional: a retry with the same key and body within 24 hours gets the first answer again, with `Idempotent-Replayed: true`, instead of acting twice. At most 255 characters. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "expires_in": 3600
                 *     }
                 */
                "application/json": {
                    /** @description Seconds the old secret keeps signing beside the new one (default 86400, at most 7 days; 0 ends it now). */
                    expires_in?: number;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "whe_SXU176W33VFoF4FB7fDn1abr",
                     *       "object": "webhook_endpoint",
                     *       "livemode": true,
                     *       "url": "https://fairbrook-coffee.example/webhooks/canopy",
                     *       "description": "Order system: certificates and claims",
                     *       "enabled_events": [
                     *         "recipient.created",
                     *         "recipient.claimed",
                     *         "certificate.created"
                     *       ],
                     *       "include_personal_data": false,
                     *       "status": "enabled",
                     *       "disabled_reason": null,
                     *       "created_at": "2026-03-02T10:15:00Z",
                     *       "updated_at": "2026-11-24T13:30:00Z",
                     *       "secret": "whsec_WHU14wbwD1eDAprw/OahybdyBMieS0srqIbwNeZ2w+M="
                     *     }
                     */
                    "application/json": components["schemas"]["WebhookEndpointWithSecret"];
                };
            };
            /** @description The request is wrong: `idempotency_key_too_long`, `parameter_unknown`, `parameter_invalid`, `body_invalid_json`, `body_too_deep`. */
            400: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "parameter_unknown",
                     *         "message": "Received unknown parameter: limit.",
                     *         "param": "limit",
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#parameter_unknown",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid token: `token_missing`, `token_ambiguous`, `token_invalid`, `token_wrong_version`, `token_owner_removed`, `token_revoked`, `token_expired`. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "authentication_error",
                     *         "code": "token_missing",
                     *         "message": "No API token provided. Send it as \"Authorization: Bearer canopy_live_...\" (or canopy_test_...).",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#token_missing",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: `plan_not_allowed`, `company_inactive`, `ip_not_allowed`, `scope_missing`, `owner_role_not_allowed`. */
            403: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "permission_error",
                     *         "code": "scope_missing",
                     *         "message": "This API token lacks the scope \"webhooks:manage\", which this request needs.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#scope_missing",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM",
                     *         "required_scope": "webhooks:manage"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such object: `resource_missing`. */
            404: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "resource_missing",
                     *         "message": "No such webhook_endpoint: 'whe_SXU176W33VFoF4FB7fDn1abr'.",
                     *         "param": "id",
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#resource_missing",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state: `request_in_progress`. */
            409: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "idempotency_error",
                     *         "code": "request_in_progress",
                     *         "message": "A request with Idempotency-Key \"order-10412\" is still being processed. Retry in a moment to get its result.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#request_in_progress",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large: `body_too_large`. */
            413: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "body_too_large",
                     *         "message": "The request body is larger than 1048576 bytes.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#body_too_large",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body not JSON: `unsupported_media_type`. */
            415: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "unsupported_media_type",
                     *         "message": "Unsupported Content-Type \"application/x-www-form-urlencoded\"; send application/json.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#unsupported_media_type",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused: `idempotency_key_reused`. */
            422: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "idempotency_error",
                     *         "code": "idempotency_key_reused",
                     *         "message": "Idempotency-Key \"order-10412\" was used within the last 24 hours for a different request (another body or path, or a token that sees other data). Use a new key for a new request.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#idempotency_key_reused",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests; wait Retry-After seconds: `rate_limited`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "rate_limit_error",
                     *         "code": "rate_limited",
                     *         "message": "This API token has made its 600 requests of this minute (per_token_per_minute). Retry after 12 seconds.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#rate_limited",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM",
                     *         "limit": "per_token_per_minute"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Our fault; retry later: `internal_error`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "api_error",
                     *         "code": "internal_error",
                     *         "message": "Something went wrong on our side. It has been logged; retry later, quoting the request id.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#internal_error",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    recoverWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: {
                /** @description The language of translated texts (names, descriptions, captions, notes): `en` (the default) or `nl`; Content-Language says which the answer uses. A full header such as `nl-NL, nl;q=0.9` is matched on its base tags. */
                "Accept-Language"?: "en" | "nl";
                /** @description Optional: a retry with the same key and body within 24 hours gets the first answer again, with `Idempotent-Replayed: true`, instead of acting twice. At most 255 characters. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "since": "2026-11-20T00:00:00Z"
                 *     }
                 */
                "application/json": {
                    /**
                     * Format: date-time
                     * @description Events created at or after this time, within the event log's 30 days; the whole log (30 days back) when left out.
                     */
                    since?: string;
                };
            };
        };
        responses: {
            /** @description What POST /v2/webhook-endpoints/{id}/recover queued. A second call queues only what failed again since the first. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpointRecovery"];
                };
            };
            /** @description The request is wrong: `idempotency_key_too_long`, `parameter_unknown`, `parameter_invalid`, `body_invalid_json`, `body_too_deep`. */
            400: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "parameter_unknown",
                     *         "message": "Received unknown parameter: limit.",
                     *         "param": "limit",
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#parameter_unknown",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid token: `token_missing`, `token_ambiguous`, `token_invalid`, `token_wrong_version`, `token_owner_removed`, `token_revoked`, `token_expired`. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "authentication_error",
                     *         "code": "token_missing",
                     *         "message": "No API token provided. Send it as \"Authorization: Bearer canopy_live_...\" (or canopy_test_...).",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#token_missing",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: `plan_not_allowed`, `company_inactive`, `ip_not_allowed`, `scope_missing`, `owner_role_not_allowed`. */
            403: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "permission_error",
                     *         "code": "scope_missing",
                     *         "message": "This API token lacks the scope \"webhooks:manage\", which this request needs.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#scope_missing",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM",
                     *         "required_scope": "webhooks:manage"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such object: `resource_missing`. */
            404: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "resource_missing",
                     *         "message": "No such webhook_endpoint: 'whe_SXU176W33VFoF4FB7fDn1abr'.",
                     *         "param": "id",
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#resource_missing",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state: `request_in_progress`, `webhook_endpoint_disabled`. */
            409: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "webhook_endpoint_disabled",
                     *         "message": "Webhook endpoint whe_SXU176W33VFoF4FB7fDn1abr is disabled; switch it on (PATCH status: enabled, with recover_since to send what it missed) before recovering it.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#webhook_endpoint_disabled",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large: `body_too_large`. */
            413: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "body_too_large",
                     *         "message": "The request body is larger than 1048576 bytes.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#body_too_large",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body not JSON: `unsupported_media_type`. */
            415: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "unsupported_media_type",
                     *         "message": "Unsupported Content-Type \"application/x-www-form-urlencoded\"; send application/json.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#unsupported_media_type",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused: `idempotency_key_reused`. */
            422: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "idempotency_error",
                     *         "code": "idempotency_key_reused",
                     *         "message": "Idempotency-Key \"order-10412\" was used within the last 24 hours for a different request (another body or path, or a token that sees other data). Use a new key for a new request.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#idempotency_key_reused",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests; wait Retry-After seconds: `rate_limited`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "rate_limit_error",
                     *         "code": "rate_limited",
                     *         "message": "This API token has made its 600 requests of this minute (per_token_per_minute). Retry after 12 seconds.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#rate_limited",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM",
                     *         "limit": "per_token_per_minute"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Our fault; retry later: `internal_error`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "api_error",
                     *         "code": "internal_error",
                     *         "message": "Something went wrong on our side. It has been logged; retry later, quoting the request id.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#internal_error",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: {
                /** @description The language of translated texts (names, descriptions, captions, notes): `en` (the default) or `nl`; Content-Language says which the answer uses. A full header such as `nl-NL, nl;q=0.9` is matched on its base tags. */
                "Accept-Language"?: "en" | "nl";
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Where events are sent. The signing secret is shown only when it is made (create, rotate-secret). */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpoint"];
                };
            };
            /** @description The request is wrong: `parameter_unknown`, `parameter_invalid`. */
            400: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "parameter_unknown",
                     *         "message": "Received unknown parameter: limit.",
                     *         "param": "limit",
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#parameter_unknown",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid token: `token_missing`, `token_ambiguous`, `token_invalid`, `token_wrong_version`, `token_owner_removed`, `token_revoked`, `token_expired`. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "authentication_error",
                     *         "code": "token_missing",
                     *         "message": "No API token provided. Send it as \"Authorization: Bearer canopy_live_...\" (or canopy_test_...).",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#token_missing",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: `plan_not_allowed`, `company_inactive`, `ip_not_allowed`, `scope_missing`, `owner_role_not_allowed`. */
            403: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "permission_error",
                     *         "code": "scope_missing",
                     *         "message": "This API token lacks the scope \"webhooks:manage\", which this request needs.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#scope_missing",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM",
                     *         "required_scope": "webhooks:manage"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such object: `resource_missing`. */
            404: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "resource_missing",
                     *         "message": "No such webhook_endpoint: 'whe_SXU176W33VFoF4FB7fDn1abr'.",
                     *         "param": "id",
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#resource_missing",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests; wait Retry-After seconds: `rate_limited`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "rate_limit_error",
                     *         "code": "rate_limited",
                     *         "message": "This API token has made its 600 requests of this minute (per_token_per_minute). Retry after 12 seconds.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#rate_limited",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM",
                     *         "limit": "per_token_per_minute"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Our fault; retry later: `internal_error`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "api_error",
                     *         "code": "internal_error",
                     *         "message": "Something went wrong on our side. It has been logged; retry later, quoting the request id.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#internal_error",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: {
                /** @description The language of translated texts (names, descriptions, captions, notes): `en` (the default) or `nl`; Content-Language says which the answer uses. A full header such as `nl-NL, nl;q=0.9` is matched on its base tags. */
                "Accept-Language"?: "en" | "nl";
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "whe_SXU176W33VFoF4FB7fDn1abr",
                     *       "object": "webhook_endpoint",
                     *       "deleted": true
                     *     }
                     */
                    "application/json": {
                        id: string;
                        /** @enum {string} */
                        object: "webhook_endpoint";
                        /** @enum {boolean} */
                        deleted: true;
                    };
                };
            };
            /** @description The request is wrong: `parameter_unknown`, `parameter_invalid`, `body_invalid_json`, `body_too_deep`. */
            400: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "parameter_unknown",
                     *         "message": "Received unknown parameter: limit.",
                     *         "param": "limit",
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#parameter_unknown",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid token: `token_missing`, `token_ambiguous`, `token_invalid`, `token_wrong_version`, `token_owner_removed`, `token_revoked`, `token_expired`. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "authentication_error",
                     *         "code": "token_missing",
                     *         "message": "No API token provided. Send it as \"Authorization: Bearer canopy_live_...\" (or canopy_test_...).",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#token_missing",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: `plan_not_allowed`, `company_inactive`, `ip_not_allowed`, `scope_missing`, `owner_role_not_allowed`. */
            403: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "permission_error",
                     *         "code": "scope_missing",
                     *         "message": "This API token lacks the scope \"webhooks:manage\", which this request needs.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#scope_missing",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM",
                     *         "required_scope": "webhooks:manage"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such object: `resource_missing`. */
            404: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "resource_missing",
                     *         "message": "No such webhook_endpoint: 'whe_SXU176W33VFoF4FB7fDn1abr'.",
                     *         "param": "id",
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#resource_missing",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large: `body_too_large`. */
            413: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "body_too_large",
                     *         "message": "The request body is larger than 1048576 bytes.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#body_too_large",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body not JSON: `unsupported_media_type`. */
            415: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "unsupported_media_type",
                     *         "message": "Unsupported Content-Type \"application/x-www-form-urlencoded\"; send application/json.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#unsupported_media_type",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests; wait Retry-After seconds: `rate_limited`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "rate_limit_error",
                     *         "code": "rate_limited",
                     *         "message": "This API token has made its 600 requests of this minute (per_token_per_minute). Retry after 12 seconds.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#rate_limited",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM",
                     *         "limit": "per_token_per_minute"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Our fault; retry later: `internal_error`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "api_error",
                     *         "code": "internal_error",
                     *         "message": "Something went wrong on our side. It has been logged; retry later, quoting the request id.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#internal_error",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: {
                /** @description The language of translated texts (names, descriptions, captions, notes): `en` (the default) or `nl`; Content-Language says which the answer uses. A full header such as `nl-NL, nl;q=0.9` is matched on its base tags. */
                "Accept-Language"?: "en" | "nl";
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "enabled_events": [
                 *         "*"
                 *       ],
                 *       "description": "Order system: every event"
                 *     }
                 */
                "application/json": {
                    /** @description An https URL whose host resolves to public addresses only. */
                    url?: string;
                    /** @description The event types to send, or ["*"] for every type. */
                    enabled_events?: ("*" | "allocation.created" | "allocation.planted" | "allocation.monitored" | "allocation.updated" | "planting.updated" | "verification.published" | "recipient.created" | "recipient.claimed" | "certificate.created")[];
                    description?: string | null;
                    include_personal_data?: boolean;
                    /**
                     * @description enabled switches a disabled endpoint on again.
                     * @enum {string}
                     */
                    status?: "enabled" | "disabled";
                    /**
                     * Format: date-time
                     * @description With status enabled: also send, due now, what failed or the endpoint missed while it was off, of events since this time (within the event log's 30 days), as POST /v2/webhook-endpoints/{id}/recover does.
                     */
                    recover_since?: string;
                };
            };
        };
        responses: {
            /** @description Where events are sent. The signing secret is shown only when it is made (create, rotate-secret). */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "whe_SXU176W33VFoF4FB7fDn1abr",
                     *       "object": "webhook_endpoint",
                     *       "livemode": true,
                     *       "url": "https://fairbrook-coffee.example/webhooks/canopy",
                     *       "description": "Order system: every event",
                     *       "enabled_events": [
                     *         "*"
                     *       ],
                     *       "include_personal_data": false,
                     *       "status": "enabled",
                     *       "disabled_reason": null,
                     *       "created_at": "2026-03-02T10:15:00Z",
                     *       "updated_at": "2026-11-24T13:31:00Z"
                     *     }
                     */
                    "application/json": components["schemas"]["WebhookEndpoint"];
                };
            };
            /** @description The request is wrong: `parameter_unknown`, `parameter_invalid`, `body_invalid_json`, `body_too_deep`, `webhook_url_refused`. */
            400: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "webhook_url_refused",
                     *         "message": "The url must use https.",
                     *         "param": "url",
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#webhook_url_refused",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid token: `token_missing`, `token_ambiguous`, `token_invalid`, `token_wrong_version`, `token_owner_removed`, `token_revoked`, `token_expired`. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "authentication_error",
                     *         "code": "token_missing",
                     *         "message": "No API token provided. Send it as \"Authorization: Bearer canopy_live_...\" (or canopy_test_...).",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#token_missing",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: `plan_not_allowed`, `company_inactive`, `ip_not_allowed`, `scope_missing`, `owner_role_not_allowed`. */
            403: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "permission_error",
                     *         "code": "scope_missing",
                     *         "message": "This API token lacks the scope \"webhooks:manage\", which this request needs.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#scope_missing",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM",
                     *         "required_scope": "webhooks:manage"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such object: `resource_missing`. */
            404: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "resource_missing",
                     *         "message": "No such webhook_endpoint: 'whe_SXU176W33VFoF4FB7fDn1abr'.",
                     *         "param": "id",
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#resource_missing",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large: `body_too_large`. */
            413: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "body_too_large",
                     *         "message": "The request body is larger than 1048576 bytes.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#body_too_large",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body not JSON: `unsupported_media_type`. */
            415: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "unsupported_media_type",
                     *         "message": "Unsupported Content-Type \"application/x-www-form-urlencoded\"; send application/json.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#unsupported_media_type",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests; wait Retry-After seconds: `rate_limited`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "rate_limit_error",
                     *         "code": "rate_limited",
                     *         "message": "This API token has made its 600 requests of this minute (per_token_per_minute). Retry after 12 seconds.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#rate_limited",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM",
                     *         "limit": "per_token_per_minute"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Our fault; retry later: `internal_error`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "api_error",
                     *         "code": "internal_error",
                     *         "message": "Something went wrong on our side. It has been logged; retry later, quoting the request id.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#internal_error",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listEventTypes: {
        parameters: {
            query?: never;
            header?: {
                /** @description The language of translated texts (names, descriptions, captions, notes): `en` (the default) or `nl`; Content-Language says which the answer uses. A full header such as `nl-NL, nl;q=0.9` is matched on its base tags. */
                "Accept-Language"?: "en" | "nl";
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The nine event types, in the order of the spec; one page. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "object": "list",
                     *       "url": "/v2/event-types",
                     *       "has_more": true,
                     *       "data": [
                     *         {
                     *           "object": "event_type",
                     *           "type": "allocation.created",
                     *           "description": "A new allocation of trees: trees pledged to the company, or a part split off an allocation when some of its trees were given to a recipient or reserved for a gift code. Its status says where its trees are: pledged trees are not planted yet.",
                     *           "data_object": "allocation",
                     *           "personal_data": false,
                     *           "sample": {
                     *             "id": "evt_DUQftwH5MeDRmitmDXJTHBLv",
                     *             "object": "event",
                     *             "livemode": true,
                     *             "type": "allocation.created",
                     *             "created": "2026-11-02T14:05:00Z",
                     *             "data": {
                     *               "object": {
                     *                 "id": "alloc_gwPzEkgu70fENG6mUMaatI5b",
                     *                 "object": "allocation",
                     *                 "livemode": true,
                     *                 "trees": 220,
                     *                 "status": "pledged",
                     *                 "source": "foundation",
                     *                 "planting": "plt_CwBZWJOBrUgazX5M4W4Nc8OH",
                     *                 "project": "prj_K2zzSxxnF1eKUpTXYgwMzqHx",
                     *                 "recipient": null,
                     *                 "certificate": null,
                     *                 "allocated_at": "2026-11-02T14:05:00Z",
                     *                 "planted_at": null,
                     *                 "legacy_tree_ids": [],
                     *                 "legacy_order_id": null,
                     *                 "created_at": "2026-11-02T14:05:00Z",
                     *                 "updated_at": "2026-11-02T14:05:00Z"
                     *               }
                     *             },
                     *             "deliveries": []
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        /** @enum {string} */
                        object: "list";
                        url: string;
                        has_more: boolean;
                        data: components["schemas"]["EventType"][];
                    };
                };
            };
            /** @description The request is wrong: `parameter_unknown`, `parameter_invalid`. */
            400: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "parameter_unknown",
                     *         "message": "Received unknown parameter: limit.",
                     *         "param": "limit",
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#parameter_unknown",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid token: `token_missing`, `token_ambiguous`, `token_invalid`, `token_wrong_version`, `token_owner_removed`, `token_revoked`, `token_expired`. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "authentication_error",
                     *         "code": "token_missing",
                     *         "message": "No API token provided. Send it as \"Authorization: Bearer canopy_live_...\" (or canopy_test_...).",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#token_missing",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: `plan_not_allowed`, `company_inactive`, `ip_not_allowed`. */
            403: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "permission_error",
                     *         "code": "plan_not_allowed",
                     *         "message": "The API is part of the \"automate\" plan; this company is on \"grow\".",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#plan_not_allowed",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests; wait Retry-After seconds: `rate_limited`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "rate_limit_error",
                     *         "code": "rate_limited",
                     *         "message": "This API token has made its 600 requests of this minute (per_token_per_minute). Retry after 12 seconds.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#rate_limited",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM",
                     *         "limit": "per_token_per_minute"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Our fault; retry later: `internal_error`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "api_error",
                     *         "code": "internal_error",
                     *         "message": "Something went wrong on our side. It has been logged; retry later, quoting the request id.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#internal_error",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listEvents: {
        parameters: {
            query?: {
                type?: "allocation.created" | "allocation.planted" | "allocation.monitored" | "allocation.updated" | "planting.updated" | "verification.published" | "recipient.created" | "recipient.claimed" | "certificate.created";
                /** @description Events with at least one delivery in this state. */
                delivery_status?: "pending" | "delivered" | "failed";
                /** @description Only objects created at or after this time. */
                created_since?: string;
                /** @description Page size, 1 to 100; 25 when left out. */
                limit?: number;
                /** @description Id of the last object of the previous page. */
                starting_after?: string;
            };
            header?: {
                /** @description The language of translated texts (names, descriptions, captions, notes): `en` (the default) or `nl`; Content-Language says which the answer uses. A full header such as `nl-NL, nl;q=0.9` is matched on its base tags. */
                "Accept-Language"?: "en" | "nl";
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Events of the last 30 days, newest first. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "object": "list",
                     *       "url": "/v2/events",
                     *       "has_more": true,
                     *       "data": [
                     *         {
                     *           "id": "evt_Y3Z7Pci4oPLMaajn5dY9DUaP",
                     *           "object": "event",
                     *           "livemode": true,
                     *           "type": "recipient.created",
                     *           "created": "2026-11-17T09:50:31Z",
                     *           "data": {
                     *             "object": {
                     *               "id": "rcp_2H7sCB2jZ5uK8pRA2pocvvDv",
                     *               "object": "recipient",
                     *               "livemode": true,
                     *               "first_name": "Amara",
                     *               "last_name": "Ndiaye",
                     *               "email": "amara.ndiaye@example.com",
                     *               "language": "en",
                     *               "external_reference": "order-10412",
                     *               "trees": 10,
                     *               "project": "prj_K2zzSxxnF1eKUpTXYgwMzqHx",
                     *               "message": "Thank you for choosing our Kenyan single origin.",
                     *               "source": "api",
                     *               "send_email": true,
                     *               "gift_code": null,
                     *               "certificate": null,
                     *               "allocations": [
                     *                 "alloc_db5w2HYItbI9C9wXsPYeZW2q"
                     *               ],
                     *               "email_sent_at": null,
                     *               "claimed_at": null,
                     *               "created_at": "2026-11-17T09:50:31Z",
                     *               "updated_at": "2026-11-17T09:50:31Z"
                     *             }
                     *           },
                     *           "deliveries": [
                     *             {
                     *               "endpoint": "whe_SXU176W33VFoF4FB7fDn1abr",
                     *               "status": "delivered",
                     *               "attempts": 1,
                     *               "next_attempt_at": null,
                     *               "last_attempt_at": "2026-11-17T09:50:32Z",
                     *               "last_status_code": 200
                     *             }
                     *           ]
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        /** @enum {string} */
                        object: "list";
                        url: string;
                        has_more: boolean;
                        data: components["schemas"]["Event"][];
                    };
                };
            };
            /** @description The request is wrong: `parameter_unknown`, `parameter_invalid`, `resource_missing`. */
            400: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "parameter_invalid",
                     *         "message": "Invalid limit: must be <= 100 (got 1000).",
                     *         "param": "limit",
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#parameter_invalid",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid token: `token_missing`, `token_ambiguous`, `token_invalid`, `token_wrong_version`, `token_owner_removed`, `token_revoked`, `token_expired`. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "authentication_error",
                     *         "code": "token_missing",
                     *         "message": "No API token provided. Send it as \"Authorization: Bearer canopy_live_...\" (or canopy_test_...).",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#token_missing",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: `plan_not_allowed`, `company_inactive`, `ip_not_allowed`, `scope_missing`. */
            403: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "permission_error",
                     *         "code": "scope_missing",
                     *         "message": "This API token lacks the scope \"events:read\", which this request needs.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#scope_missing",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM",
                     *         "required_scope": "events:read"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests; wait Retry-After seconds: `rate_limited`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "rate_limit_error",
                     *         "code": "rate_limited",
                     *         "message": "This API token has made its 600 requests of this minute (per_token_per_minute). Retry after 12 seconds.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#rate_limited",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM",
                     *         "limit": "per_token_per_minute"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Our fault; retry later: `internal_error`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "api_error",
                     *         "code": "internal_error",
                     *         "message": "Something went wrong on our side. It has been logged; retry later, quoting the request id.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#internal_error",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getEvent: {
        parameters: {
            query?: never;
            header?: {
                /** @description The language of translated texts (names, descriptions, captions, notes): `en` (the default) or `nl`; Content-Language says which the answer uses. A full header such as `nl-NL, nl;q=0.9` is matched on its base tags. */
                "Accept-Language"?: "en" | "nl";
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Something that happened to one of the company's objects. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Event"];
                };
            };
            /** @description The request is wrong: `parameter_unknown`, `parameter_invalid`. */
            400: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "parameter_unknown",
                     *         "message": "Received unknown parameter: limit.",
                     *         "param": "limit",
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#parameter_unknown",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid token: `token_missing`, `token_ambiguous`, `token_invalid`, `token_wrong_version`, `token_owner_removed`, `token_revoked`, `token_expired`. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "authentication_error",
                     *         "code": "token_missing",
                     *         "message": "No API token provided. Send it as \"Authorization: Bearer canopy_live_...\" (or canopy_test_...).",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#token_missing",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: `plan_not_allowed`, `company_inactive`, `ip_not_allowed`, `scope_missing`. */
            403: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "permission_error",
                     *         "code": "scope_missing",
                     *         "message": "This API token lacks the scope \"events:read\", which this request needs.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#scope_missing",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM",
                     *         "required_scope": "events:read"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such object: `resource_missing`. */
            404: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "resource_missing",
                     *         "message": "No such event: 'evt_Y3Z7Pci4oPLMaajn5dY9DUaP'.",
                     *         "param": "id",
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#resource_missing",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests; wait Retry-After seconds: `rate_limited`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "rate_limit_error",
                     *         "code": "rate_limited",
                     *         "message": "This API token has made its 600 requests of this minute (per_token_per_minute). Retry after 12 seconds.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#rate_limited",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM",
                     *         "limit": "per_token_per_minute"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Our fault; retry later: `internal_error`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "api_error",
                     *         "code": "internal_error",
                     *         "message": "Something went wrong on our side. It has been logged; retry later, quoting the request id.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#internal_error",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    redeliverEvent: {
        parameters: {
            query?: never;
            header?: {
                /** @description The language of translated texts (names, descriptions, captions, notes): `en` (the default) or `nl`; Content-Language says which the answer uses. A full header such as `nl-NL, nl;q=0.9` is matched on its base tags. */
                "Accept-Language"?: "en" | "nl";
                /** @description Optional: a retry with the same key and body within 24 hours gets the first answer again, with `Idempotent-Replayed: true`, instead of acting twice. At most 255 characters. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "endpoint": "whe_SXU176W33VFoF4FB7fDn1abr"
                 *     }
                 */
                "application/json": {
                    /** @description Send to this endpoint only; every enabled endpoint that takes this event type when left out. */
                    endpoint?: string;
                };
            };
        };
        responses: {
            /** @description Something that happened to one of the company's objects. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "evt_Y3Z7Pci4oPLMaajn5dY9DUaP",
                     *       "object": "event",
                     *       "livemode": true,
                     *       "type": "recipient.created",
                     *       "created": "2026-11-17T09:50:31Z",
                     *       "data": {
                     *         "object": {
                     *           "id": "rcp_2H7sCB2jZ5uK8pRA2pocvvDv",
                     *           "object": "recipient",
                     *           "livemode": true,
                     *           "first_name": "Amara",
                     *           "last_name": "Ndiaye",
                     *           "email": "amara.ndiaye@example.com",
                     *           "language": "en",
                     *           "external_reference": "order-10412",
                     *           "trees": 10,
                     *           "project": "prj_K2zzSxxnF1eKUpTXYgwMzqHx",
                     *           "message": "Thank you for choosing our Kenyan single origin.",
                     *           "source": "api",
                     *           "send_email": true,
                     *           "gift_code": null,
                     *           "certificate": null,
                     *           "allocations": [
                     *             "alloc_db5w2HYItbI9C9wXsPYeZW2q"
                     *           ],
                     *           "email_sent_at": null,
                     *           "claimed_at": null,
                     *           "created_at": "2026-11-17T09:50:31Z",
                     *           "updated_at": "2026-11-17T09:50:31Z"
                     *         }
                     *       },
                     *       "deliveries": [
                     *         {
                     *           "endpoint": "whe_SXU176W33VFoF4FB7fDn1abr",
                     *           "status": "pending",
                     *           "attempts": 0,
                     *           "next_attempt_at": "2026-11-24T13:40:00Z",
                     *           "last_attempt_at": null,
                     *           "last_status_code": null
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["Event"];
                };
            };
            /** @description The request is wrong: `idempotency_key_too_long`, `parameter_unknown`, `parameter_invalid`, `body_invalid_json`, `body_too_deep`. */
            400: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "parameter_unknown",
                     *         "message": "Received unknown parameter: limit.",
                     *         "param": "limit",
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#parameter_unknown",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid token: `token_missing`, `token_ambiguous`, `token_invalid`, `token_wrong_version`, `token_owner_removed`, `token_revoked`, `token_expired`. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "authentication_error",
                     *         "code": "token_missing",
                     *         "message": "No API token provided. Send it as \"Authorization: Bearer canopy_live_...\" (or canopy_test_...).",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#token_missing",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: `plan_not_allowed`, `company_inactive`, `ip_not_allowed`, `scope_missing`, `owner_role_not_allowed`. */
            403: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "permission_error",
                     *         "code": "scope_missing",
                     *         "message": "This API token lacks the scope \"webhooks:manage\", which this request needs.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#scope_missing",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM",
                     *         "required_scope": "webhooks:manage"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such object: `resource_missing`. */
            404: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "resource_missing",
                     *         "message": "No such event: 'evt_Y3Z7Pci4oPLMaajn5dY9DUaP'.",
                     *         "param": "id",
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#resource_missing",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state: `request_in_progress`, `webhook_endpoint_disabled`. */
            409: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "webhook_endpoint_disabled",
                     *         "message": "Webhook endpoint whe_SXU176W33VFoF4FB7fDn1abr is disabled; switch it on (PATCH status: enabled) before redelivering to it.",
                     *         "param": "endpoint",
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#webhook_endpoint_disabled",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large: `body_too_large`. */
            413: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "body_too_large",
                     *         "message": "The request body is larger than 1048576 bytes.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#body_too_large",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body not JSON: `unsupported_media_type`. */
            415: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "unsupported_media_type",
                     *         "message": "Unsupported Content-Type \"application/x-www-form-urlencoded\"; send application/json.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#unsupported_media_type",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused: `idempotency_key_reused`. */
            422: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "idempotency_error",
                     *         "code": "idempotency_key_reused",
                     *         "message": "Idempotency-Key \"order-10412\" was used within the last 24 hours for a different request (another body or path, or a token that sees other data). Use a new key for a new request.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#idempotency_key_reused",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests; wait Retry-After seconds: `rate_limited`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "rate_limit_error",
                     *         "code": "rate_limited",
                     *         "message": "This API token has made its 600 requests of this minute (per_token_per_minute). Retry after 12 seconds.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#rate_limited",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM",
                     *         "limit": "per_token_per_minute"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Our fault; retry later: `internal_error`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "api_error",
                     *         "code": "internal_error",
                     *         "message": "Something went wrong on our side. It has been logged; retry later, quoting the request id.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#internal_error",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    testHelperCreateAllocation: {
        parameters: {
            query?: never;
            header?: {
                /** @description The language of translated texts (names, descriptions, captions, notes): `en` (the default) or `nl`; Content-Language says which the answer uses. A full header such as `nl-NL, nl;q=0.9` is matched on its base tags. */
                "Accept-Language"?: "en" | "nl";
                /** @description Optional: a retry with the same key and body within 24 hours gets the first answer again, with `Idempotent-Replayed: true`, instead of acting twice. At most 255 characters. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "trees": 10
                 *     }
                 */
                "application/json": {
                    trees: number;
                    /** @description Put the test planting in this project; a test-only project when left out. */
                    project?: string;
                };
            };
        };
        responses: {
            /** @description Trees from one planting assigned to the company. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "alloc_DOkSWPJ42J2A0VepElDtJpJP",
                     *       "object": "allocation",
                     *       "livemode": false,
                     *       "trees": 10,
                     *       "status": "pledged",
                     *       "source": "foundation",
                     *       "planting": "plt_Qm3rT8vXn2LpW6sJd9KfYh4B",
                     *       "project": "prj_D0UaJdiZqlOOYGmHkeF7Cqur",
                     *       "recipient": null,
                     *       "certificate": null,
                     *       "allocated_at": "2026-11-26T08:00:00Z",
                     *       "planted_at": null,
                     *       "legacy_tree_ids": [],
                     *       "legacy_order_id": null,
                     *       "created_at": "2026-11-26T08:00:00Z",
                     *       "updated_at": "2026-11-26T08:00:00Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Allocation"];
                };
            };
            /** @description The request is wrong: `idempotency_key_too_long`, `parameter_unknown`, `parameter_missing`, `parameter_invalid`, `body_invalid_json`, `body_too_deep`. */
            400: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "parameter_missing",
                     *         "message": "Missing required parameter: trees.",
                     *         "param": "trees",
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#parameter_missing",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid token: `token_missing`, `token_ambiguous`, `token_invalid`, `token_wrong_version`, `token_owner_removed`, `token_revoked`, `token_expired`. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "authentication_error",
                     *         "code": "token_missing",
                     *         "message": "No API token provided. Send it as \"Authorization: Bearer canopy_live_...\" (or canopy_test_...).",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#token_missing",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: `plan_not_allowed`, `company_inactive`, `ip_not_allowed`, `scope_missing`. */
            403: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "permission_error",
                     *         "code": "scope_missing",
                     *         "message": "This API token lacks the scope \"allocations:read\", which this request needs.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#scope_missing",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM",
                     *         "required_scope": "allocations:read"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such object: `route_not_found`, `resource_missing`. */
            404: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "route_not_found",
                     *         "message": "Unrecognized request URL (POST: /v2/test_helpers/allocations).",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#route_not_found",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state: `request_in_progress`. */
            409: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "idempotency_error",
                     *         "code": "request_in_progress",
                     *         "message": "A request with Idempotency-Key \"order-10412\" is still being processed. Retry in a moment to get its result.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#request_in_progress",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large: `body_too_large`. */
            413: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "body_too_large",
                     *         "message": "The request body is larger than 1048576 bytes.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#body_too_large",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body not JSON: `unsupported_media_type`. */
            415: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "unsupported_media_type",
                     *         "message": "Unsupported Content-Type \"application/x-www-form-urlencoded\"; send application/json.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#unsupported_media_type",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused: `idempotency_key_reused`. */
            422: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "idempotency_error",
                     *         "code": "idempotency_key_reused",
                     *         "message": "Idempotency-Key \"order-10412\" was used within the last 24 hours for a different request (another body or path, or a token that sees other data). Use a new key for a new request.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#idempotency_key_reused",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests; wait Retry-After seconds: `rate_limited`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "rate_limit_error",
                     *         "code": "rate_limited",
                     *         "message": "This API token has made its 600 requests of this minute (per_token_per_minute). Retry after 12 seconds.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#rate_limited",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM",
                     *         "limit": "per_token_per_minute"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Our fault; retry later: `internal_error`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "api_error",
                     *         "code": "internal_error",
                     *         "message": "Something went wrong on our side. It has been logged; retry later, quoting the request id.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#internal_error",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    testHelperPlantAllocation: {
        parameters: {
            query?: never;
            header?: {
                /** @description The language of translated texts (names, descriptions, captions, notes): `en` (the default) or `nl`; Content-Language says which the answer uses. A full header such as `nl-NL, nl;q=0.9` is matched on its base tags. */
                "Accept-Language"?: "en" | "nl";
                /** @description Optional: a retry with the same key and body within 24 hours gets the first answer again, with `Idempotent-Replayed: true`, instead of acting twice. At most 255 characters. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Trees from one planting assigned to the company. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "alloc_DOkSWPJ42J2A0VepElDtJpJP",
                     *       "object": "allocation",
                     *       "livemode": false,
                     *       "trees": 10,
                     *       "status": "planted",
                     *       "source": "foundation",
                     *       "planting": "plt_Qm3rT8vXn2LpW6sJd9KfYh4B",
                     *       "project": "prj_D0UaJdiZqlOOYGmHkeF7Cqur",
                     *       "recipient": null,
                     *       "certificate": null,
                     *       "allocated_at": "2026-11-26T08:00:00Z",
                     *       "planted_at": "2026-11-26",
                     *       "legacy_tree_ids": [],
                     *       "legacy_order_id": null,
                     *       "created_at": "2026-11-26T08:00:00Z",
                     *       "updated_at": "2026-11-26T08:01:00Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Allocation"];
                };
            };
            /** @description The request is wrong: `idempotency_key_too_long`, `parameter_unknown`, `parameter_invalid`, `body_invalid_json`, `body_too_deep`, `test_helper_unsupported`, `allocation_unexpected_state`. */
            400: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "allocation_unexpected_state",
                     *         "message": "Allocation alloc_DOkSWPJ42J2A0VepElDtJpJP is monitored; it cannot be planted.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#allocation_unexpected_state",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid token: `token_missing`, `token_ambiguous`, `token_invalid`, `token_wrong_version`, `token_owner_removed`, `token_revoked`, `token_expired`. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "authentication_error",
                     *         "code": "token_missing",
                     *         "message": "No API token provided. Send it as \"Authorization: Bearer canopy_live_...\" (or canopy_test_...).",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#token_missing",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: `plan_not_allowed`, `company_inactive`, `ip_not_allowed`, `scope_missing`. */
            403: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "permission_error",
                     *         "code": "scope_missing",
                     *         "message": "This API token lacks the scope \"allocations:read\", which this request needs.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#scope_missing",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM",
                     *         "required_scope": "allocations:read"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such object: `resource_missing`, `route_not_found`. */
            404: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "route_not_found",
                     *         "message": "Unrecognized request URL (POST: /v2/test_helpers/allocations/alloc_DOkSWPJ42J2A0VepElDtJpJP/plant).",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#route_not_found",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state: `request_in_progress`. */
            409: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "idempotency_error",
                     *         "code": "request_in_progress",
                     *         "message": "A request with Idempotency-Key \"order-10412\" is still being processed. Retry in a moment to get its result.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#request_in_progress",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large: `body_too_large`. */
            413: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "body_too_large",
                     *         "message": "The request body is larger than 1048576 bytes.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#body_too_large",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body not JSON: `unsupported_media_type`. */
            415: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "unsupported_media_type",
                     *         "message": "Unsupported Content-Type \"application/x-www-form-urlencoded\"; send application/json.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#unsupported_media_type",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused: `idempotency_key_reused`. */
            422: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "idempotency_error",
                     *         "code": "idempotency_key_reused",
                     *         "message": "Idempotency-Key \"order-10412\" was used within the last 24 hours for a different request (another body or path, or a token that sees other data). Use a new key for a new request.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#idempotency_key_reused",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests; wait Retry-After seconds: `rate_limited`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "rate_limit_error",
                     *         "code": "rate_limited",
                     *         "message": "This API token has made its 600 requests of this minute (per_token_per_minute). Retry after 12 seconds.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#rate_limited",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM",
                     *         "limit": "per_token_per_minute"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Our fault; retry later: `internal_error`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "api_error",
                     *         "code": "internal_error",
                     *         "message": "Something went wrong on our side. It has been logged; retry later, quoting the request id.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#internal_error",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    testHelperMonitorAllocation: {
        parameters: {
            query?: never;
            header?: {
                /** @description The language of translated texts (names, descriptions, captions, notes): `en` (the default) or `nl`; Content-Language says which the answer uses. A full header such as `nl-NL, nl;q=0.9` is matched on its base tags. */
                "Accept-Language"?: "en" | "nl";
                /** @description Optional: a retry with the same key and body within 24 hours gets the first answer again, with `Idempotent-Replayed: true`, instead of acting twice. At most 255 characters. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Trees from one planting assigned to the company. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "alloc_DOkSWPJ42J2A0VepElDtJpJP",
                     *       "object": "allocation",
                     *       "livemode": false,
                     *       "trees": 10,
                     *       "status": "monitored",
                     *       "source": "foundation",
                     *       "planting": "plt_Qm3rT8vXn2LpW6sJd9KfYh4B",
                     *       "project": "prj_D0UaJdiZqlOOYGmHkeF7Cqur",
                     *       "recipient": null,
                     *       "certificate": null,
                     *       "allocated_at": "2026-11-26T08:00:00Z",
                     *       "planted_at": "2026-11-26",
                     *       "legacy_tree_ids": [],
                     *       "legacy_order_id": null,
                     *       "created_at": "2026-11-26T08:00:00Z",
                     *       "updated_at": "2026-11-26T08:02:00Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Allocation"];
                };
            };
            /** @description The request is wrong: `idempotency_key_too_long`, `parameter_unknown`, `parameter_invalid`, `body_invalid_json`, `body_too_deep`, `test_helper_unsupported`, `allocation_unexpected_state`. */
            400: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "allocation_unexpected_state",
                     *         "message": "Allocation alloc_DOkSWPJ42J2A0VepElDtJpJP is pledged; it cannot be monitored.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#allocation_unexpected_state",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid token: `token_missing`, `token_ambiguous`, `token_invalid`, `token_wrong_version`, `token_owner_removed`, `token_revoked`, `token_expired`. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "authentication_error",
                     *         "code": "token_missing",
                     *         "message": "No API token provided. Send it as \"Authorization: Bearer canopy_live_...\" (or canopy_test_...).",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#token_missing",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: `plan_not_allowed`, `company_inactive`, `ip_not_allowed`, `scope_missing`. */
            403: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "permission_error",
                     *         "code": "scope_missing",
                     *         "message": "This API token lacks the scope \"allocations:read\", which this request needs.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#scope_missing",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM",
                     *         "required_scope": "allocations:read"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such object: `resource_missing`, `route_not_found`. */
            404: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "route_not_found",
                     *         "message": "Unrecognized request URL (POST: /v2/test_helpers/allocations/alloc_DOkSWPJ42J2A0VepElDtJpJP/monitor).",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#route_not_found",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state: `request_in_progress`. */
            409: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "idempotency_error",
                     *         "code": "request_in_progress",
                     *         "message": "A request with Idempotency-Key \"order-10412\" is still being processed. Retry in a moment to get its result.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#request_in_progress",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large: `body_too_large`. */
            413: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "body_too_large",
                     *         "message": "The request body is larger than 1048576 bytes.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#body_too_large",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body not JSON: `unsupported_media_type`. */
            415: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "unsupported_media_type",
                     *         "message": "Unsupported Content-Type \"application/x-www-form-urlencoded\"; send application/json.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#unsupported_media_type",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused: `idempotency_key_reused`. */
            422: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "idempotency_error",
                     *         "code": "idempotency_key_reused",
                     *         "message": "Idempotency-Key \"order-10412\" was used within the last 24 hours for a different request (another body or path, or a token that sees other data). Use a new key for a new request.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#idempotency_key_reused",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests; wait Retry-After seconds: `rate_limited`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "rate_limit_error",
                     *         "code": "rate_limited",
                     *         "message": "This API token has made its 600 requests of this minute (per_token_per_minute). Retry after 12 seconds.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#rate_limited",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM",
                     *         "limit": "per_token_per_minute"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Our fault; retry later: `internal_error`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "api_error",
                     *         "code": "internal_error",
                     *         "message": "Something went wrong on our side. It has been logged; retry later, quoting the request id.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#internal_error",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    testHelperChangeAllocationTrees: {
        parameters: {
            query?: never;
            header?: {
                /** @description The language of translated texts (names, descriptions, captions, notes): `en` (the default) or `nl`; Content-Language says which the answer uses. A full header such as `nl-NL, nl;q=0.9` is matched on its base tags. */
                "Accept-Language"?: "en" | "nl";
                /** @description Optional: a retry with the same key and body within 24 hours gets the first answer again, with `Idempotent-Replayed: true`, instead of acting twice. At most 255 characters. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "trees": 6
                 *     }
                 */
                "application/json": {
                    trees: number;
                };
            };
        };
        responses: {
            /** @description Trees from one planting assigned to the company. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "alloc_DOkSWPJ42J2A0VepElDtJpJP",
                     *       "object": "allocation",
                     *       "livemode": false,
                     *       "trees": 6,
                     *       "status": "pledged",
                     *       "source": "foundation",
                     *       "planting": "plt_Qm3rT8vXn2LpW6sJd9KfYh4B",
                     *       "project": "prj_D0UaJdiZqlOOYGmHkeF7Cqur",
                     *       "recipient": null,
                     *       "certificate": null,
                     *       "allocated_at": "2026-11-26T08:00:00Z",
                     *       "planted_at": null,
                     *       "legacy_tree_ids": [],
                     *       "legacy_order_id": null,
                     *       "created_at": "2026-11-26T08:00:00Z",
                     *       "updated_at": "2026-11-26T08:01:00Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Allocation"];
                };
            };
            /** @description The request is wrong: `idempotency_key_too_long`, `parameter_unknown`, `parameter_missing`, `parameter_invalid`, `body_invalid_json`, `body_too_deep`, `test_helper_unsupported`. */
            400: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "parameter_missing",
                     *         "message": "Missing required parameter: trees.",
                     *         "param": "trees",
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#parameter_missing",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid token: `token_missing`, `token_ambiguous`, `token_invalid`, `token_wrong_version`, `token_owner_removed`, `token_revoked`, `token_expired`. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "authentication_error",
                     *         "code": "token_missing",
                     *         "message": "No API token provided. Send it as \"Authorization: Bearer canopy_live_...\" (or canopy_test_...).",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#token_missing",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: `plan_not_allowed`, `company_inactive`, `ip_not_allowed`, `scope_missing`. */
            403: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "permission_error",
                     *         "code": "scope_missing",
                     *         "message": "This API token lacks the scope \"allocations:read\", which this request needs.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#scope_missing",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM",
                     *         "required_scope": "allocations:read"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such object: `resource_missing`, `route_not_found`. */
            404: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "route_not_found",
                     *         "message": "Unrecognized request URL (POST: /v2/test_helpers/allocations/alloc_DOkSWPJ42J2A0VepElDtJpJP/change_trees).",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#route_not_found",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state: `request_in_progress`. */
            409: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "idempotency_error",
                     *         "code": "request_in_progress",
                     *         "message": "A request with Idempotency-Key \"order-10412\" is still being processed. Retry in a moment to get its result.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#request_in_progress",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large: `body_too_large`. */
            413: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "body_too_large",
                     *         "message": "The request body is larger than 1048576 bytes.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#body_too_large",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body not JSON: `unsupported_media_type`. */
            415: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "unsupported_media_type",
                     *         "message": "Unsupported Content-Type \"application/x-www-form-urlencoded\"; send application/json.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#unsupported_media_type",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused: `idempotency_key_reused`, `refund_exceeds_unassigned_trees`. */
            422: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "refund_exceeds_unassigned_trees",
                     *         "message": "Only 4 of the donation's 10 trees are unassigned; the other 6 belong to recipients or gift codes, so at most 4 can be refunded.",
                     *         "param": "trees",
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#refund_exceeds_unassigned_trees",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests; wait Retry-After seconds: `rate_limited`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "rate_limit_error",
                     *         "code": "rate_limited",
                     *         "message": "This API token has made its 600 requests of this minute (per_token_per_minute). Retry after 12 seconds.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#rate_limited",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM",
                     *         "limit": "per_token_per_minute"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Our fault; retry later: `internal_error`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "api_error",
                     *         "code": "internal_error",
                     *         "message": "Something went wrong on our side. It has been logged; retry later, quoting the request id.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#internal_error",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    testHelperPublishVerification: {
        parameters: {
            query?: never;
            header?: {
                /** @description The language of translated texts (names, descriptions, captions, notes): `en` (the default) or `nl`; Content-Language says which the answer uses. A full header such as `nl-NL, nl;q=0.9` is matched on its base tags. */
                "Accept-Language"?: "en" | "nl";
                /** @description Optional: a retry with the same key and body within 24 hours gets the first answer again, with `Idempotent-Replayed: true`, instead of acting twice. At most 255 characters. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "prj_D0UaJdiZqlOOYGmHkeF7Cqur",
                     *       "object": "project",
                     *       "livemode": false,
                     *       "name": "Canopy Test Forest",
                     *       "description": "A project that exists only in test mode, for test helpers.",
                     *       "country": "NL",
                     *       "region": "Utrecht",
                     *       "status": "active",
                     *       "ecosystem_type": "temperate_forest",
                     *       "partner": "ptn_Hc7Lq2WmZ9xR4tNb8VsK3dJf",
                     *       "started_at": null,
                     *       "location": {
                     *         "latitude": 52.09,
                     *         "longitude": 5.11
                     *       },
                     *       "geometry": {
                     *         "type": "Polygon",
                     *         "coordinates": [
                     *           [
                     *             [
                     *               5.1,
                     *               52.08
                     *             ],
                     *             [
                     *               5.12,
                     *               52.08
                     *             ],
                     *             [
                     *               5.12,
                     *               52.1
                     *             ],
                     *             [
                     *               5.1,
                     *               52.1
                     *             ],
                     *             [
                     *               5.1,
                     *               52.08
                     *             ]
                     *           ]
                     *         ]
                     *       },
                     *       "photos": [],
                     *       "default_species": [
                     *         {
                     *           "name_latin": "Quercus robur",
                     *           "name_common": "English oak",
                     *           "trees": null
                     *         }
                     *       ],
                     *       "sdg_goals": [],
                     *       "trees": {
                     *         "total": 10,
                     *         "pledged": 0,
                     *         "planted": 0,
                     *         "monitored": 10
                     *       },
                     *       "verification": {
                     *         "status": "verified",
                     *         "latest": {
                     *           "id": "ver_CtgfSHg0G3FH85Hw0XuXppcr",
                     *           "object": "verification",
                     *           "livemode": false,
                     *           "project": "prj_D0UaJdiZqlOOYGmHkeF7Cqur",
                     *           "period_start": "2025-01-01",
                     *           "period_end": "2025-12-31",
                     *           "verifier_name": "Canopy Test Verifier",
                     *           "verifier_website_url": null,
                     *           "document_url": null,
                     *           "summary": "Test verification statement made by a test helper.",
                     *           "trees_verified": 10,
                     *           "published_at": "2026-11-26T08:03:00Z"
                     *         }
                     *       },
                     *       "foundation_url": null,
                     *       "created_at": "2026-11-26T08:00:00Z",
                     *       "updated_at": "2026-11-26T08:03:00Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Project"];
                };
            };
            /** @description The request is wrong: `idempotency_key_too_long`, `parameter_unknown`, `parameter_invalid`, `body_invalid_json`, `body_too_deep`. */
            400: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "parameter_unknown",
                     *         "message": "Received unknown parameter: limit.",
                     *         "param": "limit",
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#parameter_unknown",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid token: `token_missing`, `token_ambiguous`, `token_invalid`, `token_wrong_version`, `token_owner_removed`, `token_revoked`, `token_expired`. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "authentication_error",
                     *         "code": "token_missing",
                     *         "message": "No API token provided. Send it as \"Authorization: Bearer canopy_live_...\" (or canopy_test_...).",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#token_missing",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: `plan_not_allowed`, `company_inactive`, `ip_not_allowed`, `scope_missing`. */
            403: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "permission_error",
                     *         "code": "scope_missing",
                     *         "message": "This API token lacks the scope \"projects:read\", which this request needs.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#scope_missing",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM",
                     *         "required_scope": "projects:read"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such object: `resource_missing`, `route_not_found`. */
            404: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "route_not_found",
                     *         "message": "Unrecognized request URL (POST: /v2/test_helpers/projects/prj_D0UaJdiZqlOOYGmHkeF7Cqur/verifications).",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#route_not_found",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state: `request_in_progress`. */
            409: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "idempotency_error",
                     *         "code": "request_in_progress",
                     *         "message": "A request with Idempotency-Key \"order-10412\" is still being processed. Retry in a moment to get its result.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#request_in_progress",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large: `body_too_large`. */
            413: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "body_too_large",
                     *         "message": "The request body is larger than 1048576 bytes.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#body_too_large",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body not JSON: `unsupported_media_type`. */
            415: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "unsupported_media_type",
                     *         "message": "Unsupported Content-Type \"application/x-www-form-urlencoded\"; send application/json.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#unsupported_media_type",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused: `idempotency_key_reused`. */
            422: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "idempotency_error",
                     *         "code": "idempotency_key_reused",
                     *         "message": "Idempotency-Key \"order-10412\" was used within the last 24 hours for a different request (another body or path, or a token that sees other data). Use a new key for a new request.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#idempotency_key_reused",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests; wait Retry-After seconds: `rate_limited`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "rate_limit_error",
                     *         "code": "rate_limited",
                     *         "message": "This API token has made its 600 requests of this minute (per_token_per_minute). Retry after 12 seconds.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#rate_limited",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM",
                     *         "limit": "per_token_per_minute"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Our fault; retry later: `internal_error`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "api_error",
                     *         "code": "internal_error",
                     *         "message": "Something went wrong on our side. It has been logged; retry later, quoting the request id.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#internal_error",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    testHelperClaimGiftCode: {
        parameters: {
            query?: never;
            header?: {
                /** @description The language of translated texts (names, descriptions, captions, notes): `en` (the default) or `nl`; Content-Language says which the answer uses. A full header such as `nl-NL, nl;q=0.9` is matched on its base tags. */
                "Accept-Language"?: "en" | "nl";
                /** @description Optional: a retry with the same key and body within 24 hours gets the first answer again, with `Idempotent-Replayed: true`, instead of acting twice. At most 255 characters. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "first_name": "Tess",
                 *       "last_name": "Tester",
                 *       "email": "tess.tester@example.com",
                 *       "language": "nl"
                 *     }
                 */
                "application/json": {
                    first_name: string;
                    last_name?: string;
                    /** Format: email */
                    email: string;
                    /** @enum {string} */
                    language?: "en" | "nl";
                };
            };
        };
        responses: {
            /** @description Trees reserved behind a code that a person claims on a public page. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "gift_S0UCeKgicXs7aDOulnUUIqBt",
                     *       "object": "gift_code",
                     *       "livemode": false,
                     *       "code": "T4ST-9QMX-6WBD",
                     *       "claim_url": "http://127.0.0.1:3000/gift/T4ST-9QMX-6WBD",
                     *       "status": "claimed",
                     *       "trees": 2,
                     *       "project": null,
                     *       "sent_to": {
                     *         "name": "Tess Tester",
                     *         "email": "tess.tester@example.com"
                     *       },
                     *       "external_reference": "TEST-GIFT-1",
                     *       "recipient": "rcp_tUPPDABkRQlOh2f5QjRJDRZU",
                     *       "valid_until": "2026-12-25T08:00:00Z",
                     *       "claimed_at": "2026-11-26T08:05:00Z",
                     *       "created_at": "2026-11-25T08:00:00Z",
                     *       "updated_at": "2026-11-26T08:05:00Z"
                     *     }
                     */
                    "application/json": components["schemas"]["GiftCode"];
                };
            };
            /** @description The request is wrong: `idempotency_key_too_long`, `parameter_unknown`, `parameter_missing`, `parameter_invalid`, `body_invalid_json`, `body_too_deep`. */
            400: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "parameter_missing",
                     *         "message": "Missing required parameter: first_name.",
                     *         "param": "first_name",
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#parameter_missing",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid token: `token_missing`, `token_ambiguous`, `token_invalid`, `token_wrong_version`, `token_owner_removed`, `token_revoked`, `token_expired`. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "authentication_error",
                     *         "code": "token_missing",
                     *         "message": "No API token provided. Send it as \"Authorization: Bearer canopy_live_...\" (or canopy_test_...).",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#token_missing",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: `plan_not_allowed`, `company_inactive`, `ip_not_allowed`, `scope_missing`, `owner_role_not_allowed`. */
            403: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "permission_error",
                     *         "code": "scope_missing",
                     *         "message": "This API token lacks the scope \"gift-codes:write\", which this request needs.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#scope_missing",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM",
                     *         "required_scope": "gift-codes:write"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such object: `resource_missing`, `route_not_found`. */
            404: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "route_not_found",
                     *         "message": "Unrecognized request URL (POST: /v2/test_helpers/gift_codes/gift_S0UCeKgicXs7aDOulnUUIqBt/claim).",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#route_not_found",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state: `request_in_progress`, `gift_code_not_open`. */
            409: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "gift_code_not_open",
                     *         "message": "Gift code gift_0OzWDKQJACTVNR9wEchSXmmt is claimed; only an open code can be revoked. To take its trees back, delete the recipient who claimed it.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#gift_code_not_open",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large: `body_too_large`. */
            413: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "body_too_large",
                     *         "message": "The request body is larger than 1048576 bytes.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#body_too_large",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body not JSON: `unsupported_media_type`. */
            415: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "unsupported_media_type",
                     *         "message": "Unsupported Content-Type \"application/x-www-form-urlencoded\"; send application/json.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#unsupported_media_type",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused: `idempotency_key_reused`. */
            422: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "idempotency_error",
                     *         "code": "idempotency_key_reused",
                     *         "message": "Idempotency-Key \"order-10412\" was used within the last 24 hours for a different request (another body or path, or a token that sees other data). Use a new key for a new request.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#idempotency_key_reused",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests; wait Retry-After seconds: `rate_limited`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "rate_limit_error",
                     *         "code": "rate_limited",
                     *         "message": "This API token has made its 600 requests of this minute (per_token_per_minute). Retry after 12 seconds.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#rate_limited",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM",
                     *         "limit": "per_token_per_minute"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Our fault; retry later: `internal_error`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "api_error",
                     *         "code": "internal_error",
                     *         "message": "Something went wrong on our side. It has been logged; retry later, quoting the request id.",
                     *         "param": null,
                     *         "doc_url": "http://127.0.0.1:3000/docs/errors#internal_error",
                     *         "request_id": "req_1A6dXoy9cswU74ZpGdv5fXSM"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
}
