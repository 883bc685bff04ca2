import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildURL, createFetcher, isRedirectAnswer } from './fetcher.js';
import { json, stubFetch } from './test/stub-fetch.js';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('buildURL', () => {
  it('joins base URL, base path, route and query, dropping empty values', () => {
    expect(buildURL({ baseURL: 'http://a.test/' }, '/list-sessions')).toBe('http://a.test/api/auth/list-sessions');
    expect(buildURL({ basePath: '/auth/' }, '/x', { a: 1, b: undefined, c: null, d: true })).toBe('/auth/x?a=1&d=true');
  });
});

describe('createFetcher', () => {
  it('sends a POST with a JSON body and credentials included', async () => {
    const stub = stubFetch(() => json({ token: 't', user: { id: 'u' } }));
    const send = createFetcher({ baseURL: 'http://a.test', fetchOptions: { customFetchImpl: stub.fetch } });
    const { result } = await send('/sign-in/email', { body: { email: 'a@b.c', password: 'p' } });
    expect(result).toEqual({ data: { token: 't', user: { id: 'u' } }, error: null });
    const [request] = stub.sent;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('http://a.test/api/auth/sign-in/email');
    expect(request?.body).toEqual({ email: 'a@b.c', password: 'p' });
    expect(request?.headers.get('content-type')).toBe('application/json');
    expect(request?.credentials).toBe('include');
  });

  it('sends a GET route payload as the query', async () => {
    const stub = stubFetch(() => json({ status: true }));
    const send = createFetcher({ fetchOptions: { customFetchImpl: stub.fetch } });
    await send('/verify-email', { method: 'GET', body: { token: 'tok 1' } });
    expect(stub.sent[0]?.method).toBe('GET');
    expect(stub.sent[0]?.url).toBe('/api/auth/verify-email?token=tok+1');
    expect(stub.sent[0]?.body).toBeUndefined();
  });

  it('sends an empty JSON object for a POST without payload', async () => {
    const stub = stubFetch(() => json({ success: true }));
    const send = createFetcher({ fetchOptions: { customFetchImpl: stub.fetch } });
    await send('/sign-out', { method: 'POST' });
    expect(stub.sent[0]?.method).toBe('POST');
    expect(stub.sent[0]?.body).toEqual({});
  });

  it('reads headers given as a function at each request', async () => {
    const stub = stubFetch(() => json({ ok: true }));
    let language = 'de';
    const send = createFetcher({
      fetchOptions: { customFetchImpl: stub.fetch, headers: () => ({ 'accept-language': language }) },
    });
    await send('/ok', { method: 'GET' });
    language = 'fr';
    await send('/ok', { method: 'GET' });
    expect(stub.sent.map((r) => r.headers.get('accept-language'))).toEqual(['de', 'fr']);
  });

  it("keeps a validation refusal's issues by field", async () => {
    const stub = stubFetch(() =>
      json(
        {
          message: 'email is required',
          code: 'VALIDATION_ERROR',
          issues: [{ field: 'email', message: 'email is required' }, { field: 7 }],
        },
        400,
      ),
    );
    const send = createFetcher({ fetchOptions: { customFetchImpl: stub.fetch } });
    const { result } = await send('/sign-up/email', { body: {} });
    expect(result.error).toEqual({
      message: 'email is required',
      code: 'VALIDATION_ERROR',
      status: 400,
      issues: [{ field: 'email', message: 'email is required' }],
    });
  });

  it("reports the server's message and code with the status", async () => {
    const stub = stubFetch(() => json({ message: 'Invalid email or password', code: 'INVALID_EMAIL_OR_PASSWORD' }, 401));
    const send = createFetcher({ fetchOptions: { customFetchImpl: stub.fetch } });
    const { result } = await send('/sign-in/email', { body: { email: 'a@b.c', password: 'x' } });
    expect(result).toEqual({
      data: null,
      error: { message: 'Invalid email or password', code: 'INVALID_EMAIL_OR_PASSWORD', status: 401 },
    });
  });

  it('falls back to the HTTP status when the error has no body', async () => {
    const stub = stubFetch(() => new Response(null, { status: 404, statusText: 'Not Found' }));
    const send = createFetcher({ fetchOptions: { customFetchImpl: stub.fetch } });
    const { result } = await send('/nowhere', {});
    expect(result.error).toEqual({ message: 'Not Found', code: 'NOT_FOUND', status: 404 });
  });

  it('turns a network failure into FETCH_ERROR without throwing', async () => {
    const stub = stubFetch(() => new TypeError('fetch failed'));
    const send = createFetcher({ fetchOptions: { customFetchImpl: stub.fetch } });
    const { result } = await send('/get-session', {});
    expect(result).toEqual({
      data: null,
      error: { message: 'Network error', code: 'FETCH_ERROR', status: 0 },
    });
  });

  it('uses the global fetch when none is given', async () => {
    const stub = stubFetch(() => json({ ok: true }));
    vi.stubGlobal('fetch', stub.fetch);
    const { result } = await createFetcher({})('/ok', {});
    expect(result.data).toEqual({ ok: true });
  });

  it('navigates the browser when the answer has redirect and url', async () => {
    const location = { href: 'http://app.test/sign-in' };
    vi.stubGlobal('window', { location });
    const stub = stubFetch(() => json({ url: 'https://idp.test/authorize', redirect: true }));
    const send = createFetcher({ fetchOptions: { customFetchImpl: stub.fetch } });
    const outcome = await send('/sign-in/social', { body: { provider: 'github' } });
    expect(outcome.navigated).toBe(true);
    expect(location.href).toBe('https://idp.test/authorize');
    expect(outcome.result.data).toEqual({ url: 'https://idp.test/authorize', redirect: true });
  });

  it('does not navigate when redirect is false or outside a browser', async () => {
    const stub = stubFetch(() => json({ url: 'https://idp.test/a', redirect: true }));
    const send = createFetcher({ fetchOptions: { customFetchImpl: stub.fetch } });
    expect((await send('/link-social', { body: { provider: 'x' } })).navigated).toBe(false);

    const location = { href: 'http://app.test/' };
    vi.stubGlobal('window', { location });
    const stub2 = stubFetch(() => json({ url: 'https://idp.test/a', redirect: false, token: 't' }));
    const send2 = createFetcher({ fetchOptions: { customFetchImpl: stub2.fetch } });
    expect((await send2('/sign-in/email', { body: {} })).navigated).toBe(false);
    expect(location.href).toBe('http://app.test/');
  });

  it('tells a page which answers the client has followed, so that it does not navigate again', () => {
    expect(isRedirectAnswer({ redirect: true, url: 'https://idp.test/slo' })).toBe(true);
    for (const data of [
      null,
      'text',
      { redirect: false, url: 'https://idp.test/' },
      { redirect: true, url: '' },
      { redirect: 'true', url: '/x' },
      { redirect: true },
    ]) {
      expect(isRedirectAnswer(data)).toBe(false);
    }
  });
});
