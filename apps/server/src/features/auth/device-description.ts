import Bowser from 'bowser';

export type DeviceKind = 'desktop' | 'mobile' | 'tablet' | 'tv' | 'unknown';

/** What a player recognises a sign-in by: "Firefox 126", "Windows 10", a phone or a computer. */
export interface DeviceDescription {
  browser: string | null;
  os: string | null;
  device: DeviceKind;
}

const kinds = new Set<DeviceKind>(['desktop', 'mobile', 'tablet', 'tv']);

/** From a User-Agent, by Bowser (a maintained parser); unknown parts are null. */
export function describeUserAgent(userAgent: string | null | undefined): DeviceDescription {
  if (!userAgent) return { browser: null, os: null, device: 'unknown' };
  const parser = Bowser.getParser(userAgent);
  const browser = parser.getBrowser();
  const os = parser.getOS();
  const major = (version: string | undefined) => version?.split('.')[0];
  const join = (...parts: (string | undefined)[]) =>
    parts.filter((p): p is string => Boolean(p)).join(' ') || null;
  const platform = parser.getPlatformType() as DeviceKind;
  return {
    browser: join(browser.name, major(browser.version)),
    os: join(os.name, os.versionName ?? major(os.version)),
    device: kinds.has(platform) ? platform : 'unknown',
  };
}
