/**
 * A shop gives trees to the customers of its orders through @canopy/client: one recipient
 * per order, each created with the order's number as its Idempotency-Key, so that running
 * it again (after a crash, a timeout, or just twice) gives nothing twice.
 *
 *   CANOPY_API_KEY=canopy_test_... npx tsx give-trees.ts [orders.json]
 *
 * CANOPY_BASE_URL says where Canopy runs (default http://127.0.0.1:3000).
 */
import { readFileSync } from 'node:fs';
import { Canopy, CanopyApiError } from '@canopy/client';

interface Order {
  number: string;
  trees: number;
  customer: { first_name: string; last_name?: string; email: string; language?: 'en' | 'nl' };
}

const apiKey = process.env.CANOPY_API_KEY;
if (!apiKey) {
  console.error('Set CANOPY_API_KEY to a v2 token with recipients:write (canopy_test_... to try it).');
  process.exit(1);
}
const canopy = new Canopy({ apiKey, baseUrl: process.env.CANOPY_BASE_URL ?? 'http://127.0.0.1:3000' });
const orders: Order[] = JSON.parse(readFileSync(process.argv[2] ?? new URL('orders.json', import.meta.url), 'utf8'));

let failed = 0;
for (const order of orders) {
  try {
    const recipient = await canopy.post('/v2/recipients', {
      body: {
        trees: order.trees,
        ...order.customer,
        external_reference: order.number,
        message: 'Thank you for your order!',
      },
      // The same order is the same request: Canopy answers a repeat with the first answer.
      headers: { 'Idempotency-Key': `order-${order.number}` },
    });
    // The order number and the recipient's id, never the customer's name or email: logs outlive a deletion.
    console.log(`order ${order.number}: ${recipient.trees} ${recipient.trees === 1 ? 'tree' : 'trees'} as ${recipient.id}`);
  } catch (error) {
    if (!(error instanceof CanopyApiError)) throw error;
    failed++;
    // Branch on the code, never on the message.
    if (error.code === 'no_trees_available') console.log(`order ${order.number}: not given, too few unassigned trees (${error.message})`);
    else if (error.code === 'idempotency_key_reused') console.log(`order ${order.number}: not given, it was sent before with other contents`);
    else console.log(`order ${order.number}: not given, ${error.status} ${error.code}: ${error.message} (request ${error.requestId})`);
  }
}
process.exitCode = failed === 0 ? 0 : 2;
