/** A business's receiver as the tests run it (plain HTTP on loopback), for webhooks and card authorisations alike. */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

interface SignedRequest {
  body: string;
  /** The signature's timestamp, in seconds. */
  t: number;
  /** Whether `v1` is the HMAC-SHA256 of "<t>.<body>" with the secret, as the business checks it. */
  signed: boolean;
}

/** Reads each request, checks the `t=…,v1=…` signature with the secret it was given, and hands both to `handle`. */
export function signedEndpoint(handle: (req: SignedRequest, res: ServerResponse) => void) {
  let secret = '';
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const header = String(req.headers['x-far-signature'] ?? '');
      const t = Number(header.match(/t=(\d+)/)?.[1]);
      const v1 = header.match(/v1=([0-9a-f]{64})/)?.[1] ?? '';
      const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
      handle({ body, t, signed: v1.length === 64 && timingSafeEqual(Buffer.from(v1, 'hex'), Buffer.from(expected, 'hex')) }, res);
    });
  });
  return {
    server,
    setSecret: (s: string) => void (secret = s),
    listen: () => new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port))),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
