import type { ApiKeyScope } from '@far/contracts';

/**
 * What an API key may call: each route (method and path as registered) and the scope it needs.
 * Anything not listed answers 403 to a key, whatever its scopes: sessions, profiles, users,
 * roles, security codes, approvals (maker-checker needs a person) and card PINs stay with people.
 */
const T = '/api/v1/transaction';
const M = `${T}/business-movement`;
const ROUTES: Record<ApiKeyScope, string[]> = {
  lectura: [
    `POST ${T}/opm-features/balance`,
    `POST ${T}/business/:id/balance`,
    `POST ${T}/opm-features/banks`,
    `POST ${T}/opm-features/account-types`,
    `POST ${T}/opm-features/payment-types`,
    `POST ${T}/clabe-account/query/list`,
    `POST ${T}/clabe-account/query/my-accounts`,
    `POST ${T}/limit/query/getbybusiness`,
    `POST ${T}/speiconfig/values-and-commissions`,
    `POST ${M}/movements`,
    `POST ${M}/movements/export`,
    `GET ${M}/:id`,
    `GET ${M}/:id/proof`,
    `POST ${M}/pending-transactions`,
    `GET ${M}/speiout/awaiting-approval`,
    `POST ${M}/dispersion/history`,
    `POST ${M}/dispersion/pending`,
    `POST ${M}/dispersion/transactions`,
    `GET ${M}/dispersion/:id`,
    `GET ${M}/dispersion/:id/export`,
    `GET ${M}/dispersion/:id/file`,
    'GET /api/v1/dispersal',
    'GET /api/v1/dispersal/:id',
    'GET /api/v1/transference',
    'GET /api/v1/transference/:id',
    'GET /api/v1/reports/kinds',
    'POST /api/v1/reports/summary',
    'POST /api/v1/reports/download',
  ],
  transferencias: [`POST ${M}/speiout`, `POST ${M}/speiout/cancel`, `POST ${M}/account-holder/verify`],
  dispersiones: [
    `POST ${M}/speiout-dispersion`,
    `POST ${M}/speiout-dispersion/validate`,
    `GET ${M}/speiout-dispersion/template`,
    `POST ${M}/dispersion/remove`,
  ],
  tarjetas: [
    'POST /api/v1/cardholders/action/create',
    'POST /api/v1/cardholders/action/update',
    'POST /api/v1/cardholders/action/update/names',
    'POST /api/v1/cardholders/action/lock',
    'POST /api/v1/cardholders/query/list',
    'POST /api/v1/cardholders/query/getbyid',
    'POST /api/v1/cardholders/query/getbyemail',
    'POST /api/v1/cardholders/query/getbyemails',
    'POST /api/v1/cardholders/query/count-by-business',
    'POST /api/v1/cards/query/list',
    'POST /api/v1/cards/query/getbyidentifier',
    'POST /api/v1/cards/query/getcardforcustomer',
    'POST /api/v1/cards/query/getcardforcardreference',
    'POST /api/v1/cards/query/getpin',
    'POST /api/v1/cards/query/getcardsbycardholderidentifier',
    'POST /api/v1/cards/action/get-amount-cards-by-status',
    'POST /api/v1/cards/action/createcardaccount',
    'POST /api/v1/cards/action/controls',
    'POST /api/v1/cards/lock',
    'POST /api/v1/cards/disable',
    'POST /api/v1/cards/activate',
    'POST /api/v1/cards/action/issue-virtual',
    'POST /api/v1/cards/disputes/create',
    'POST /api/v1/cards/disputes/list',
    'POST /api/v1/cards/disputes/get',
    `POST ${T}/cardholderbalance/query/getbycardholder`,
    `POST ${T}/cardholderbalance/query/getbycardholders`,
    `POST ${T}/cardholdermovements/getall`,
    `POST ${T}/limit/query/getbycardholder`,
  ],
};

const SCOPE_OF = new Map(Object.entries(ROUTES).flatMap(([scope, routes]) => routes.map((r) => [r, scope as ApiKeyScope] as const)));

/** The scope a route needs from a key, or undefined when no key may call it. */
export const scopeOfRoute = (method: string, url: string | undefined): ApiKeyScope | undefined => SCOPE_OF.get(`${method} ${url}`);

/** Every route a key may call (the start-up check: each must exist). */
export const keyRoutes = () => [...SCOPE_OF.keys()];
