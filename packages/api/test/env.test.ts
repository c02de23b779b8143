import { describe, expect, it } from 'vitest';
import { isLoopbackOnly, loadEnv, mailboxOpen } from '../src/env';

describe('configuration', () => {
  it('has safe defaults: loopback host, production mode, embedded outbox open locally only', () => {
    const env = loadEnv({});
    expect(env).toMatchObject({ HOST: '127.0.0.1', NODE_ENV: 'production', PORT: 3000, SEED_DEMO: 'auto' });
    expect(isLoopbackOnly(env)).toBe(true);
    expect(mailboxOpen(env)).toBe(true);
  });

  it('closes the mailbox on a reachable server, with SMTP, or when switched off', () => {
    expect(mailboxOpen(loadEnv({ HOST: '0.0.0.0' }))).toBe(false);
    expect(mailboxOpen(loadEnv({ HOST: '0.0.0.0', MAILBOX: 'on' }))).toBe(true);
    expect(mailboxOpen(loadEnv({ SMTP_URL: 'smtp://mail.example.com:587', MAILBOX: 'on' }))).toBe(false);
    expect(mailboxOpen(loadEnv({ MAILBOX: 'off' }))).toBe(false);
  });

  it('is not a local install behind a same-machine reverse proxy: loopback HOST with a public PUBLIC_URL', () => {
    const proxied = loadEnv({ HOST: '127.0.0.1', PUBLIC_URL: 'https://tieline.example.com' });
    expect(isLoopbackOnly(proxied)).toBe(false);
    expect(mailboxOpen(proxied)).toBe(false);
    expect(isLoopbackOnly(loadEnv({ PUBLIC_URL: 'http://127.0.0.1:3000' }))).toBe(true);
  });

  it('refuses bad values with a message naming the variable', () => {
    expect(() => loadEnv({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadEnv({ DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/);
    expect(() => loadEnv({ SEED_DEMO: 'maybe' })).toThrow(/SEED_DEMO/);
    expect(loadEnv({ DATABASE_URL: '' }).DATABASE_URL).toBeUndefined();
    expect(loadEnv({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
  });

  it("takes Microsoft's endpoints as https addresses only, defaulting to Microsoft's own", () => {
    expect(loadEnv({})).toMatchObject({
      MS_LOGIN_URL: 'https://login.microsoftonline.com',
      MS_GRAPH_URL: 'https://graph.microsoft.com',
    });
    expect(loadEnv({ MS_GRAPH_URL: 'https://graph.microsoft.us/', MS_LOGIN_URL: '' })).toMatchObject({
      MS_LOGIN_URL: 'https://login.microsoftonline.com',
      MS_GRAPH_URL: 'https://graph.microsoft.us',
    });
    expect(() => loadEnv({ MS_LOGIN_URL: 'http://127.0.0.1:9' })).toThrow(/MS_LOGIN_URL/);
    expect(() => loadEnv({ MS_GRAPH_URL: 'not a url' })).toThrow(/MS_GRAPH_URL/);
  });

  it('reads the tutorial video table and the analytics host, refusing what the apps could not use', () => {
    const env = loadEnv({
      TUTORIAL_VIDEOS: '{"/networks":"https://videos.example.com/networks"}',
      ANALYTICS_HOST: 'https://analytics.example.com/',
    });
    expect(env.TUTORIAL_VIDEOS).toEqual({ '/networks': 'https://videos.example.com/networks' });
    expect(env.ANALYTICS_HOST).toBe('https://analytics.example.com');
    expect(loadEnv({}).TUTORIAL_VIDEOS).toEqual({});
    expect(() => loadEnv({ TUTORIAL_VIDEOS: 'networks=video' })).toThrow(/TUTORIAL_VIDEOS/);
    expect(() => loadEnv({ TUTORIAL_VIDEOS: '{"networks":"https://v.example.com"}' })).toThrow(/TUTORIAL_VIDEOS/);
    expect(() => loadEnv({ TUTORIAL_VIDEOS: '{"/networks":"javascript:alert(1)"}' })).toThrow(/TUTORIAL_VIDEOS/);
    expect(() => loadEnv({ ANALYTICS_HOST: 'ftp://analytics.example.com' })).toThrow(/ANALYTICS_HOST/);
  });
});

describe('card payment configuration', () => {
  const keys = {
    PAYMENT_PUBLIC_KEY: 'pk_test_abc',
    PAYMENT_SECRET_KEY: 'sk_test_abc',
    PAYMENT_WEBHOOK_SECRET: 'whsec_abc',
  };

  it('is off without keys, on with all three, priced in cents of a currency (usd by default)', () => {
    expect(loadEnv({})).toMatchObject({ PAYMENT_PUBLIC_KEY: '', CREDIT_PRICE_CENTS: 100, PAYMENT_CURRENCY: 'usd' });
    expect(loadEnv({ PAYMENT_PUBLIC_KEY: '  ' }).PAYMENT_PUBLIC_KEY).toBe('');
    const on = loadEnv({ ...keys, CREDIT_PRICE_CENTS: '250', PAYMENT_CURRENCY: 'EUR', PAYMENT_API_URL: '' });
    expect(on).toMatchObject({ ...keys, CREDIT_PRICE_CENTS: 250, PAYMENT_CURRENCY: 'eur', PAYMENT_API_URL: undefined });
    expect(loadEnv({ ...keys, PAYMENT_SECRET_KEY: 'rk_test_restricted' }).PAYMENT_SECRET_KEY).toBe(
      'rk_test_restricted',
    );
  });

  it('stops start-up on a half configuration, naming what is missing', () => {
    expect(() => loadEnv({ PAYMENT_PUBLIC_KEY: 'pk_live_abc' })).toThrow(
      'PAYMENT_SECRET_KEY: card payments need PAYMENT_PUBLIC_KEY, PAYMENT_SECRET_KEY, PAYMENT_WEBHOOK_SECRET together, and PAYMENT_PUBLIC_KEY is set',
    );
    expect(() => loadEnv({ PAYMENT_SECRET_KEY: 'sk_live_abc' })).toThrow(/PAYMENT_PUBLIC_KEY: card payments need/);
    expect(() => loadEnv({ ...keys, PAYMENT_WEBHOOK_SECRET: '' })).toThrow(
      /PAYMENT_WEBHOOK_SECRET: .*PAYMENT_PUBLIC_KEY, PAYMENT_SECRET_KEY are set/,
    );
  });

  it('refuses keys of the wrong kind or mode, and prices and currencies it cannot charge', () => {
    expect(() => loadEnv({ ...keys, PAYMENT_PUBLIC_KEY: 'sk_test_abc' })).toThrow(
      /PAYMENT_PUBLIC_KEY: must be a publishable key/,
    );
    expect(() => loadEnv({ ...keys, PAYMENT_SECRET_KEY: 'pk_test_abc' })).toThrow(
      /PAYMENT_SECRET_KEY: must be a secret key/,
    );
    expect(() => loadEnv({ ...keys, PAYMENT_WEBHOOK_SECRET: 'abc' })).toThrow(
      /PAYMENT_WEBHOOK_SECRET: must be a webhook/,
    );
    expect(() => loadEnv({ ...keys, PAYMENT_SECRET_KEY: 'sk_live_abc' })).toThrow(/same mode \(test or live\)/);
    for (const price of ['0', '1.5', 'a dollar', '10001']) {
      expect(() => loadEnv({ CREDIT_PRICE_CENTS: price }), price).toThrow(/CREDIT_PRICE_CENTS/);
    }
    expect(() => loadEnv({ PAYMENT_CURRENCY: 'dollars' })).toThrow(/PAYMENT_CURRENCY: must be a three-letter/);
    expect(() => loadEnv({ PAYMENT_API_URL: 'ftp://fake.example.com' })).toThrow(/PAYMENT_API_URL/);
  });
});
