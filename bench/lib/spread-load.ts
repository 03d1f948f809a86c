// Child process of bench/ledger: autocannon with one bearer token per connection (round robin)
// and a fresh Idempotency-Key per request. Reads its options as JSON from argv[2]; prints the
// summary as JSON.
import autocannon from 'autocannon';

const o = JSON.parse(process.argv[2]!) as { url: string; tokens: string[]; body: string; bodies?: string[]; seconds: number; connections: number };
let next = 0;
const result = await autocannon({
  url: o.url,
  method: 'POST',
  connections: o.connections,
  duration: o.seconds,
  idReplacement: true,
  headers: { 'content-type': 'application/json', 'idempotency-key': '[<id>]' },
  body: o.body,
  setupClient: (client) => {
    const i = next++ % o.tokens.length;
    client.setHeaders({ 'content-type': 'application/json', 'idempotency-key': '[<id>]', authorization: `Bearer ${o.tokens[i]}` });
    // Optional: one body per token (the wallet bench sends each wallet's transfers to its own receiver).
    if (o.bodies) client.setBody(o.bodies[i]!);
  },
});
process.stdout.write(
  JSON.stringify({
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    mean: result.latency.average,
    non2xx: result.non2xx,
    errors: result.errors,
    ok: result['2xx'],
  }),
);
