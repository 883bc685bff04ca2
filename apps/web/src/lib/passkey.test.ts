import { describe, expect, it } from 'vitest';
import { suggestedPasskeyName } from './passkey';

describe('suggestedPasskeyName', () => {
  it('names the browser and system without the version', () => {
    expect(suggestedPasskeyName('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36')).toBe(
      'Chrome on macOS',
    );
    expect(
      suggestedPasskeyName(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari on iOS');
  });

  it('falls back to what it knows', () => {
    expect(suggestedPasskeyName('SomethingElse/1.0')).toBe('Passkey');
    expect(suggestedPasskeyName('SomethingElse/1.0 (X11; Linux x86_64)')).toBe('Passkey on Linux');
  });
});
