// Runs before first paint so the saved (or system) theme and language apply without a flash.
// A file, not an inline script: the server's Content-Security-Policy allows no inline scripts
// (decision 049). Keep in step with src/features/theme/theme-store.ts and src/shared/i18n/index.ts.
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
