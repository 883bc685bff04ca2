import { describe, expect, it } from 'vitest';
import { escapeHtml, renderActionMail, senderName } from './render.js';

describe('renderActionMail', () => {
  const mail = renderActionMail({
    to: 'a@example.com',
    subject: 'Reset <your> password',
    name: `<img src=x onerror="alert('x')">`,
    intro: ['Intro & more'],
    actionLabel: 'Go "now"',
    url: 'https://app.example/reset?token=abc&callbackURL=%2F',
    outro: ['Bye'],
    signature: 'Acme',
  });

  it('puts the action URL alone on its own line of the plain text', () => {
    const lines = mail.text.split('\n');
    expect(lines).toContain('https://app.example/reset?token=abc&callbackURL=%2F');
    expect(lines[0]).toBe(`Hello <img src=x onerror="alert('x')">,`);
    expect(mail.text.endsWith('— Acme\n')).toBe(true);
  });

  it('escapes every interpolated value in the HTML part', () => {
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('Hello &lt;img src=x onerror=&quot;alert(&#39;x&#39;)&quot;&gt;,');
    expect(mail.html).toContain('<title>Reset &lt;your&gt; password</title>');
    expect(mail.html).toContain('href="https://app.example/reset?token=abc&amp;callbackURL=%2F"');
    expect(mail.html).toContain('>Go &quot;now&quot;</a>');
    expect(mail.html).toContain('Intro &amp; more');
  });

  it('greets without a name', () => {
    expect(renderActionMail({ to: 'x@y.z', subject: 's', intro: [], actionLabel: 'a', url: 'http://u', outro: [] }).text).toBe('Hello,\n\nhttp://u\n');
  });
});

describe('helpers', () => {
  it('escapeHtml', () => expect(escapeHtml(`&<>"'\``)).toBe('&amp;&lt;&gt;&quot;&#39;&#96;'));
  it('senderName', () => {
    expect(senderName('Acme <no-reply@acme.test>')).toBe('Acme');
    expect(senderName('"Acme, Inc." <no-reply@acme.test>')).toBe('Acme, Inc.');
    expect(senderName('no-reply@acme.test')).toBeUndefined();
  });
});
