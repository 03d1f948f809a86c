import { loadConfig, type Config } from '../src/config';

export const DEMO_PASSWORD = 'Demo#2026';
export const TEMPLATE_DB = `far_tpl_${process.env.FAR_TEST_RUN ?? 'local'}`;

/** A fixed configuration for tests: no environment, no data folder, known keys. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({
      NODE_ENV: 'test',
      JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
      ENVELOPE_KEY: '0'.repeat(64),
      CARD_KEY: '1'.repeat(64),
      FAR_DEMO: '1',
      FAR_DEMO_PASSWORD: DEMO_PASSWORD,
      FAR_DATA_DIR: '/tmp/far-test-unused',
      LOG_LEVEL: 'silent',
      RATE_LIMIT_MAX: '100000',
      RATE_LIMIT_SIGNIN: '100000',
    }),
    ...overrides,
  };
}

export const pgUrlFor = (base: string, db: string) => {
  const u = new URL(base);
  u.pathname = `/${db}`;
  return u.toString();
};
