import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { openDatabase, type Database } from '../../src/db/client';
import { hook, listeners } from '../../src/platform/module';
import { testConfig } from '../config';

// The hook registry is the process's, and test files share a worker (isolate: false): each hook
// declared here is provided before its test ends, so no other file's app sees it unprovided.
describe('hooks between modules', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({});
  });
  afterAll(async () => {
    await database.close();
  });
  const build = () => buildApp({ config: testConfig(), database, logger: false });

  it('a declared hook or listener list nobody wired stops buildApp, naming each', async () => {
    const unprovided = hook<() => Promise<number>>('test.unprovided');
    const unheard = listeners<[string]>('test.unheard');
    try {
      await expect(build()).rejects.toThrow('Hooks sin proveedor: test.unprovided, test.unheard.');
    } finally {
      unprovided.provide(async () => 1);
      unheard.listen(async () => {});
    }
    // Wired, the same app starts: every hook the modules declare is provided by some register.
    const app = await build();
    await app.close();
  });

  it('a hook answers with its provider; a listener list runs every listener in order, once each', async () => {
    const double = hook<(n: number) => number>('test.double');
    expect(() => double(2)).toThrow('test.double: ningún módulo lo proporcionó');
    double.provide((n) => n * 2);
    expect(double(21)).toBe(42);

    const heard: string[] = [];
    const news = listeners<[string]>('test.news');
    const first = async (s: string) => void heard.push(`uno:${s}`);
    news.listen(first);
    news.listen(async (s) => void heard.push(`dos:${s}`));
    news.listen(first); // a second build of the app adds the same listener again
    await news('x');
    expect(heard).toEqual(['uno:x', 'dos:x']);
  });

  it('refuses a second hook with a name already taken', () => {
    expect(() => hook('notifications.businessEvents')).toThrow('notifications.businessEvents: ya hay un hook con ese nombre');
  });
});
