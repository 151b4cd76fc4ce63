import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { ApiError } from '@beabro/shared/api/api-client';
import { createCreatorProfile, useCreateCreatorProfile } from '@beabro/shared/api/create-creator-profile';
import { deleteProfileImage, useDeleteProfileImage } from '@beabro/shared/api/delete-profile-image';
import { SESSION_QUERY_KEY } from '@beabro/shared/api/get-current-user';
import { MY_CREATOR_PROFILE_QUERY_KEY, getMyCreatorProfile } from '@beabro/shared/api/get-my-creator-profile';
import { updateCreatorProfile, useUpdateCreatorProfile } from '@beabro/shared/api/update-creator-profile';
import { updateSupportTiers, useUpdateSupportTiers } from '@beabro/shared/api/update-support-tiers';
import { multipartImageBody, uploadProfileImage, useUploadProfileImage } from '@beabro/shared/api/upload-profile-image';
import {
  IMAGE_MAX_BYTES,
  type OwnCreatorProfileDto,
  type SupportTiersInput,
} from '@beabro/shared/api-schemas/creator-profile';
import { SUPPORT_TIERS } from '@beabro/shared/data/support-tiers';
import { json, mockApi } from '@beabro/shared/testing/msw';

const profile: OwnCreatorProfileDto = {
  username: 'maya',
  displayName: 'Maya',
  bio: 'Bio',
  creatorType: 'artist',
  socialLinks: [{ platform: 'github', handle: 'maya', url: 'https://github.com/maya' }],
  minimumAmountCents: 300,
  suggestedAmountsCents: [500, 1_500, 2_500, 5_000],
  goalTitle: '',
  goalAmountCents: null,
  country: null,
  currency: 'usd',
  currencyLocked: false,
  profileImageUrl: null,
  coverImageUrl: null,
  privacy: { showEarnings: false, showSupporterCount: true, allowMessages: true },
  tiers: SUPPORT_TIERS.map((tier, position) => ({
    position,
    name: tier.name,
    emoji: tier.emoji,
    description: tier.description,
    perks: [...tier.perks],
    isRecurring: tier.isRecurring,
    amountCents: tier.amountCents,
  })),
  usernameChangeAvailableAt: null,
};

const PROFILE = '/api/creator-profile';

function lastCall(api: ReturnType<typeof mockApi>) {
  const call = api.calls.at(-1);
  if (!call) throw new Error('no request was sent');
  return call;
}

function hookWrapper() {
  const queryClient = new QueryClient();
  const wrapper = ({ children }: { children: ReactNode }) =>
    createElement(QueryClientProvider, { client: queryClient }, children);
  return { queryClient, wrapper };
}

describe('getMyCreatorProfile', () => {
  it('returns the parsed owner view', async () => {
    const api = mockApi({ [`GET ${PROFILE}`]: json(200, { profile }) });
    await expect(getMyCreatorProfile()).resolves.toEqual(profile);
    expect(lastCall(api).path).toBe('/api/creator-profile');
  });

  it('returns null before onboarding (404) and throws other errors', async () => {
    mockApi({ [`GET ${PROFILE}`]: json(404, { message: 'You have no creator page yet.' }) });
    await expect(getMyCreatorProfile()).resolves.toBeNull();
    mockApi({ [`GET ${PROFILE}`]: json(401, { message: 'Please sign in to continue.' }) });
    await expect(getMyCreatorProfile()).rejects.toBeInstanceOf(ApiError);
  });

  it('refuses an answer that does not match the schema', async () => {
    mockApi({ [`GET ${PROFILE}`]: json(200, { profile: { ...profile, tiers: [] } }) });
    await expect(getMyCreatorProfile()).rejects.toThrow();
  });
});

describe('createCreatorProfile', () => {
  const input = { displayName: 'Maya', username: 'maya', bio: 'Bio', creatorType: 'artist' as const };

  it('POSTs the wizard values and returns the profile', async () => {
    const api = mockApi({ [`POST ${PROFILE}`]: json(201, { profile }) });
    await expect(createCreatorProfile(input)).resolves.toEqual(profile);
    const call = lastCall(api);
    expect(call.path).toBe('/api/creator-profile');
    expect(call.method).toBe('POST');
    expect(call.body).toEqual(input);
    expect(call.headers.get('X-Requested-With')).toBe('beabro');
  });

  it('throws the username field message of a 400', async () => {
    mockApi({
      [`POST ${PROFILE}`]: json(400, {
        message: 'Username is not available',
        fieldErrors: { username: 'Username is not available' },
      }),
    });
    const error = (await createCreatorProfile(input).catch((e: unknown) => e)) as ApiError;
    expect(error.fieldErrors).toEqual({ username: 'Username is not available' });
  });

  it('the hook caches the profile and refetches the session (the user is now a creator)', async () => {
    mockApi({ [`POST ${PROFILE}`]: json(201, { profile }) });
    const { queryClient, wrapper } = hookWrapper();
    queryClient.setQueryData(SESSION_QUERY_KEY, { username: null, isCreator: false });
    const { result } = renderHook(() => useCreateCreatorProfile(), { wrapper });
    await act(() => result.current.mutateAsync(input));
    expect(queryClient.getQueryData(MY_CREATOR_PROFILE_QUERY_KEY)).toEqual(profile);
    expect(queryClient.getQueryState(SESSION_QUERY_KEY)?.isInvalidated).toBe(true);
  });
});

describe('updateCreatorProfile', () => {
  it('PATCHes only the fields given', async () => {
    const api = mockApi({ [`PATCH ${PROFILE}`]: json(200, { profile }) });
    await updateCreatorProfile({ displayName: 'New', goalAmount: null });
    const call = lastCall(api);
    expect(call.path).toBe('/api/creator-profile');
    expect(call.method).toBe('PATCH');
    expect(call.body).toEqual({ displayName: 'New', goalAmount: null });
  });

  it('the hook caches the answer and refetches the session (the username may have changed)', async () => {
    mockApi({ [`PATCH ${PROFILE}`]: json(200, { profile: { ...profile, username: 'renamed' } }) });
    const { queryClient, wrapper } = hookWrapper();
    queryClient.setQueryData(SESSION_QUERY_KEY, { username: 'maya' });
    const { result } = renderHook(() => useUpdateCreatorProfile(), { wrapper });
    await act(() => result.current.mutateAsync({ username: 'renamed' }));
    expect(queryClient.getQueryData<OwnCreatorProfileDto>(MY_CREATOR_PROFILE_QUERY_KEY)?.username).toBe('renamed');
    expect(queryClient.getQueryState(SESSION_QUERY_KEY)?.isInvalidated).toBe(true);
  });
});

describe('updateSupportTiers', () => {
  it('PUTs the four tiers and the hook caches the answer', async () => {
    const api = mockApi({ [`PUT ${PROFILE}/tiers`]: json(200, { profile }) });
    const [a, b, c, d] = SUPPORT_TIERS.map((tier) => ({
      name: tier.name,
      emoji: tier.emoji,
      isRecurring: tier.isRecurring,
      amount: tier.amountCents / 100,
    }));
    if (!a || !b || !c || !d) throw new Error('four sample tiers expected');
    const tiers: SupportTiersInput['tiers'] = [a, b, c, d];
    await updateSupportTiers({ tiers });
    const call = lastCall(api);
    expect(call.path).toBe('/api/creator-profile/tiers');
    expect(call.method).toBe('PUT');
    expect(call.body).toEqual({ tiers });

    const { queryClient, wrapper } = hookWrapper();
    const { result } = renderHook(() => useUpdateSupportTiers(), { wrapper });
    await act(() => result.current.mutateAsync({ tiers }));
    expect(queryClient.getQueryData(MY_CREATOR_PROFILE_QUERY_KEY)).toEqual(profile);
  });
});

describe('uploadProfileImage', () => {
  const png = () =>
    new File([Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], 'my "photo".png', {
      type: 'image/png',
    });

  it('POSTs one multipart file to the kind', async () => {
    const withImage = { ...profile, coverImageUrl: `/uploads/${'a'.repeat(32)}.png` };
    const api = mockApi({ [`POST ${PROFILE}/images/cover`]: json(200, { profile: withImage }) });
    await expect(uploadProfileImage({ kind: 'cover', file: png() })).resolves.toEqual(withImage);
    const call = lastCall(api);
    expect(call.path).toBe('/api/creator-profile/images/cover');
    expect(call.method).toBe('POST');
    const contentType = call.headers.get('Content-Type') ?? '';
    expect(contentType).toMatch(/^multipart\/form-data; boundary=----beabro[0-9a-f]{32}$/);
    expect(call.body).toBeInstanceOf(Blob);
    expect((call.body as Blob).size).toBe(multipartImageBody(png(), contentType.split('boundary=')[1] ?? '').size);
  });

  it('builds the same body a FormData would, with a header-safe file name', async () => {
    // jsdom's Blob cannot stream; FileReader reads it.
    const bytes = await new Promise<Uint8Array>((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
      reader.onerror = () => reject(reader.error);
      reader.readAsArrayBuffer(multipartImageBody(png(), 'XYZ'));
    });
    const expected = [
      ...new TextEncoder().encode(
        '--XYZ\r\nContent-Disposition: form-data; name="file"; filename="my__photo_.png"\r\nContent-Type: image/png\r\n\r\n',
      ),
      0x89,
      0x50,
      0x4e,
      0x47,
      0x0d,
      0x0a,
      0x1a,
      0x0a,
      ...new TextEncoder().encode('\r\n--XYZ--\r\n'),
    ];
    expect(Array.from(bytes)).toEqual(expected);
  });

  it('refuses a file over 5 MB without uploading it', async () => {
    const api = mockApi({ [`POST ${PROFILE}/images/profile`]: json(200, { profile }) });
    const big = new File([new Uint8Array(IMAGE_MAX_BYTES + 1)], 'big.png', { type: 'image/png' });
    const error = (await uploadProfileImage({ kind: 'profile', file: big }).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.fieldErrors).toEqual({ file: 'Images must be at most 5 MB.' });
    expect(api.calls).toHaveLength(0);
  });

  it('the hook caches the answer', async () => {
    mockApi({ [`POST ${PROFILE}/images/profile`]: json(200, { profile }) });
    const { queryClient, wrapper } = hookWrapper();
    const { result } = renderHook(() => useUploadProfileImage(), { wrapper });
    await act(() => result.current.mutateAsync({ kind: 'profile', file: png() }));
    await waitFor(() => expect(queryClient.getQueryData(MY_CREATOR_PROFILE_QUERY_KEY)).toEqual(profile));
  });
});

describe('deleteProfileImage', () => {
  it('DELETEs the kind without a body, and the hook caches the answer', async () => {
    const api = mockApi({
      [`DELETE ${PROFILE}/images/profile`]: json(200, { profile }),
      [`DELETE ${PROFILE}/images/cover`]: json(200, { profile }),
    });
    await deleteProfileImage('profile');
    const call = lastCall(api);
    expect(call.path).toBe('/api/creator-profile/images/profile');
    expect(call.method).toBe('DELETE');
    expect(call.body).toBeUndefined();
    expect(call.headers.has('Content-Type')).toBe(false);

    const { queryClient, wrapper } = hookWrapper();
    const { result } = renderHook(() => useDeleteProfileImage(), { wrapper });
    await act(() => result.current.mutateAsync('cover'));
    expect(queryClient.getQueryData(MY_CREATOR_PROFILE_QUERY_KEY)).toEqual(profile);
  });
});
