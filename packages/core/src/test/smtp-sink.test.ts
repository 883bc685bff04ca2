import { createTransport } from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseMessage, startSmtpSink, type SmtpSink } from './smtp-sink.js';

let sink: SmtpSink;
beforeAll(async () => {
  sink = await startSmtpSink();
});
afterAll(async () => sink?.close());

describe('smtp sink', () => {
  it('captures raw source and decoded parts of what nodemailer sends', async () => {
    const transport = createTransport(sink.url);
    const url = `https://example.test/verify?token=${'x'.repeat(120)}&a=b`;
    await transport.sendMail({
      from: 'Sender <s@example.test>',
      to: 'Üser <User@Example.test>',
      subject: 'Grüße — subject',
      text: `Hallo Jürgen,\n\n${url}\n`,
      html: '<p>Hallo</p>',
    });
    const m = await sink.waitFor('user@example.test');
    expect(m.from).toBe('s@example.test');
    expect(m.to).toEqual(['user@example.test']);
    expect(m.subject).toBe('Grüße — subject');
    expect(m.text.split('\n')).toContain(url);
    expect(m.text.startsWith('Hallo Jürgen,')).toBe(true);
    expect(m.html?.trim()).toBe('<p>Hallo</p>');
    expect(m.links).toEqual([url]);
    expect(m.raw).toContain('Content-Type: multipart/alternative');
  });

  it('waitFor waits for a future message, hands each out once, and times out clearly', async () => {
    const transport = createTransport(sink.url);
    const waiting = sink.waitFor('later@example.test', (m) => m.subject === 'two');
    await transport.sendMail({ from: 'a@example.test', to: 'later@example.test', subject: 'one', text: 'one' });
    await transport.sendMail({ from: 'a@example.test', to: 'later@example.test', subject: 'two', text: 'two' });
    expect((await waiting).subject).toBe('two');
    expect((await sink.waitFor('later@example.test')).subject).toBe('one');
    await expect(sink.waitFor('later@example.test', undefined, 50)).rejects.toThrow(/no mail to later@example.test within 50 ms/);
  });

  it('failNext makes the server refuse a message with 550', async () => {
    const transport = createTransport(sink.url);
    sink.failNext();
    await expect(transport.sendMail({ from: 'a@example.test', to: 'refused@example.test', subject: 's', text: 't' })).rejects.toMatchObject({
      responseCode: 550,
    });
    await transport.sendMail({ from: 'a@example.test', to: 'refused@example.test', subject: 'ok', text: 't' });
    expect((await sink.waitFor('refused@example.test')).subject).toBe('ok');
  });

  it('parses base64 parts and nested multiparts', () => {
    const raw = [
      'Subject: =?UTF-8?B?w6TDtsO8?=',
      'Content-Type: multipart/mixed; boundary="outer"',
      '',
      '--outer',
      'Content-Type: multipart/alternative; boundary=inner',
      '',
      '--inner',
      'Content-Type: text/plain; charset=utf-8',
      'Content-Transfer-Encoding: base64',
      '',
      Buffer.from('Grüß dich\nhttps://x.test/a\n').toString('base64'),
      '--inner',
      'Content-Type: text/html',
      '',
      '<b>hi</b>',
      '--inner--',
      '--outer--',
      '',
    ].join('\r\n');
    const m = parseMessage(raw, 'a@x.test', ['b@x.test']);
    expect(m.subject).toBe('äöü');
    expect(m.text).toBe('Grüß dich\nhttps://x.test/a\n');
    expect(m.html).toBe('<b>hi</b>\n');
    expect(m.links).toEqual(['https://x.test/a']);
  });
});
