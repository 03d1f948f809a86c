/** A failed outbound call is told in Spanish in the delivery log, never as the system's code. */
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { checkTarget, hostResolver, outboundFailure, postTo } from '../../src/platform/outbound';

/** A port that was free a moment ago: nothing listens on it. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  await new Promise((r) => server.close(r));
  return port;
}

describe('outboundFailure', () => {
  it('says in Spanish that the server refused the connection', async () => {
    const target = await checkTarget(`http://127.0.0.1:${await closedPort()}/hook`, { allowLoopback: true, resolve: hostResolver() });
    const err = await postTo(target, '{}', {}).catch((e: unknown) => e);
    expect((err as { code?: string }).code).toBe('ECONNREFUSED');
    expect(outboundFailure(err)).toBe('El servidor rechazó la conexión');
  });

  it('keeps the time-out and the refusal messages, and never shows an unknown code', () => {
    expect(outboundFailure(new Error('Tiempo de espera agotado'))).toBe('Tiempo de espera agotado');
    expect(outboundFailure(Object.assign(new Error('boom'), { code: 'EWEIRD' }))).toBe('No fue posible conectar con el servidor');
  });
});
