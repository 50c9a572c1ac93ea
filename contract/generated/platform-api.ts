/** Generated from contract/gas-platform.openapi.yaml by scripts/generate-types.ts (npm run generate); do not edit. */

export interface paths {
    "/Integration/app-events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Receive an application event
         * @description Receives an application event in application/json-patch+json; events are deduplicated by idMensagem.
         */
        post: operations["receiveAppEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/brands": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a product brand
         * @description Creates a product brand and returns its new identifier in data.id.
         */
        post: operations["createBrand"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/categories/{categoryId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Update a category
         * @description Updates the name and description of an existing category; product reads show the change.
         */
        put: operations["updateCategory"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/consumers/{consumerId}/addresses": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Upsert a consumer address
         * @description Creates or updates one address of a consumer; the body is also accepted as text/json and application/*+json.
         */
        put: operations["upsertConsumerAddress"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/consumers/orders/counter": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Increment a consumer order counter
         * @description Counts an order for a consumer; counting the same orderId again does not change the count. Authorized by the raw API key.
         */
        post: operations["incrementOrderCounter"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/customers/{customerId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Update or create a customer
         * @description Creates the customer with this identifier, or replaces it when it exists.
         */
        put: operations["upsertCustomer"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/dealers/{dealerId}/coverage-areas/{coverageAreaId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Update a dealer coverage area
         * @description Renames an existing coverage area of a dealer.
         */
        put: operations["updateCoverageArea"];
        post?: never;
        /**
         * Delete a dealer coverage area
         * @description Deletes a coverage area of a dealer; it is gone afterwards.
         */
        delete: operations["deleteCoverageArea"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/dealers/{dealerId}/orders/{orderId}/eta": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Update a dealer order delivery estimate
         * @description Records the delivery estimate a dealer gives for an order.
         */
        put: operations["updateOrderEta"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/dealers/users/{userId}/devices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Register the device linked to a dealer user
         * @description Registers (or replaces, by deviceId) the device a dealer user receives push notifications on.
         */
        put: operations["registerDealerDevice"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/merchants/{merchantId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Update or create a merchant
         * @description Creates the merchant with this identifier, or updates it when it exists.
         */
        put: operations["upsertMerchant"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/merchants/{merchantId}/providers/{merchantProviderId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Update an existing provider of a merchant
         * @description Updates the named provider of a merchant. Only the fields present are changed; properties outside MerchantProviderUpdate are rejected, and an unknown provider is 404.
         */
        put: operations["updateMerchantProvider"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/products/{productId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a product by identifier
         * @description Reads a product of the catalogue with its category and brand.
         */
        get: operations["getProduct"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Upsert a user
         * @description Creates the user with the body's id, or updates it; the profile read shows the result.
         */
        put: operations["upsertUser"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/{userId}/profile": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a user profile
         * @description Reads the profile of a user.
         */
        get: operations["getUserProfile"];
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
         * @description Body of the event intake.
         * @example {
         *       "idMensagem": "msg-2026-11-21-0001",
         *       "nomeEvento": "PedidoEntregue",
         *       "mensagem": {
         *         "pedidoId": "7e8f9a0b-1c2d-4e3f-9a4b-5c6d7e8f9a0b",
         *         "entregueEm": "2026-11-21T14:03:00Z"
         *       }
         *     }
         */
        AppEvent: {
            /** @description message identifier */
            idMensagem: string;
            /** @description any JSON value, may be null */
            mensagem?: unknown;
            /** @description event name */
            nomeEvento: string;
        };
        BillingAddress: {
            apartment?: string;
            city?: string;
            country?: components["schemas"]["CountryCode"];
            latitude?: components["schemas"]["Latitude"];
            longitude?: components["schemas"]["Longitude"];
            neighborhood?: string;
            number?: string;
            postalCode?: string;
            state?: string;
            street?: string;
        };
        /**
         * @description Body of the brand creation.
         * @example {
         *       "name": "Copagaz",
         *       "description": "Gás LP envasado"
         *     }
         */
        Brand: {
            description?: string;
            name: string;
        };
        /**
         * @example {
         *       "data": {
         *         "id": "3e1d5c7a-9b2f-4a6e-8c0d-1f2e3d4c5b6a"
         *       }
         *     }
         */
        BrandCreated: {
            data: {
                /** Format: uuid */
                id: string;
            };
        };
        /**
         * @description Body of the category update; categoryId, when given, must match the path.
         * @example {
         *       "name": "Gás de cozinha",
         *       "description": "Botijões para uso residencial"
         *     }
         */
        Category: {
            /** Format: uuid */
            categoryId?: string;
            description?: string;
            name: string;
        };
        /**
         * @description Body of the consumer address upsert; the address with this id is updated, or created (with a generated id when none is given).
         * @example {
         *       "id": "4f6c2a1e-8d3b-4c5a-9e7f-1a2b3c4d5e6f",
         *       "zip": "01310-100",
         *       "number": "1578",
         *       "street": "Avenida Paulista",
         *       "complement": "Apto 81",
         *       "district": "Bela Vista",
         *       "city": "São Paulo",
         *       "state": "SP",
         *       "country": "BR",
         *       "latitude": -23.5614,
         *       "longitude": -46.6559
         *     }
         */
        ConsumerAddress: {
            city: string;
            complement?: string;
            country: components["schemas"]["CountryCode"];
            district?: string;
            /** Format: uuid */
            id?: string;
            latitude?: components["schemas"]["Latitude"];
            longitude?: components["schemas"]["Longitude"];
            number: string;
            state: string;
            street: string;
            zip: string;
        };
        /**
         * @description country code
         * @enum {string}
         */
        CountryCode: "AD" | "AE" | "AF" | "AG" | "AI" | "AL" | "AM" | "AO" | "AQ" | "AR" | "AS" | "AT" | "AU" | "AW" | "AX" | "AZ" | "BA" | "BB" | "BD" | "BE" | "BF" | "BG" | "BH" | "BI" | "BJ" | "BL" | "BM" | "BN" | "BO" | "BQ" | "BR" | "BS" | "BT" | "BV" | "BW" | "BY" | "BZ" | "CA" | "CC" | "CD" | "CF" | "CG" | "CH" | "CI" | "CK" | "CL" | "CM" | "CN" | "CO" | "CR" | "CU" | "CV" | "CW" | "CX" | "CY" | "CZ" | "DE" | "DJ" | "DK" | "DM" | "DO" | "DZ" | "EC" | "EE" | "EG" | "EH" | "ER" | "ES" | "ET" | "FI" | "FJ" | "FK" | "FM" | "FO" | "FR" | "GA" | "GB" | "GD" | "GE" | "GF" | "GG" | "GH" | "GI" | "GL" | "GM" | "GN" | "GP" | "GQ" | "GR" | "GS" | "GT" | "GU" | "GW" | "GY" | "HK" | "HM" | "HN" | "HR" | "HT" | "HU" | "ID" | "IE" | "IL" | "IM" | "IN" | "IO" | "IQ" | "IR" | "IS" | "IT" | "JE" | "JM" | "JO" | "JP" | "KE" | "KG" | "KH" | "KI" | "KM" | "KN" | "KP" | "KR" | "KW" | "KY" | "KZ" | "LA" | "LB" | "LC" | "LI" | "LK" | "LR" | "LS" | "LT" | "LU" | "LV" | "LY" | "MA" | "MC" | "MD" | "ME" | "MF" | "MG" | "MH" | "MK" | "ML" | "MM" | "MN" | "MO" | "MP" | "MQ" | "MR" | "MS" | "MT" | "MU" | "MV" | "MW" | "MX" | "MY" | "MZ" | "NA" | "NC" | "NE" | "NF" | "NG" | "NI" | "NL" | "NO" | "NP" | "NR" | "NU" | "NZ" | "OM" | "PA" | "PE" | "PF" | "PG" | "PH" | "PK" | "PL" | "PM" | "PN" | "PR" | "PS" | "PT" | "PW" | "PY" | "QA" | "RE" | "RO" | "RS" | "RU" | "RW" | "SA" | "SB" | "SC" | "SD" | "SE" | "SG" | "SH" | "SI" | "SJ" | "SK" | "SL" | "SM" | "SN" | "SO" | "SR" | "SS" | "ST" | "SV" | "SX" | "SY" | "SZ" | "TC" | "TD" | "TF" | "TG" | "TH" | "TJ" | "TK" | "TL" | "TM" | "TN" | "TO" | "TR" | "TT" | "TV" | "TW" | "TZ" | "UA" | "UG" | "UM" | "US" | "UY" | "UZ" | "VA" | "VC" | "VE" | "VG" | "VI" | "VN" | "VU" | "WF" | "WS" | "YE" | "YT" | "ZA" | "ZM" | "ZW";
        /**
         * @description Body of the coverage area update; identifiers in the body, when given, must match the path.
         * @example {
         *       "name": "Zona Sul - Moema"
         *     }
         */
        CoverageArea: {
            /** Format: uuid */
            coverageAreaId?: string;
            /** Format: uuid */
            dealerId?: string;
            name: string;
        };
        /**
         * @description Body of the customer create/update.
         * @example {
         *       "name": "Maria Souza",
         *       "phoneNumber": "+5511987654321",
         *       "email": "maria.souza@example.com",
         *       "document": {
         *         "type": "Cpf",
         *         "number": "52998224725",
         *         "country": "BR"
         *       },
         *       "billingAddress": {
         *         "street": "Rua Augusta",
         *         "number": "1500",
         *         "apartment": "42",
         *         "neighborhood": "Consolação",
         *         "city": "São Paulo",
         *         "state": "SP",
         *         "country": "BR",
         *         "postalCode": "01304-001",
         *         "longitude": -46.6577,
         *         "latitude": -23.5558
         *       }
         *     }
         */
        Customer: {
            billingAddress?: components["schemas"]["BillingAddress"];
            document?: components["schemas"]["Document"];
            email?: components["schemas"]["Email"];
            /** @description customer name */
            name: string;
            phoneNumber?: components["schemas"]["PhoneNumber"];
        };
        /**
         * @description Body of the device registration.
         * @example {
         *       "deviceId": "android-7f3a9c",
         *       "name": "Pixel 8 - Entregador",
         *       "tokenPush": "<PUSH_TOKEN>",
         *       "appVersion": "3.14.0"
         *     }
         */
        Device: {
            /** @description application version */
            appVersion?: string;
            /** @description device identifier */
            deviceId: string;
            /** @description device or client name */
            name?: string;
            /** @description push-notification token, a secret */
            tokenPush: string;
        };
        Document: {
            country?: components["schemas"]["CountryCode"];
            number?: string;
            /** @description a value such as Cpf */
            type?: string;
        };
        /**
         * Format: email
         * @description e-mail address
         */
        Email: string;
        /** @description The empty JSON object `{}` of a 401 or 403. */
        Empty: Record<string, never>;
        ErrorList: {
            errors: {
                code?: string | null;
                message?: string | null;
                target?: string | null;
            }[];
        };
        Failure: {
            code?: string;
            description?: string;
            /** @description carries `target`, the field or parameter at fault */
            metadata?: Record<string, never>;
            numericType?: number;
            /** @description the value Failure is shown */
            type?: string;
        };
        /** @description decimal degrees */
        Latitude: number;
        /** @description decimal degrees */
        Longitude: number;
        /**
         * @description Body of the merchant create/update.
         * @example {
         *       "categoryCode": "5983"
         *     }
         */
        Merchant: {
            categoryCode: string;
        };
        /**
         * @description Body of the provider update. Every field is optional and nullable; an absent field is left unchanged.
         * @example {
         *       "name": "Cielo",
         *       "priority": 1,
         *       "methods": [
         *         "CreditCard",
         *         "Pix"
         *       ],
         *       "acquirer": {
         *         "merchantId": "1000293847",
         *         "brands": [
         *           "Visa",
         *           "Mastercard"
         *         ]
         *       }
         *     }
         */
        MerchantProviderUpdate: {
            /** @description acquirer settings */
            acquirer?: {
                brands?: string[];
                merchantId?: string;
            } | null;
            /** @description provider credentials; keys depend on the provider kind and values are secrets */
            credentials?: {
                clientApiKey?: string;
                clientSecret?: string;
                sellerId?: string;
                type?: string;
            } | null;
            /** @description payment methods enabled for the provider */
            methods?: string[] | null;
            /** @description provider name */
            name?: string | null;
            /**
             * Format: int32
             * @description provider priority
             */
            priority?: number | null;
        };
        /**
         * @description The consumer's order count.
         * @example {
         *       "consumerId": "5c6d7e8f-9a0b-4c1d-8e2f-3a4b5c6d7e8f",
         *       "orderCount": 3
         *     }
         */
        OrderCounter: {
            /** Format: uuid */
            consumerId: string;
            orderCount: number;
        };
        /**
         * @example {
         *       "consumerId": "5c6d7e8f-9a0b-4c1d-8e2f-3a4b5c6d7e8f",
         *       "orderId": "7e8f9a0b-1c2d-4e3f-9a4b-5c6d7e8f9a0b"
         *     }
         */
        OrderCounterRequest: {
            /** Format: uuid */
            consumerId: string;
            /** Format: uuid */
            orderId: string;
        };
        /**
         * @example {
         *       "eta": 45
         *     }
         */
        OrderEta: {
            /** @description delivery estimate (the unit is not stated by the interface) */
            eta: number;
        };
        /** @description telephone number in international form */
        PhoneNumber: string;
        ProblemDetails: {
            code?: string;
            detail?: string;
            instance?: string;
            status?: number;
            target?: string;
            title?: string;
            type?: string;
        };
        Product: {
            attributes?: {
                externalId?: string;
            } & {
                [key: string]: string;
            };
            brand: {
                description?: string;
                /** Format: uuid */
                id?: string;
                name?: string;
            };
            category: {
                description?: string;
                /** Format: uuid */
                id?: string;
                name?: string;
            };
            description?: string;
            enabled: boolean;
            /** Format: uuid */
            id: string;
            imageUrl?: string;
            maximumOrderQuantity?: number;
            name: string;
        };
        /**
         * @description Response of the product read.
         * @example {
         *       "data": {
         *         "id": "6a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d",
         *         "name": "Botijão P13",
         *         "description": "Gás LP 13 kg para uso residencial",
         *         "category": {
         *           "id": "1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f",
         *           "name": "Gás de cozinha",
         *           "description": "Botijões para uso residencial"
         *         },
         *         "brand": {
         *           "id": "2d3e4f5a-6b7c-4d8e-9f0a-1b2c3d4e5f6a",
         *           "name": "Ultragaz",
         *           "description": "Gás LP envasado"
         *         },
         *         "imageUrl": "https://cdn.example.com/products/p13.png",
         *         "enabled": true,
         *         "maximumOrderQuantity": 5,
         *         "attributes": {
         *           "externalId": "P13-ULT"
         *         }
         *       }
         *     }
         */
        ProductResponse: {
            data: components["schemas"]["Product"];
        };
        /**
         * @description Body of the user upsert; the user with this id is created or updated.
         * @example {
         *       "id": "9b2f4e1a-3c5d-4e6f-8a7b-0c1d2e3f4a5b",
         *       "name": "João Pereira",
         *       "email": "joao.pereira@example.com",
         *       "cellPhone": "+5521998765432",
         *       "cpf": "11144477735"
         *     }
         */
        User: {
            cellPhone?: components["schemas"]["PhoneNumber"];
            /**
             * Format: cpf
             * @description national person tax number
             */
            cpf?: string;
            email: components["schemas"]["Email"];
            /** Format: uuid */
            id: string;
            name: string;
        };
        /**
         * @example {
         *       "id": "9b2f4e1a-3c5d-4e6f-8a7b-0c1d2e3f4a5b",
         *       "name": "João Pereira",
         *       "userName": "joao.pereira@example.com",
         *       "email": "joao.pereira@example.com",
         *       "emailConfirmed": false,
         *       "phoneNumber": "+5521998765432",
         *       "phoneNumberConfirmed": false,
         *       "twoFactorEnabled": false,
         *       "userType": "Consumer",
         *       "passwordChangePending": false,
         *       "cpf": "11144477735"
         *     }
         */
        UserProfile: {
            cpf: string | null;
            email: string;
            emailConfirmed: boolean;
            /** Format: uuid */
            id: string;
            name: string;
            passwordChangePending: boolean;
            phoneNumber: string | null;
            phoneNumberConfirmed: boolean;
            twoFactorEnabled: boolean;
            userName: string;
            userType: string;
        };
    };
    responses: {
        /** @description An error, in the error list shape. */
        ErrorList: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorList"];
            };
        };
        /** @description An error, in the failure object shape. */
        Failure: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Failure"];
            };
        };
        /** @description The token is valid but lacks permission for the resource; the body is the empty JSON object the description states for the provider update. */
        Forbidden: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Empty"];
            };
        };
        /** @description The token is valid but lacks permission for the resource. */
        ForbiddenEmpty: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Empty"];
            };
        };
        /** @description The token is valid but lacks permission for the resource (a scope, or a user other than the one it was issued to), in the failure object. */
        ForbiddenFailure: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Failure"];
            };
        };
        /** @description An error, in the problem details shape. */
        Problem: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["ProblemDetails"];
            };
        };
        /** @description The token is valid but lacks permission, in the problem details shape the description gives the event intake's failures. */
        ProblemForbidden: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["ProblemDetails"];
            };
        };
        /** @description The token is missing, invalid or expired, in the problem details shape the description gives the event intake's failures. */
        ProblemUnauthorized: {
            headers: {
                /** @description The authentication scheme expected. */
                "WWW-Authenticate"?: string;
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["ProblemDetails"];
            };
        };
        /** @description The token is missing, invalid or expired; the body is the empty JSON object the description states for the provider update. */
        Unauthorized: {
            headers: {
                /** @description The authentication scheme expected. */
                "WWW-Authenticate"?: string;
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Empty"];
            };
        };
        /** @description The token (or API key) is missing, invalid or expired. */
        UnauthorizedEmpty: {
            headers: {
                /** @description The authentication scheme expected. */
                "WWW-Authenticate"?: string;
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Empty"];
            };
        };
        /** @description An error, in the error list shape, of an operation whose error bodies the description does not give. */
        UnstatedErrorList: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorList"];
            };
        };
    };
    parameters: {
        categoryId: string;
        consumerId: string;
        coverageAreaId: string;
        customerId: string;
        dealerId: string;
        merchantId: string;
        merchantProviderId: string;
        orderId: string;
        productId: string;
        userId: string;
    };
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    receiveAppEvent: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json-patch+json": components["schemas"]["AppEvent"];
            };
        };
        responses: {
            /** @description The event was accepted; an idMensagem already received is accepted again without being recorded twice. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["ProblemUnauthorized"];
            403: components["responses"]["ProblemForbidden"];
            413: components["responses"]["Problem"];
            415: components["responses"]["Problem"];
            422: components["responses"]["Problem"];
            500: components["responses"]["Problem"];
            503: components["responses"]["Problem"];
            507: components["responses"]["Problem"];
        };
    };
    createBrand: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Brand"];
            };
        };
        responses: {
            /** @description The brand was created; `data.id` is its identifier. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BrandCreated"];
                };
            };
            400: components["responses"]["ErrorList"];
            401: components["responses"]["UnauthorizedEmpty"];
            403: components["responses"]["ForbiddenEmpty"];
            409: components["responses"]["ErrorList"];
            413: components["responses"]["ErrorList"];
            415: components["responses"]["ErrorList"];
            422: components["responses"]["ErrorList"];
            500: components["responses"]["ErrorList"];
            503: components["responses"]["ErrorList"];
            507: components["responses"]["ErrorList"];
        };
    };
    updateCategory: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                categoryId: components["parameters"]["categoryId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Category"];
            };
        };
        responses: {
            /** @description The category was updated. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["ErrorList"];
            401: components["responses"]["UnauthorizedEmpty"];
            403: components["responses"]["ForbiddenEmpty"];
            404: components["responses"]["ErrorList"];
            413: components["responses"]["ErrorList"];
            415: components["responses"]["ErrorList"];
            422: components["responses"]["ErrorList"];
            500: components["responses"]["ErrorList"];
            503: components["responses"]["ErrorList"];
            507: components["responses"]["ErrorList"];
        };
    };
    upsertConsumerAddress: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                consumerId: components["parameters"]["consumerId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/*+json": components["schemas"]["ConsumerAddress"];
                "application/json": components["schemas"]["ConsumerAddress"];
                "text/json": components["schemas"]["ConsumerAddress"];
            };
        };
        responses: {
            /** @description The address was created or updated; the stored address is returned with its identifier. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsumerAddress"];
                };
            };
            400: components["responses"]["UnstatedErrorList"];
            401: components["responses"]["UnauthorizedEmpty"];
            403: components["responses"]["ForbiddenEmpty"];
            413: components["responses"]["UnstatedErrorList"];
            415: components["responses"]["UnstatedErrorList"];
            422: components["responses"]["UnstatedErrorList"];
            500: components["responses"]["UnstatedErrorList"];
            503: components["responses"]["UnstatedErrorList"];
            507: components["responses"]["UnstatedErrorList"];
        };
    };
    incrementOrderCounter: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["OrderCounterRequest"];
            };
        };
        responses: {
            /** @description The consumer's order count after this order; repeating an orderId does not count it twice. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrderCounter"];
                };
            };
            400: components["responses"]["UnstatedErrorList"];
            401: components["responses"]["UnauthorizedEmpty"];
            413: components["responses"]["UnstatedErrorList"];
            415: components["responses"]["UnstatedErrorList"];
            500: components["responses"]["UnstatedErrorList"];
            503: components["responses"]["UnstatedErrorList"];
            507: components["responses"]["UnstatedErrorList"];
        };
    };
    upsertCustomer: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                customerId: components["parameters"]["customerId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Customer"];
            };
        };
        responses: {
            /** @description The customer was created or updated. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["ErrorList"];
            401: components["responses"]["UnauthorizedEmpty"];
            403: components["responses"]["ForbiddenEmpty"];
            413: components["responses"]["ErrorList"];
            415: components["responses"]["ErrorList"];
            422: components["responses"]["ErrorList"];
            500: components["responses"]["ErrorList"];
            503: components["responses"]["ErrorList"];
            507: components["responses"]["ErrorList"];
        };
    };
    updateCoverageArea: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                coverageAreaId: components["parameters"]["coverageAreaId"];
                dealerId: components["parameters"]["dealerId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CoverageArea"];
            };
        };
        responses: {
            /** @description The coverage area was updated. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["ErrorList"];
            401: components["responses"]["UnauthorizedEmpty"];
            403: components["responses"]["ForbiddenEmpty"];
            404: components["responses"]["ErrorList"];
            413: components["responses"]["ErrorList"];
            415: components["responses"]["ErrorList"];
            422: components["responses"]["ErrorList"];
            500: components["responses"]["ErrorList"];
            503: components["responses"]["ErrorList"];
            507: components["responses"]["ErrorList"];
        };
    };
    deleteCoverageArea: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                coverageAreaId: components["parameters"]["coverageAreaId"];
                dealerId: components["parameters"]["dealerId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The coverage area was deleted. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["UnauthorizedEmpty"];
            403: components["responses"]["ForbiddenEmpty"];
            404: components["responses"]["ErrorList"];
            500: components["responses"]["ErrorList"];
            503: components["responses"]["ErrorList"];
        };
    };
    updateOrderEta: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                dealerId: components["parameters"]["dealerId"];
                orderId: components["parameters"]["orderId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["OrderEta"];
            };
        };
        responses: {
            /** @description The delivery estimate was recorded. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["UnstatedErrorList"];
            401: components["responses"]["UnauthorizedEmpty"];
            403: components["responses"]["ForbiddenEmpty"];
            404: components["responses"]["UnstatedErrorList"];
            413: components["responses"]["UnstatedErrorList"];
            415: components["responses"]["UnstatedErrorList"];
            422: components["responses"]["UnstatedErrorList"];
            500: components["responses"]["UnstatedErrorList"];
            503: components["responses"]["UnstatedErrorList"];
            507: components["responses"]["UnstatedErrorList"];
        };
    };
    registerDealerDevice: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                userId: components["parameters"]["userId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Device"];
            };
        };
        responses: {
            /** @description The device was registered (created or replaced by deviceId). */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["ErrorList"];
            401: components["responses"]["UnauthorizedEmpty"];
            403: components["responses"]["ForbiddenEmpty"];
            413: components["responses"]["ErrorList"];
            415: components["responses"]["ErrorList"];
            422: components["responses"]["ErrorList"];
            500: components["responses"]["ErrorList"];
            503: components["responses"]["ErrorList"];
            507: components["responses"]["ErrorList"];
        };
    };
    upsertMerchant: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                merchantId: components["parameters"]["merchantId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Merchant"];
            };
        };
        responses: {
            /** @description The merchant was created or updated. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["ErrorList"];
            401: components["responses"]["UnauthorizedEmpty"];
            403: components["responses"]["ForbiddenEmpty"];
            413: components["responses"]["ErrorList"];
            415: components["responses"]["ErrorList"];
            422: components["responses"]["ErrorList"];
            500: components["responses"]["ErrorList"];
            503: components["responses"]["ErrorList"];
            507: components["responses"]["ErrorList"];
        };
    };
    updateMerchantProvider: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                merchantId: components["parameters"]["merchantId"];
                merchantProviderId: components["parameters"]["merchantProviderId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["MerchantProviderUpdate"];
            };
        };
        responses: {
            /** @description The provider was updated. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["ErrorList"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["ErrorList"];
            409: components["responses"]["ErrorList"];
            413: components["responses"]["ErrorList"];
            415: components["responses"]["ErrorList"];
            422: components["responses"]["ErrorList"];
            500: components["responses"]["ErrorList"];
            503: components["responses"]["ErrorList"];
            507: components["responses"]["ErrorList"];
        };
    };
    getProduct: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                productId: components["parameters"]["productId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The product, wrapped in `data`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProductResponse"];
                };
            };
            401: components["responses"]["UnauthorizedEmpty"];
            403: components["responses"]["ForbiddenEmpty"];
            404: components["responses"]["ErrorList"];
            500: components["responses"]["ErrorList"];
            503: components["responses"]["ErrorList"];
        };
    };
    upsertUser: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["User"];
            };
        };
        responses: {
            /** @description The user was created or updated. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Failure"];
            401: components["responses"]["UnauthorizedEmpty"];
            403: components["responses"]["ForbiddenFailure"];
            409: components["responses"]["Failure"];
            413: components["responses"]["Failure"];
            415: components["responses"]["Failure"];
            422: components["responses"]["Failure"];
            500: components["responses"]["Failure"];
            503: components["responses"]["Failure"];
            507: components["responses"]["Failure"];
        };
    };
    getUserProfile: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                userId: components["parameters"]["userId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The user's profile. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserProfile"];
                };
            };
            401: components["responses"]["UnauthorizedEmpty"];
            403: components["responses"]["ForbiddenFailure"];
            404: components["responses"]["Failure"];
            500: components["responses"]["Failure"];
            503: components["responses"]["Failure"];
        };
    };
}
