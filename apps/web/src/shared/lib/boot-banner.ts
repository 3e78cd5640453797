/**
 * The home page's first banner in index.html (#boot-home, decision 057): painted with the
 * page itself, over the app, until the carousel's own first picture has loaded. Removed then,
 * or as soon as the player is on another page.
 */
export function removeBootBanner(): void {
  document.getElementById('boot-home')?.remove();
}
