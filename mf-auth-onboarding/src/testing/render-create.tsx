import { Route, Routes } from 'react-router-dom';
import { ONBOARDING_MESSAGES } from '@beabro/shared/schemas/onboarding';
import { mockApi, type MockHandler } from '@beabro/shared/testing/msw';
import { renderWithProviders } from '@beabro/shared/testing/render-with-providers';
import type { SessionUser } from '@beabro/shared/types/session-user';
import { CreatePage } from '../features/onboarding/components/create-page';
import { saveDraft } from '../features/onboarding/utils/draft-storage';
import { emptyDraft, type OnboardingDraft, type WizardStep } from '../features/onboarding/utils/onboarding-draft';
import { Where } from './where';

/** Names the fake availability check calls taken: a seeded creator and a reserved word. */
export const TAKEN_USERNAMES = new Set(['pixelpat', 'admin']);

/** The availability check of any name: taken for TAKEN_USERNAMES, available otherwise. */
const availabilityReply: MockHandler = ({ pathname }) => {
  const username = decodeURIComponent(pathname.split('/')[3] ?? '');
  const available = !TAKEN_USERNAMES.has(username);
  return {
    body: {
      username,
      available,
      message: available ? ONBOARDING_MESSAGES.usernameAvailable : ONBOARDING_MESSAGES.usernameNotAvailable,
    },
  };
};

/** Step 1 filled in correctly. */
export const VALID_BASICS = {
  displayName: 'Maya Makes',
  username: 'maya_makes',
  bio: 'Painting murals for my town.',
  creatorType: 'artist',
} as const;

export interface RenderCreateOptions {
  user: SessionUser | null;
  /** Routes answered besides the defaults (who am I, availability). */
  routes?: Record<string, MockHandler>;
  /** A draft already in session storage, as after a reload. */
  stored?: { step: WizardStep; values: Partial<OnboardingDraft>; userId?: string };
}

/** /create as the shell mounts it, with the API mocked; the current location is shown for redirect assertions. */
export function renderCreate({ user, routes = {}, stored }: RenderCreateOptions) {
  if (stored) saveDraft(stored.userId ?? user?.id ?? 'nobody', stored.step, { ...emptyDraft(), ...stored.values });
  const { calls } = mockApi({
    'GET /api/auth/me': { body: { user } },
    'GET /api/usernames/:username/availability': availabilityReply,
    ...routes,
  });
  const view = renderWithProviders(
    <>
      <Routes>
        <Route path="/create" element={<CreatePage basePath="/create" />} />
        <Route path="*" element={null} />
      </Routes>
      <Where />
    </>,
    { route: '/create' },
  );
  return { calls, ...view };
}
