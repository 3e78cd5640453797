// The saved theme and language on <html> before the app's code runs, so a light theme does not
// flash dark (src/shared/lib/preferences.ts writes the same keys).
(function () {
  try {
    var theme = localStorage.getItem('orbita.backoffice.theme');
    var dark = theme ? theme === 'dark' : !matchMedia('(prefers-color-scheme: light)').matches;
    document.documentElement.className = dark ? 'dark' : 'light';
    var lang = localStorage.getItem('orbita.backoffice.lang');
    if (lang === 'en' || lang === 'ru') document.documentElement.lang = lang;
  } catch (e) {
    /* storage blocked: the stylesheet's default applies */
  }
})();
