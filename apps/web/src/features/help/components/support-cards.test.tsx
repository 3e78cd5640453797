import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { helpEn } from '../../../shared/i18n/help/en';
import { helpRu } from '../../../shared/i18n/help/ru';
import { i18n } from '../../../shared/i18n/i18n';
import { useAverageResponseText } from './support-cards';

describe('the average response text', () => {
  it('says "about 5 minutes" until there is a real answer (SPEC §9), then the measured mean', async () => {
    // The texts load with the help pages; here they are added directly.
    i18n.addResourceBundle('en', 'translation', helpEn, true, false);
    i18n.addResourceBundle('ru', 'translation', helpRu, true, false);
    await i18n.changeLanguage('en');
    const text = (seconds: number | null) =>
      renderHook(() => useAverageResponseText(seconds)).result.current;
    expect(text(null)).toBe('about 5 minutes');
    expect(text(42)).toBe('under a minute');
    expect(text(150)).toBe('about 3 min');
    expect(text(2 * 3600)).toBe('about 2 h');
    await i18n.changeLanguage('ru');
    expect(text(null)).toBe('около 5 минут');
    expect(text(600)).toBe('около 10 мин');
  });
});
