export interface Device {
  browser: string;
  os: string;
}

/** What parseUserAgent answers when it recognises nothing (pages show their own words for it). */
export const UNKNOWN_BROWSER = 'Unknown browser';
export const UNKNOWN_SYSTEM = 'Unknown system';

// Order matters: Edge and Opera also say "Chrome", Chrome also says "Safari".
const BROWSERS: Array<[RegExp, string]> = [
  [/Edg(?:e|A|iOS)?\/([\d]+)/, 'Edge'],
  [/(?:OPR|Opera)\/([\d]+)/, 'Opera'],
  [/SamsungBrowser\/([\d]+)/, 'Samsung Internet'],
  [/(?:Firefox|FxiOS)\/([\d]+)/, 'Firefox'],
  [/(?:Chrome|CriOS)\/([\d]+)/, 'Chrome'],
  [/Version\/([\d]+).*Safari\//, 'Safari'],
  [/curl\/([\d]+)/, 'curl'],
  [/node|undici/i, 'Node.js'],
];

const SYSTEMS: Array<[RegExp, string]> = [
  [/Windows/, 'Windows'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Android/, 'Android'],
  [/CrOS/, 'ChromeOS'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux/, 'Linux'],
];

/** Browser (with major version) and operating system named in a User-Agent header. */
export function parseUserAgent(userAgent: string | null | undefined): Device {
  const ua = userAgent ?? '';
  let browser = UNKNOWN_BROWSER;
  for (const [pattern, name] of BROWSERS) {
    const match = pattern.exec(ua);
    if (match) {
      browser = match[1] ? `${name} ${match[1]}` : name;
      break;
    }
  }
  const os = SYSTEMS.find(([pattern]) => pattern.test(ua))?.[1] ?? UNKNOWN_SYSTEM;
  return { browser, os };
}
