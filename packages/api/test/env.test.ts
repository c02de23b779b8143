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
