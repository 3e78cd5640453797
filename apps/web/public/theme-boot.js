// Applies the saved (or system) theme and language. In production the server already wrote
// them into <html> from their cookies (decision 057) and the build loads this file `async`:
// it only matters for a choice saved before the cookies existed. The dev server loads it
// blocking, before the first paint. A file, not an inline script: the server's
// Content-Security-Policy allows no inline scripts (decision 049). Keep in step with
// src/features/theme/theme-store.ts and src/shared/i18n/i18n.ts.
(function () {
  var root = document.documentElement;
  var theme = 'dark';
  var lang = 'ru';
  try {
    var saved = localStorage.getItem('theme');
    if (saved === 'light' || saved === 'dark') theme = saved;
    else if (window.matchMedia && !matchMedia('(prefers-color-scheme: dark)').matches)
      theme = 'light';
    if (localStorage.getItem('lang') === 'en') lang = 'en';
  } catch (e) {
    /* storage unavailable: keep the defaults */
  }
  root.classList.remove('dark', 'light');
  root.classList.add(theme);
  root.style.colorScheme = theme;
  root.lang = lang;
})();
