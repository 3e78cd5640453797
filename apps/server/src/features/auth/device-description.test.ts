import { describe, expect, it } from 'vitest';
import { describeUserAgent } from './device-description';

describe('describeUserAgent', () => {
  it('names browser, system and kind of device', () => {
    expect(
      describeUserAgent(
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
      ),
    ).toEqual({ browser: 'Chrome 126', os: 'Android 14', device: 'mobile' });
  });

  it('leaves out what an agent does not say', () => {
    expect(describeUserAgent('curl/8.5.0')).toEqual({ browser: null, os: null, device: 'unknown' });
    expect(describeUserAgent(undefined)).toEqual({ browser: null, os: null, device: 'unknown' });
  });
});
