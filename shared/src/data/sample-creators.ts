import { DEFAULT_NOTIFICATION_SETTINGS, DEFAULT_PRIVACY_SETTINGS } from '@beabro/shared/data/defaults';
import type { Achievement, CreatorSettings, PublicCreatorProfile, SupportRecord } from '@beabro/shared/types/entities';

/*
 * Demo creators for seeding the database, built from the sample data we were given. Dates are relative
 * (`daysAgo`) so the seed always looks fresh ("this month" figures stay non-empty); materialise them
 * with createSampleCreators(now). Emails use the reserved example.com domain so no real inbox gets mail.
 */

export interface SampleSupportSeed extends Omit<SupportRecord, 'createdAt'> {
  /** How long before "now" the support was made; fractions are fine (0.25 = six hours ago). */
  daysAgo: number;
}

export interface SampleCreatorSeed {
  profile: Omit<PublicCreatorProfile, 'totalEarnedCents' | 'monthlyEarnedCents'>;
  settings: CreatorSettings;
  /** Earned before the sample supports below; the total is this plus their sum. */
  earnedBeforeSamplesCents: number;
  supports: readonly SampleSupportSeed[];
}

export interface SampleCreator {
  profile: PublicCreatorProfile;
  settings: CreatorSettings;
  supports: SupportRecord[];
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** "This month" for the seed's monthly figure: a rolling 30 days, so it does not depend on the calendar. */
const MONTH_DAYS = 30;

const defaultSettings = (email: string): CreatorSettings => ({
  email,
  minimumAmountCents: 300,
  suggestedAmountsCents: [500, 1_500, 2_500, 5_000],
  notifications: { ...DEFAULT_NOTIFICATION_SETTINGS },
  privacy: { ...DEFAULT_PRIVACY_SETTINGS },
});

const achievements = (unlocked: readonly boolean[]): Achievement[] =>
  [
    { name: 'First Supporter', icon: '🎉' },
    { name: '10 Supporters', icon: '⭐' },
    { name: 'First Monthly Bro', icon: '🔁' },
    { name: '100 Supporters', icon: '💯' },
    { name: 'Goal Reached', icon: '🏆' },
    { name: 'Community Hero', icon: '🦸' },
  ].map((a, i) => ({ ...a, unlocked: unlocked[i] ?? false }));

export const SAMPLE_CREATOR_SEEDS: readonly SampleCreatorSeed[] = [
  {
    // The sample profile we were given is a gamer with creatorType "gaming", which is not one of the eight types;
    // it maps to "creator" (Content Creator). Its discord link is dropped: discord is not an offered platform.
    profile: {
      username: 'pixelpat',
      displayName: 'Pixel Pat',
      bio: 'Variety streamer building a cozy, welcoming gaming community. Your support funds better gear, weekly charity streams and free coaching nights for new players.',
      profileImageUrl: null,
      coverImageUrl: null,
      creatorType: 'creator',
      followers: 12_400,
      supporterCount: 186,
      goalTitle: 'New streaming setup',
      goalAmountCents: 200_000,
      goalProgressCents: 135_000,
      socialLinks: { twitch: 'pixelpat_live', youtube: 'pixelpat', twitter: 'pixelpat' },
      achievements: achievements([true, true, true, true, false, false]),
    },
    settings: defaultSettings('pat@example.com'),
    earnedBeforeSamplesCents: 380_000,
    supports: [
      { id: 'sup-pat-01', supporterName: 'Jordan', amountCents: 500, message: 'Loved the charity stream, keep it up!', isAnonymous: false, isRecurring: false, daysAgo: 0.1 },
      { id: 'sup-pat-02', supporterName: 'Sam K.', amountCents: 2_500, message: 'Monthly bro reporting for duty.', isAnonymous: false, isRecurring: true, daysAgo: 0.6 },
      { id: 'sup-pat-03', supporterName: null, amountCents: 1_500, message: 'Your coaching night got me my first win. Thank you!', isAnonymous: true, isRecurring: false, daysAgo: 1 },
      { id: 'sup-pat-04', supporterName: 'Alex Rivera', amountCents: 5_000, message: 'For the new mic. No more robot voice!', isAnonymous: false, isRecurring: false, daysAgo: 2 },
      { id: 'sup-pat-05', supporterName: 'Taylor', amountCents: 500, message: '', isAnonymous: false, isRecurring: false, daysAgo: 3 },
      { id: 'sup-pat-06', supporterName: 'Morgan Lee', amountCents: 2_500, message: 'Happy to be part of this community.', isAnonymous: false, isRecurring: true, daysAgo: 5 },
      { id: 'sup-pat-07', supporterName: null, amountCents: 1_000, message: '', isAnonymous: true, isRecurring: false, daysAgo: 8 },
      { id: 'sup-pat-08', supporterName: 'Chris P.', amountCents: 1_500, message: 'GG! See you on Friday.', isAnonymous: false, isRecurring: false, daysAgo: 12 },
      { id: 'sup-pat-09', supporterName: 'Riley', amountCents: 300, message: 'Small but mighty.', isAnonymous: false, isRecurring: false, daysAgo: 17 },
      { id: 'sup-pat-10', supporterName: 'Casey Nguyen', amountCents: 10_000, message: 'You made lockdown bearable. This one is for the setup goal.', isAnonymous: false, isRecurring: false, daysAgo: 26 },
      { id: 'sup-pat-11', supporterName: 'Jamie', amountCents: 2_500, message: '', isAnonymous: false, isRecurring: true, daysAgo: 34 },
      { id: 'sup-pat-12', supporterName: null, amountCents: 2_000, message: 'Keep being awesome.', isAnonymous: true, isRecurring: false, daysAgo: 45 },
    ],
  },
  {
    profile: {
      username: 'mayamakesart',
      displayName: 'Maya Okafor',
      bio: 'Painter and illustrator turning neighbourhood stories into murals. Support helps me buy paint, rent wall space and run free art classes for kids.',
      profileImageUrl: null,
      coverImageUrl: null,
      creatorType: 'artist',
      followers: 4_300,
      supporterCount: 72,
      goalTitle: 'First solo exhibition',
      goalAmountCents: 500_000,
      goalProgressCents: 150_000,
      socialLinks: { instagram: 'maya.makes.art', website: 'mayaokafor.example.com', behance: 'mayaokafor' },
      achievements: achievements([true, true, true, false, false, false]),
    },
    settings: { ...defaultSettings('maya@example.com'), minimumAmountCents: 500 },
    earnedBeforeSamplesCents: 190_000,
    supports: [
      { id: 'sup-maya-01', supporterName: 'Priya', amountCents: 1_500, message: 'The river mural is stunning.', isAnonymous: false, isRecurring: false, daysAgo: 0.3 },
      { id: 'sup-maya-02', supporterName: 'Leo Martins', amountCents: 2_500, message: 'For the kids classes.', isAnonymous: false, isRecurring: true, daysAgo: 4 },
      { id: 'sup-maya-03', supporterName: null, amountCents: 5_000, message: '', isAnonymous: true, isRecurring: false, daysAgo: 9 },
      { id: 'sup-maya-04', supporterName: 'Grace', amountCents: 500, message: 'Cannot wait for the exhibition!', isAnonymous: false, isRecurring: false, daysAgo: 40 },
    ],
  },
  {
    profile: {
      username: 'greenstreets',
      displayName: 'Green Streets Collective',
      bio: 'Volunteers planting shade trees on the hottest streets of our city. Every $25 plants and waters one tree for its first year.',
      profileImageUrl: null,
      coverImageUrl: null,
      creatorType: 'nonprofit',
      followers: 2_150,
      supporterCount: 254,
      goalTitle: 'Plant 400 street trees',
      goalAmountCents: 1_000_000,
      goalProgressCents: 1_000_000,
      socialLinks: { website: 'greenstreets.example.org', facebook: 'greenstreetscollective', instagram: 'greenstreets' },
      achievements: achievements([true, true, true, true, true, false]),
    },
    settings: {
      ...defaultSettings('hello@greenstreets.example.org'),
      privacy: { ...DEFAULT_PRIVACY_SETTINGS, showEarnings: true },
    },
    earnedBeforeSamplesCents: 1_050_000,
    supports: [
      { id: 'sup-green-01', supporterName: 'Dana Whitfield', amountCents: 2_500, message: 'One more tree for Elm Street!', isAnonymous: false, isRecurring: true, daysAgo: 0.8 },
      { id: 'sup-green-02', supporterName: null, amountCents: 5_000, message: 'Thank you for cooling our block.', isAnonymous: true, isRecurring: false, daysAgo: 6 },
      { id: 'sup-green-03', supporterName: 'Omar', amountCents: 1_500, message: '', isAnonymous: false, isRecurring: false, daysAgo: 15 },
      { id: 'sup-green-04', supporterName: 'Hannah B.', amountCents: 2_500, message: 'In memory of my grandfather, who loved trees.', isAnonymous: false, isRecurring: false, daysAgo: 52 },
    ],
  },
];

/** The seeds with real ISO dates relative to `now`, and earnings totals that agree with their supports. */
export function createSampleCreators(now: Date = new Date()): SampleCreator[] {
  const nowMs = now.getTime();
  return SAMPLE_CREATOR_SEEDS.map((seed) => {
    const supports: SupportRecord[] = seed.supports.map(({ daysAgo, ...record }) => ({
      ...record,
      createdAt: new Date(nowMs - Math.round(daysAgo * DAY_MS)).toISOString(),
    }));
    const sum = (list: readonly SampleSupportSeed[]) => list.reduce((total, s) => total + s.amountCents, 0);
    return {
      profile: {
        ...seed.profile,
        socialLinks: { ...seed.profile.socialLinks },
        achievements: seed.profile.achievements.map((a) => ({ ...a })),
        totalEarnedCents: seed.earnedBeforeSamplesCents + sum(seed.supports),
        monthlyEarnedCents: sum(seed.supports.filter((s) => s.daysAgo < MONTH_DAYS)),
      },
      settings: {
        ...seed.settings,
        notifications: { ...seed.settings.notifications },
        privacy: { ...seed.settings.privacy },
      },
      supports,
    };
  });
}
