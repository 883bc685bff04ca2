import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const cwd = '/srv/gatehouse';
const load = (DATABASE_URL: string) => loadConfig({ env: { DATABASE_URL }, cwd, configPath: undefined });

describe('DATABASE_URL', () => {
  it('reads SQLite from file:, sqlite: and plain paths, relative to where the server starts', async () => {
    expect((await load('file:./data/auth.db')).database).toBe(`file:${join(cwd, 'data/auth.db')}`);
    expect((await load('file:///var/lib/auth.db')).database).toBe('file:/var/lib/auth.db');
    expect((await load('sqlite:auth.db')).database).toBe(`file:${join(cwd, 'auth.db')}`);
    expect((await load('sqlite:///var/lib/auth.db')).database).toBe('file:/var/lib/auth.db');
    expect((await load('sqlite://auth.db')).database).toBe(`file:${join(cwd, 'auth.db')}`);
    expect((await load('data/auth.db')).database).toBe(`file:${join(cwd, 'data/auth.db')}`);
    expect((await load(':memory:')).database).toBe(':memory:');
    expect((await load('file::memory:')).database).toBe(':memory:');
  });

  it('passes server URLs through, MariaDB included', async () => {
    expect((await load('postgres://u@db:5432/auth')).database).toBe('postgres://u@db:5432/auth');
    expect((await load('postgresql://u@db/auth')).database).toBe('postgresql://u@db/auth');
    expect((await load('mysql://root@db/auth')).database).toBe('mysql://root@db/auth');
    expect((await load('mariadb://root@db/auth')).database).toBe('mariadb://root@db/auth');
  });

  it('refuses a scheme it cannot open, naming the variable, instead of making a file of it', async () => {
    const refused = load('mongodb://db:27017/auth');
    await expect(refused).rejects.toBeInstanceOf(ConfigError);
    await expect(refused).rejects.toThrow(/^DATABASE_URL: unsupported database URL scheme "mongodb:"/);
  });
});

describe('capabilities turned on by the config module', () => {
  const withConfig = (config: unknown) => {
    const dir = mkdtempSync(join(tmpdir(), 'gatehouse-config-'));
    writeFileSync(join(dir, 'gatehouse.config.json'), JSON.stringify(config));
    return loadConfig({ env: {}, cwd: dir, configPath: undefined });
  };

  it('passes emailOTP through, and refuses its options out of range by name', async () => {
    expect((await withConfig({ emailOTP: { enabled: true, otpLength: 8 } })).emailOTP).toEqual({ enabled: true, otpLength: 8 });
    await expect(withConfig({ emailOTP: { enabled: true, otpLength: 3 } })).rejects.toThrow(/^config: emailOTP\.otpLength: /);
    await expect(withConfig({ emailOTP: { enabled: 'yes' } })).rejects.toThrow(/^config: emailOTP\.enabled: /);
  });
});

describe('the magic-link plugin by configuration', () => {
  const withConfig = async (config: unknown) => {
    const dir = mkdtempSync(join(tmpdir(), 'gatehouse-config-'));
    writeFileSync(join(dir, 'gatehouse.config.json'), JSON.stringify(config));
    return loadConfig({ env: {}, cwd: dir });
  };

  it('is turned on by gatehouse.config.json', async () => {
    const loaded = await withConfig({ magicLink: { enabled: true, expiresIn: 600, disableSignUp: true } });
    expect(loaded.magicLink).toEqual({ enabled: true, expiresIn: 600, disableSignUp: true });
  });

  it('refuses a bad option at start, naming it', async () => {
    await expect(withConfig({ magicLink: { enabled: true, expiresIn: 0 } })).rejects.toThrow(/^config: magicLink\.expiresIn: /);
    await expect(withConfig({ magicLink: { enabled: 'yes' } })).rejects.toThrow(/^config: magicLink\.enabled: /);
  });
});

describe('multiSession in the config module', () => {
  const withConfig = (config: unknown) => {
    const dir = mkdtempSync(join(tmpdir(), 'gatehouse-config-'));
    writeFileSync(join(dir, 'gatehouse.config.json'), JSON.stringify(config));
    return loadConfig({ env: {}, cwd: dir });
  };

  it('turns the plugin on as written', async () => {
    expect((await withConfig({ multiSession: { enabled: true, maximumSessions: 3 } })).multiSession).toEqual({ enabled: true, maximumSessions: 3 });
  });

  it('refuses a maximum that is not a whole number from 1 to 20, naming the option', async () => {
    for (const maximumSessions of [0, 21, 2.5, '5']) {
      await expect(withConfig({ multiSession: { enabled: true, maximumSessions } })).rejects.toThrow(/^config: multiSession\.maximumSessions: /);
    }
  });
});

describe('metrics by configuration', () => {
  const withConfig = (config: unknown, env: NodeJS.ProcessEnv = {}) => {
    const dir = mkdtempSync(join(tmpdir(), 'gatehouse-config-'));
    writeFileSync(join(dir, 'gatehouse.config.json'), JSON.stringify(config));
    return loadConfig({ env, cwd: dir });
  };
  const token = 'scrape-token-0123456789abcdef';

  it('is turned on by METRICS_TOKEN, or by the config module', async () => {
    expect((await withConfig({}, { METRICS_TOKEN: token })).metrics).toEqual({ enabled: true, token });
    expect((await withConfig({ metrics: { enabled: true, token } })).metrics).toEqual({ enabled: true, token });
    expect((await withConfig({})).metrics).toBeUndefined();
  });

  it('refuses a missing or short token at start, naming the option', async () => {
    await expect(withConfig({ metrics: { enabled: true } })).rejects.toThrow('config: metrics.token: metrics need a token (METRICS_TOKEN, or metrics.token)');
    await expect(withConfig({}, { METRICS_TOKEN: 'short' })).rejects.toThrow('config: metrics.token: the metrics token must be at least 16 characters');
    await expect(withConfig({ metrics: { enabeld: true, token } })).rejects.toThrow(/^config: metrics: Unrecognized key: "enabeld"/);
  });
});
