/**
 * The v1 endpoints that are gone for good (spec section 9): each answers 410 Gone with a
 * `message` and the `documentation` URL of its section in the migration guide, whether or
 * not the token is valid. Paths as the old API spelled them (compentation included).
 */
export interface RetiredEndpoint {
  method: 'GET' | 'POST';
  path: string;
  /** The anchor of its section in docs/migrating-from-v1.md. */
  anchor: string;
  message: string;
}

export const RETIRED_ENDPOINTS: readonly RetiredEndpoint[] = [
  { method: 'POST', path: '/buy-tree', anchor: 'buy-tree-and-buy-trees', message: 'Buying trees moved to the donation foundation; Canopy shows the trees a company contributes to but never sells them.' },
  { method: 'POST', path: '/buy-trees', anchor: 'buy-tree-and-buy-trees', message: 'Buying trees moved to the donation foundation; Canopy shows the trees a company contributes to but never sells them.' },
  { method: 'POST', path: '/gift-tree', anchor: 'gift-tree', message: 'Giving a tree to a person is POST /v2/recipients: it takes trees you already have, with a personal certificate.' },
  { method: 'POST', path: '/buy-vouchers', anchor: 'buy-vouchers', message: 'Vouchers are gift codes now: POST /v2/gift-codes reserves trees you already have behind a code a person claims.' },
  { method: 'POST', path: '/cancel-order/:order_id', anchor: 'cancel-order', message: 'Orders are the donation foundation\'s: ask it to cancel one. To take back trees given to a person, DELETE /v2/recipients/{id}.' },
  { method: 'GET', path: '/get-products', anchor: 'get-products', message: 'Products are the donation foundation\'s; Canopy has no product list.' },
  { method: 'POST', path: '/calculate-delivery-compentation', anchor: 'calculate-delivery-compentation', message: 'Emission calculations were removed and have no successor: v2 counts trees only.' },
];
