/** Leaves the app for another page (the 3-D Secure page); its own module so tests can see it. */
export function leaveFor(url: string): void {
  window.location.assign(url);
}
