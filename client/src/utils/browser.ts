/** Leaving the app for another site (the identity provider). One object, so tests can spy on it. */
export const browserLocation = {
  assign(url: string): void {
    window.location.assign(url);
  },
};
