import type { OnboardingInput } from '@beabro/shared/schemas/onboarding';
import type { OwnCreatorProfileDto } from '@beabro/shared/api-schemas/creator-profile';
import { fakeUser, type TestApp } from '../../testing/test-app';

let creatorCounter = 0;

/** The onboarding body of a valid wizard run; `overrides` replace any field. */
export function onboardingBody(overrides: Partial<OnboardingInput> = {}): OnboardingInput {
  return {
    displayName: 'Maya Builder',
    username: `maya${process.pid}_${++creatorCounter}`,
    bio: 'Building community gardens, one street at a time.',
    creatorType: 'artist',
    ...overrides,
  };
}

/** Test factory: a signed-in account that went through onboarding. */
export async function fakeCreator(testApp: TestApp, overrides: Partial<OnboardingInput> = {}) {
  const account = await fakeUser(testApp, { role: 'creator' });
  const res = await account.client.post('/api/creator-profile', onboardingBody(overrides));
  if (res.statusCode !== 201) throw new Error(`fakeCreator onboarding failed: ${res.statusCode} ${res.body}`);
  return { ...account, profile: res.json().profile as OwnCreatorProfileDto };
}
