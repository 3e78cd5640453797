import { bannerArtSize, type BannerCopy, type Language } from '@casino/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * How the carousel will show the banner: the phone cut in a 390 px frame and the wide cut in
 * its 1600 × 500 box (scaled to the card), with the copy laid over the art as the player app
 * lays it (the art carries no text). A picture not chosen yet shows as an empty frame.
 */
export function BannerPreview({
  copy,
  desktop,
  mobile,
}: {
  copy: Record<Language, BannerCopy>;
  desktop: string | null;
  mobile: string | null;
}) {
  const { t } = useTranslation();
  const [language, setLanguage] = useState<Language>('en');
  const words = copy[language];
  const layouts = [
    { key: 'phone', label: t('banners.preview.phone'), art: mobile, size: bannerArtSize.mobile },
    { key: 'wide', label: t('banners.preview.wide'), art: desktop, size: bannerArtSize.desktop },
  ] as const;
  return (
    <section
      className="card stack"
      aria-labelledby="banner-preview-title"
      data-testid="banner-preview"
    >
      <div className="page-head">
        <h2 className="card-title" id="banner-preview-title">
          {t('banners.preview.title')}
        </h2>
        <div className="segmented" role="group" aria-label={t('banners.preview.language')}>
          {(['en', 'ru'] as const).map((code) => (
            <button
              key={code}
              type="button"
              className={language === code ? 'btn btn-sm btn-primary' : 'btn btn-sm btn-secondary'}
              aria-pressed={language === code}
              onClick={() => setLanguage(code)}
            >
              {code === 'en' ? t('banners.form.english') : t('banners.form.russian')}
            </button>
          ))}
        </div>
      </div>
      <div className="banner-previews">
        {layouts.map((layout) => (
          <figure key={layout.key} className={`banner-preview banner-preview-${layout.key}`}>
            <figcaption className="field-label">{layout.label}</figcaption>
            <div
              className="banner-frame"
              style={{ aspectRatio: `${layout.size.width} / ${layout.size.height}` }}
              data-testid={`banner-preview-${layout.key}`}
            >
              {layout.art ? <img src={layout.art} alt="" className="banner-art" /> : null}
              <div className="banner-copy" lang={language}>
                {words.eyebrow ? <span className="banner-eyebrow">{words.eyebrow}</span> : null}
                <strong className="banner-headline">{words.title || '—'}</strong>
                {words.text ? <span className="banner-text">{words.text}</span> : null}
                {words.cta ? <span className="banner-cta">{words.cta}</span> : null}
              </div>
            </div>
          </figure>
        ))}
      </div>
    </section>
  );
}
