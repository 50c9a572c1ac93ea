/** Generated from contract/admin-api.openapi.yaml by scripts/generate-types.ts (npm run generate); do not edit. */

export interface paths {
    "/counters": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The order counters of a tenant's consumers
         * @description Each consumer's count and the order ids counted.
         */
        get: operations["listCounters"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Application events the integration endpoint received
         * @description In the order they arrived.
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
    "/faults": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A tenant's fault rules
         * @description With each rule's remaining count.
         */
        get: operations["getFaults"];
        /**
         * Replace a tenant's fault rules
         * @description The console adds or removes one rule by putting the whole list back.
         */
        put: operations["putFaults"];
        post?: never;
        /**
         * Remove every fault rule of a tenant
         * @description Every request is served normally again.
         */
        delete: operations["clearFaults"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Whether this is a gas-harness simulator, and its version
         * @description Checkers call it to tell a simulator from a real deployment.
         */
        get: operations["getHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The platform's operations with their scopes and statuses
         * @description What the console lists in its filters, fault form and token form.
         */
        get: operations["listOperations"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/provider-states": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Set up or tear down a Pact provider state
         * @description Setup answers the values it used (ids), which fill the pacts' provider-state expressions; teardown puts the tenant's data back to the dataset.
         */
        post: operations["setProviderState"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/requests": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a tenant's request journal
         * @description The last 1,000 requests, oldest first, secrets redacted. The console polls it with `since` set to the last sequence number it has.
         */
        get: operations["listRequests"];
        put?: never;
        post?: never;
        /**
         * Clear a tenant's request journal
         * @description Sequence numbers go on from where they were.
         */
        delete: operations["clearRequests"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/requests/suite": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A tenant's journal as a scenario suite
         * @description The requests the filter selects, written as a scenario suite (contract/scenario-schema.json), as `gas-harness record --journal` writes it: each request a step with its status and `schema: documented`, ids the server made captured, credentials as roles, no secret. The console's "save as suite" asks for the requests its filter shows (`seq`).
         */
        get: operations["getRequestsSuite"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Put a tenant back to the dataset, or empty it
         * @description Clears the tenant's journal and fault rules too.
         */
        post: operations["resetTenant"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/state": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download a tenant's state as a snapshot
         * @description Secrets (provider credentials, push tokens) are redacted, so a downloaded snapshot carries `<redacted>` in their place.
         */
        get: operations["getState"];
        /**
         * Replace a tenant's state with a snapshot
         * @description A snapshot that does not validate leaves the state unchanged.
         */
        put: operations["putState"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Add a snapshot's records to a tenant's state
         * @description Imports a snapshot larger than the 1 MiB body limit in pages: PUT the first page, PATCH the others. A page that does not validate leaves the state unchanged.
         */
        patch: operations["addState"];
        trace?: never;
    };
    "/tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mint an HS256 access token
         * @description The token carries the scopes and bindings asked for; `tenant` binds it to a tenant (claim `tid`).
         */
        post: operations["mintToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/ui": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The web console
         * @description Redirects to `/__sim/ui/`.
         */
        get: operations["openConsole"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/ui/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The console page
         * @description Static HTML holding no data; what it shows it reads through this API, with the admin key the user gives it.
         */
        get: operations["getConsolePage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/ui/{file}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The console's page, script modules and styles
         * @description Only the console's own files; anything else is 404.
         */
        get: operations["getConsoleFile"];
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
        ErrorList: {
            errors: {
                code: string;
                message: string;
                target: string;
            }[];
        };
        FaultConfig: {
            rules: components["schemas"]["FaultRule"][];
            seed: number;
        };
        FaultRule: {
            /** @description How many more times the rule may fire. */
            count?: number;
            delayMs?: number;
            /** @enum {unknown} */
            drop?: "reset" | "empty" | "malformed";
            /** @description An operationId, or `*` for every operation. */
            operationId: string;
            probability?: number;
            status?: number;
        } & (unknown | unknown | unknown);
        JournalEntry: {
            durationMs: number;
            method: string;
            operationId: string | null;
            path: string;
            refusal?: components["schemas"]["Refusal"];
            request: {
                body?: unknown;
                headers: {
                    [key: string]: string;
                };
            };
            response: {
                body?: unknown;
            };
            seq: number;
            /** @description The status was asked for (Prefer or a fault rule). */
            simulated: boolean;
            status: number;
            /** Format: date-time */
            time: string;
        };
        OperationSummary: {
            /** @enum {unknown} */
            auth: "bearer" | "apiKey";
            /** @enum {unknown} */
            method: "GET" | "PUT" | "POST" | "DELETE";
            operationId: string;
            path: string;
            scopes: string[];
            statuses: {
                /** @enum {unknown} */
                basis: "documented" | "assumed";
                status: number;
                why?: string;
            }[];
        };
        RecordKey: string;
        /** @description The rule behind an error answer. */
        Refusal: {
            /** @enum {unknown} */
            basis: "documented" | "assumed";
            code: string;
            message: string;
            target: string;
            /** @description The spec's reason for an assumed rule. */
            why?: string;
        };
        /** @description A tenant's records, as `--data`, `--state-file` and `PUT /__sim/state` take them and the simulator enforces them. */
        Snapshot: {
            /** @description Each collection's records, with the keys it is stored under; a collection left out is empty. The simulator refuses another name. */
            collections: {
                appEvents?: {
                    idMensagem: components["schemas"]["RecordKey"];
                    nomeEvento: components["schemas"]["RecordKey"];
                }[];
                brands?: {
                    id: components["schemas"]["RecordKey"];
                    name: components["schemas"]["RecordKey"];
                }[];
                categories?: {
                    id: components["schemas"]["RecordKey"];
                    name: components["schemas"]["RecordKey"];
                }[];
                consumerAddresses?: {
                    consumerId: components["schemas"]["RecordKey"];
                    id: components["schemas"]["RecordKey"];
                }[];
                coverageAreas?: {
                    dealerId: components["schemas"]["RecordKey"];
                    id: components["schemas"]["RecordKey"];
                    name: components["schemas"]["RecordKey"];
                }[];
                customers?: {
                    id: components["schemas"]["RecordKey"];
                    name: components["schemas"]["RecordKey"];
                }[];
                dealers?: {
                    id: components["schemas"]["RecordKey"];
                    name: components["schemas"]["RecordKey"];
                }[];
                devices?: {
                    deviceId: components["schemas"]["RecordKey"];
                    userId: components["schemas"]["RecordKey"];
                }[];
                merchants?: {
                    id: components["schemas"]["RecordKey"];
                }[];
                orderCounters?: {
                    consumerId: components["schemas"]["RecordKey"];
                    orderIds: components["schemas"]["RecordKey"][];
                }[];
                orderEtas?: {
                    dealerId: components["schemas"]["RecordKey"];
                    eta?: number;
                    orderId: components["schemas"]["RecordKey"];
                }[];
                products?: {
                    brandId: components["schemas"]["RecordKey"];
                    categoryId: components["schemas"]["RecordKey"];
                    enabled?: boolean;
                    id: components["schemas"]["RecordKey"];
                    name: components["schemas"]["RecordKey"];
                }[];
                providers?: {
                    id: components["schemas"]["RecordKey"];
                    merchantId: components["schemas"]["RecordKey"];
                    methods?: unknown[] | null;
                    name: components["schemas"]["RecordKey"];
                    priority?: number | null;
                }[];
                users?: {
                    email: components["schemas"]["RecordKey"];
                    id: components["schemas"]["RecordKey"];
                    name: components["schemas"]["RecordKey"];
                }[];
            };
            /** @constant */
            version: 1;
        };
        /** @description One stored record, as the platform's operations wrote it. */
        StoredRecord: {
            [key: string]: unknown;
        };
        TokenRequest: {
            consumerId?: string;
            dealerId?: string;
            /** @description Negative mints a token that is already expired. */
            expiresInSeconds?: number;
            merchantId?: string;
            scopes: string[];
            /** @description The user id (binds `{userId}` paths). */
            sub?: string;
            tenant?: string;
            userType?: string;
        };
    };
    responses: {
        /** @description A state-changing request with a body, or a Content-Type, other than `application/json` (what an HTML form sends); nothing changed. */
        AdminJsonRequired: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "errors": [
                 *         {
                 *           "code": "AdminJsonRequired",
                 *           "target": "header.Content-Type",
                 *           "message": "The admin API takes a state-changing request with a JSON body (Content-Type: application/json) or with no body at all; this one has Content-Type \"application/x-www-form-urlencoded\"."
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["ErrorList"];
            };
        };
        /** @description The simulator has an admin key and the request lacks it or has another. */
        AdminKeyRequired: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "errors": [
                 *         {
                 *           "code": "AdminKeyRequired",
                 *           "target": "header.X-Sim-Admin-Key",
                 *           "message": "The admin API needs the X-Sim-Admin-Key header with the key the simulator was started with; this request has none."
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["ErrorList"];
            };
        };
        /** @description A state-changing request from a browser page of another origin than the simulator's own, one listed with `--cors` or a host of `--allowed-hosts`; nothing changed. */
        AdminOriginRefused: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "errors": [
                 *         {
                 *           "code": "AdminOriginRefused",
                 *           "target": "header.Origin",
                 *           "message": "The admin API changes state only for its own pages and the origins listed with --cors; this request comes from \"http://evil.example\"."
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["ErrorList"];
            };
        };
        /** @description The request is not valid; nothing changed. */
        InvalidAdminRequest: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorList"];
            };
        };
    };
    parameters: {
        /** @description The tenant to act on (default `default`). */
        Tenant: string;
        /** @description The tenant, when the header cannot be sent. */
        TenantQuery: string;
    };
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    listCounters: {
        parameters: {
            query?: {
                /** @description The tenant, when the header cannot be sent. */
                tenant?: components["parameters"]["TenantQuery"];
            };
            header?: {
                /** @description The tenant to act on (default `default`). */
                "X-Sim-Tenant"?: components["parameters"]["Tenant"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The counters. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        counters: {
                            consumerId: string;
                            orderCount: number;
                            orderIds: string[];
                        }[];
                    };
                };
            };
            400: components["responses"]["InvalidAdminRequest"];
            401: components["responses"]["AdminKeyRequired"];
        };
    };
    listEvents: {
        parameters: {
            query?: {
                /** @description The tenant, when the header cannot be sent. */
                tenant?: components["parameters"]["TenantQuery"];
            };
            header?: {
                /** @description The tenant to act on (default `default`). */
                "X-Sim-Tenant"?: components["parameters"]["Tenant"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The events. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        events: components["schemas"]["StoredRecord"][];
                    };
                };
            };
            400: components["responses"]["InvalidAdminRequest"];
            401: components["responses"]["AdminKeyRequired"];
        };
    };
    getFaults: {
        parameters: {
            query?: {
                /** @description The tenant, when the header cannot be sent. */
                tenant?: components["parameters"]["TenantQuery"];
            };
            header?: {
                /** @description The tenant to act on (default `default`). */
                "X-Sim-Tenant"?: components["parameters"]["Tenant"];
            };
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
                    "application/json": components["schemas"]["FaultConfig"];
                };
            };
            400: components["responses"]["InvalidAdminRequest"];
            401: components["responses"]["AdminKeyRequired"];
        };
    };
    putFaults: {
        parameters: {
            query?: {
                /** @description The tenant, when the header cannot be sent. */
                tenant?: components["parameters"]["TenantQuery"];
            };
            header?: {
                /** @description The tenant to act on (default `default`). */
                "X-Sim-Tenant"?: components["parameters"]["Tenant"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    rules: components["schemas"]["FaultRule"][];
                    seed?: number;
                };
            };
        };
        responses: {
            /** @description The rules now in force. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FaultConfig"];
                };
            };
            400: components["responses"]["InvalidAdminRequest"];
            401: components["responses"]["AdminKeyRequired"];
            403: components["responses"]["AdminOriginRefused"];
            415: components["responses"]["AdminJsonRequired"];
        };
    };
    clearFaults: {
        parameters: {
            query?: {
                /** @description The tenant, when the header cannot be sent. */
                tenant?: components["parameters"]["TenantQuery"];
            };
            header?: {
                /** @description The tenant to act on (default `default`). */
                "X-Sim-Tenant"?: components["parameters"]["Tenant"];
            };
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
            400: components["responses"]["InvalidAdminRequest"];
            401: components["responses"]["AdminKeyRequired"];
            403: components["responses"]["AdminOriginRefused"];
            415: components["responses"]["AdminJsonRequired"];
        };
    };
    getHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The simulator answers. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description How many tenants were evicted since start. */
                        evictedTenants: number;
                        /** @description The bytes the journals may hold together. */
                        journalBudgetBytes: number;
                        /** @description The bytes every tenant's journal holds together. */
                        journalBytes: number;
                        /** @description Past it, the least recently used idle tenant is evicted (`--max-tenants`). */
                        maxTenants: number;
                        /** @description How many platform operations it serves. */
                        operations: number;
                        /** @description The simulator's process id. */
                        pid: number;
                        /** @constant */
                        simulator: "gas-harness";
                        /** @description How many tenants are held now. */
                        tenants: number;
                        version: string;
                    };
                };
            };
            401: components["responses"]["AdminKeyRequired"];
        };
    };
    listOperations: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every operation of the platform's contract. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        operations: components["schemas"]["OperationSummary"][];
                    };
                };
            };
            401: components["responses"]["AdminKeyRequired"];
        };
    };
    setProviderState: {
        parameters: {
            query?: {
                /** @description The tenant, when the header cannot be sent. */
                tenant?: components["parameters"]["TenantQuery"];
            };
            header?: {
                /** @description The tenant to act on (default `default`). */
                "X-Sim-Tenant"?: components["parameters"]["Tenant"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {unknown} */
                    action?: "setup" | "teardown";
                    params?: {
                        [key: string]: string | number | boolean | null;
                    } | null;
                    state: string;
                };
            };
        };
        responses: {
            /** @description The values the state used (empty for a teardown). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        [key: string]: string;
                    };
                };
            };
            400: components["responses"]["InvalidAdminRequest"];
            401: components["responses"]["AdminKeyRequired"];
            403: components["responses"]["AdminOriginRefused"];
            415: components["responses"]["AdminJsonRequired"];
        };
    };
    listRequests: {
        parameters: {
            query?: {
                /** @description Only entries of this operation. */
                operationId?: string;
                /** @description A sequence number (entries after it) or an ISO time (entries at or after it). */
                since?: string;
                /** @description Only entries with this status. */
                status?: number;
                /** @description The tenant, when the header cannot be sent. */
                tenant?: components["parameters"]["TenantQuery"];
            };
            header?: {
                /** @description The tenant to act on (default `default`). */
                "X-Sim-Tenant"?: components["parameters"]["Tenant"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The matching entries. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        requests: components["schemas"]["JournalEntry"][];
                    };
                };
            };
            400: components["responses"]["InvalidAdminRequest"];
            401: components["responses"]["AdminKeyRequired"];
        };
    };
    clearRequests: {
        parameters: {
            query?: {
                /** @description The tenant, when the header cannot be sent. */
                tenant?: components["parameters"]["TenantQuery"];
            };
            header?: {
                /** @description The tenant to act on (default `default`). */
                "X-Sim-Tenant"?: components["parameters"]["Tenant"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The journal is empty. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["InvalidAdminRequest"];
            401: components["responses"]["AdminKeyRequired"];
            403: components["responses"]["AdminOriginRefused"];
            415: components["responses"]["AdminJsonRequired"];
        };
    };
    getRequestsSuite: {
        parameters: {
            query?: {
                /** @description The suite's name (default `Recorded session <time>`). */
                name?: string;
                /** @description Only entries of this operation. */
                operationId?: string;
                /** @description Only these entries, by sequence number, comma-separated. */
                seq?: string;
                /** @description A sequence number (entries after it) or an ISO time (entries at or after it). */
                since?: string;
                /** @description Only entries with this status. */
                status?: number;
                /** @description The tenant, when the header cannot be sent. */
                tenant?: components["parameters"]["TenantQuery"];
            };
            header?: {
                /** @description The tenant to act on (default `default`). */
                "X-Sim-Tenant"?: components["parameters"]["Tenant"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The suite, as YAML. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/yaml": string;
                };
            };
            400: components["responses"]["InvalidAdminRequest"];
            401: components["responses"]["AdminKeyRequired"];
        };
    };
    resetTenant: {
        parameters: {
            query?: {
                /** @description `true` empties the tenant instead of loading the dataset. */
                empty?: "true" | "false";
                /** @description The tenant, when the header cannot be sent. */
                tenant?: components["parameters"]["TenantQuery"];
            };
            header?: {
                /** @description The tenant to act on (default `default`). */
                "X-Sim-Tenant"?: components["parameters"]["Tenant"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The tenant was reset. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        empty: boolean;
                        tenant: string;
                    };
                };
            };
            400: components["responses"]["InvalidAdminRequest"];
            401: components["responses"]["AdminKeyRequired"];
            403: components["responses"]["AdminOriginRefused"];
            415: components["responses"]["AdminJsonRequired"];
        };
    };
    getState: {
        parameters: {
            query?: {
                /** @description The tenant, when the header cannot be sent. */
                tenant?: components["parameters"]["TenantQuery"];
            };
            header?: {
                /** @description The tenant to act on (default `default`). */
                "X-Sim-Tenant"?: components["parameters"]["Tenant"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The snapshot, every collection listed. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Snapshot"];
                };
            };
            400: components["responses"]["InvalidAdminRequest"];
            401: components["responses"]["AdminKeyRequired"];
        };
    };
    putState: {
        parameters: {
            query?: {
                /** @description The tenant, when the header cannot be sent. */
                tenant?: components["parameters"]["TenantQuery"];
            };
            header?: {
                /** @description The tenant to act on (default `default`). */
                "X-Sim-Tenant"?: components["parameters"]["Tenant"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Snapshot"];
            };
        };
        responses: {
            /** @description The state was replaced. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        restored: true;
                    };
                };
            };
            400: components["responses"]["InvalidAdminRequest"];
            401: components["responses"]["AdminKeyRequired"];
            403: components["responses"]["AdminOriginRefused"];
            415: components["responses"]["AdminJsonRequired"];
        };
    };
    addState: {
        parameters: {
            query?: {
                /** @description The tenant, when the header cannot be sent. */
                tenant?: components["parameters"]["TenantQuery"];
            };
            header?: {
                /** @description The tenant to act on (default `default`). */
                "X-Sim-Tenant"?: components["parameters"]["Tenant"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Snapshot"];
            };
        };
        responses: {
            /** @description The records were added. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        added: true;
                    };
                };
            };
            400: components["responses"]["InvalidAdminRequest"];
            401: components["responses"]["AdminKeyRequired"];
            403: components["responses"]["AdminOriginRefused"];
            415: components["responses"]["AdminJsonRequired"];
        };
    };
    mintToken: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TokenRequest"];
            };
        };
        responses: {
            /** @description The token. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description A JWT; a secret the journal never shows. */
                        accessToken: string;
                        expiresIn: number;
                        /** @constant */
                        tokenType: "Bearer";
                    };
                };
            };
            400: components["responses"]["InvalidAdminRequest"];
            401: components["responses"]["AdminKeyRequired"];
            403: components["responses"]["AdminOriginRefused"];
            415: components["responses"]["AdminJsonRequired"];
        };
    };
    openConsole: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Redirect to the console page. */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    getConsolePage: {
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
    getConsoleFile: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The file. */
                file: "index.html" | "console.js" | "console-core.js" | "console-journal.js" | "console-panels.js" | "console.css";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/css": string;
                    "text/html": string;
                    "text/javascript": string;
                };
            };
            404: components["responses"]["InvalidAdminRequest"];
        };
    };
}
