/**
 * Destinations owned by other areas (onboarding and auth). Kept in one place so the hero and the
 * closing calls to action cannot drift apart.
 */
export const landingLinks = {
  startGettingSupported: '/create',
  // The auth area reads mode/role so a would-be supporter lands on sign-up with "Supporter" preselected.
  supporterSignUp: '/auth?mode=signup&role=supporter',
} as const;
