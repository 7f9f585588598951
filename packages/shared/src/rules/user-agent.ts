/**
 * A browser's User-Agent header as people read it: 'Chrome 126 unter Windows',
 * 'Safari 17 auf iPhone'. Only the common browsers and systems are named; the
 * order of the checks matters, because Edge and Opera also say "Chrome", and
 * Chrome also says "Safari".
 */

const BROWSERS: readonly [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\/(\d+)/, 'Edge'],
  [/\b(?:OPR|Opera)\/(\d+)/, 'Opera'],
  [/\bSamsungBrowser\/(\d+)/, 'Samsung Internet'],
  [/\b(?:Firefox|FxiOS)\/(\d+)/, 'Firefox'],
  [/\b(?:HeadlessChrome|Chrome|Chromium|CriOS)\/(\d+)/, 'Chrome'],
  [/\bVersion\/(\d+)(?:\.\d+)*.*\bSafari\//, 'Safari'],
];

const SYSTEMS: readonly [RegExp, string][] = [
  [/\biPhone\b/, 'auf iPhone'],
  [/\biPad\b/, 'auf iPad'],
  [/\bAndroid\b/, 'unter Android'],
  [/\bCrOS\b/, 'unter ChromeOS'],
  [/\bWindows\b/, 'unter Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'unter macOS'],
  [/\bLinux\b|\bX11\b/, 'unter Linux'],
];

export function describeUserAgent(userAgent: string | null | undefined, unknown = 'Unbekannter Browser'): string {
  if (!userAgent) return unknown;
  let browser: string | undefined;
  for (const [pattern, name] of BROWSERS) {
    const m = pattern.exec(userAgent);
    if (m) {
      browser = `${name} ${m[1]}`;
      break;
    }
  }
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (!browser) return system ? `${unknown} ${system}` : unknown;
  return system ? `${browser} ${system}` : browser;
}
