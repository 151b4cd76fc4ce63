import { describe, expect, it } from 'vitest';
import { creatorSupportEmails, supportReceiptEmail, type SupportEmailFacts } from '../receipts/support-emails';
import { goalReachedCandidate } from '../goals/goal-reached-emails';
import { payoutHeldEmail, payoutSentEmail } from '../payouts/payout-emails';
import { refundReceiptEmail } from '../refunds/refund-emails';
import { monthlyReportEmail } from '../reports/monthly-report-emails';
import {
  creatorSubscriptionPausedEmails,
  creatorSubscriptionResumedEmails,
  creatorSubscriptionChangedEmails,
  subscriptionChangedEmail,
  cardChangedEmail,
  renewalFailedEmail,
  renewalNeedsConfirmationEmail,
  subscriptionCanceledEmail,
  subscriptionLapsedEmail,
  subscriptionPausedEmail,
  subscriptionResumedEmail,
} from '../subscriptions/subscription-emails';
import { twoFactorDisabledEmail, twoFactorEnabledEmail } from '../two-factor/two-factor-emails';
import { webhookEndpointDisabledEmail } from '../webhooks/webhook-emails';
import { outboxHtml, renderEmail } from './email-template';
import type { OutgoingEmail } from './email-outbox';
import { escapeHtml, linkifyText } from './escape-html';

/** The HTML part the sender will render for a queued email. */
const htmlOf = async (email: OutgoingEmail) => (await outboxHtml({ htmlBody: null, content: email.content })) ?? '';

const EVIL = '<script>alert("x")</script> & <b>Bro</b>';
const EVIL_ESCAPED = '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;b&gt;Bro&lt;/b&gt;';
const ORIGIN = 'https://beabro.test';

describe('renderEmail', () => {
  const content = {
    heading: 'Hi <Maya> & co',
    blocks: [
      'Line one\nline two',
      { details: [['Amount', '$5.00']] as const },
      { quote: 'Keep <going>', by: 'Their message:' },
      { note: 'Test mode' },
    ],
    action: { label: 'Verify my email', url: 'https://beabro.test/verify-email?token=a&b=<c>' },
    footer: ['Small print'],
    reason: 'You are receiving this because of a test.',
    notificationSettingsUrl: 'https://beabro.test/settings?tab=notifications',
  };

  it('writes a text part that reads on its own, with every link written out', async () => {
    const { text } = await renderEmail(content);
    expect(text).toBe(
      [
        'Hi <Maya> & co',
        'Line one\nline two',
        'Amount: $5.00',
        'Their message: "Keep <going>"',
        'Test mode',
        'Verify my email: https://beabro.test/verify-email?token=a&b=<c>',
        'Small print',
        '-- \nBe a Bro\nYou are receiving this because of a test.\nTurn these emails off in your notification settings: https://beabro.test/settings?tab=notifications',
      ].join('\n\n'),
    );
  });

  it('renders the branded, table-based layout with a dark-mode block, escaping everything given', async () => {
    const { html } = await renderEmail(content);
    expect(html).toMatch(/^<!DOCTYPE html/);
    expect(html).toContain('>Be a Bro</p>');
    expect(html).toContain('role="presentation"');
    expect(html).toContain('<meta name="color-scheme" content="light dark"/>');
    expect(html).toContain('<meta name="supported-color-schemes" content="light dark"/>');
    expect(html).toMatch(
      /@media \(prefers-color-scheme: dark\) \{[^}]*\.bab-page, \.bab-page > table > tbody > tr > td \{ background-color: #0b1020 !important; \}/,
    );
    expect(html).toContain('class="bab-card"');
    expect(html).toContain('color:#4f46e5');
    expect(html).toContain('Hi &lt;Maya&gt; &amp; co');
    expect(html).toContain('Line one<br/>line two');
    expect(html).toContain('“Keep &lt;going&gt;”');
    expect(html).toContain('href="https://beabro.test/verify-email?token=a&amp;b=&lt;c&gt;"');
    expect(html).toContain('href="https://beabro.test/settings?tab=notifications"');
    expect(html).toContain('You are receiving this because of a test.');
    expect(html).not.toMatch(/<Maya>|<going>/);
  });

  it('refuses a link that is not http(s)', async () => {
    await expect(renderEmail({ ...content, action: { label: 'x', url: 'javascript:alert(1)' } })).rejects.toThrow(
      /http\(s\)/,
    );
  });
});

describe('every email uses the one layout', () => {
  const date = new Date('2027-03-01T10:00:00Z');
  const facts: SupportEmailFacts = {
    supportId: '00000000-0000-4000-8000-000000000001',
    creatorDisplayName: EVIL,
    creatorUsername: 'evil',
    amountCents: 2500,
    currency: 'usd',
    platformFeeCents: 125,
    processingFeeCents: 103,
    creatorNetCents: 2272,
    createdAt: date,
    cardBrand: 'Visa',
    cardLast4: '4242',
    message: EVIL,
    isRecurring: true,
    isRenewal: false,
    nextChargeAt: date,
    cancelUrl: `${ORIGIN}/subscriptions/cancel?token=t`,
    testMode: true,
  };
  const sub = {
    subscriptionId: 's1',
    creatorDisplayName: EVIL,
    creatorUsername: 'evil',
    amountCents: 2500,
    currency: 'usd' as const,
    cardBrand: 'Visa',
    cardLast4: '4242',
    origin: ORIGIN,
  };
  const pause = {
    creatorEmail: 'creator@example.com',
    notifyNewSupport: true,
    subscriptionId: 's1',
    supporterName: EVIL,
    isAnonymous: false,
    amountCents: 2500,
    currency: 'usd' as const,
    origin: ORIGIN,
  };
  const recipient = { userId: 'u1', email: 'me@example.com', displayName: EVIL };
  const creator = {
    creatorId: 'c1',
    email: 'creator@example.com',
    displayName: EVIL,
    username: 'evil',
    currency: 'usd' as const,
  };
  const figures = {
    supportCount: 2,
    grossCents: 3000,
    netCents: 2700,
    newSupporters: 1,
    monthlySupporters: 1,
    refundCount: 1,
    refundedCents: 500,
    refundDebitCents: 450,
  };

  const producers: Record<string, () => Promise<OutgoingEmail | OutgoingEmail[] | undefined>> = {
    'support receipt': () => supportReceiptEmail('bro@example.com', facts),
    'renewal receipt': () => supportReceiptEmail('bro@example.com', { ...facts, isRenewal: true }),
    'creator new support': () =>
      creatorSupportEmails(
        { email: 'c@example.com', notifyNewSupport: true, notifySupporterMessages: true },
        { ...facts, supporterName: EVIL, isAnonymous: false, origin: ORIGIN },
      ),
    'creator message': () =>
      creatorSupportEmails(
        { email: 'c@example.com', notifyNewSupport: false, notifySupporterMessages: true },
        { ...facts, supporterName: EVIL, isAnonymous: false, origin: ORIGIN },
      ),
    'refund receipt': () =>
      refundReceiptEmail('bro@example.com', {
        refundId: 'r1',
        supportId: 's1',
        creatorDisplayName: EVIL,
        amountCents: 500,
        currency: 'usd',
        supportAmountCents: 2500,
        refundedTotalCents: 500,
        supportCreatedAt: date,
        refundedAt: date,
        cardBrand: 'Visa',
        cardLast4: '4242',
        note: EVIL,
        subscriptionCanceled: false,
        testMode: false,
      }),
    'webhook endpoint disabled': () =>
      webhookEndpointDisabledEmail('c@example.com', {
        endpointId: 'e1',
        url: 'https://hooks.example/x',
        disabledAt: date,
        lastError: EVIL,
        settingsUrl: `${ORIGIN}/settings?tab=integrations`,
      }),
    'payout sent': () =>
      payoutSentEmail('c@example.com', {
        payoutId: 'p1',
        amountCents: 2000,
        currency: 'usd',
        weekStart: '2027-02-22',
        weekEnd: '2027-02-28',
        testMode: true,
      }),
    'payout held': () =>
      payoutHeldEmail('c@example.com', {
        creatorId: 'c1',
        weekStart: '2027-02-22',
        amountCents: 2000,
        currency: 'usd',
        reason: EVIL,
        reasonKey: 'k',
      }),
    'renewal failed': () =>
      renewalFailedEmail('bro@example.com', {
        ...sub,
        chargeId: 'ch',
        attempt: 1,
        failureMessage: EVIL,
        retryAt: date,
        cancelUrl: `${ORIGIN}/subscriptions/cancel?token=t`,
        updateCardUrl: `${ORIGIN}/subscriptions/cancel?token=t#card`,
      }),
    'card changed': () =>
      cardChangedEmail('bro@example.com', {
        ...sub,
        previousCardBrand: 'Visa',
        previousCardLast4: '4242',
        changedAt: date,
        manageUrl: `${ORIGIN}/subscriptions/cancel?token=t`,
      }),
    'renewal needs confirmation': () =>
      renewalNeedsConfirmationEmail('bro@example.com', {
        ...sub,
        chargeId: 'ch',
        attempt: 1,
        periodStart: date,
        retryAt: date,
        confirmUrl: `${ORIGIN}/subscriptions/confirm?token=t`,
        cancelUrl: `${ORIGIN}/subscriptions/cancel?token=t`,
      }),
    'subscription lapsed': () => subscriptionLapsedEmail('bro@example.com', { ...sub, failureMessage: 'declined' }),
    'subscription canceled': () => subscriptionCanceledEmail('bro@example.com', { ...sub, endsAt: date }),
    'subscription paused': () =>
      subscriptionPausedEmail('bro@example.com', {
        ...sub,
        pausedAt: date,
        resumesAt: null,
        manageUrl: `${ORIGIN}/subscriptions/cancel?token=t`,
      }),
    'subscription resumed': () =>
      subscriptionResumedEmail('bro@example.com', {
        ...sub,
        resumedAt: date,
        nextChargeAt: date,
        manageUrl: `${ORIGIN}/subscriptions/cancel?token=t`,
      }),
    'creator subscription paused': () => creatorSubscriptionPausedEmails({ ...pause, pausedAt: date, resumesAt: date }),
    'creator subscription resumed': () =>
      creatorSubscriptionResumedEmails({ ...pause, resumedAt: date, nextChargeAt: date }),
    'subscription changed': () =>
      subscriptionChangedEmail('bro@example.com', {
        ...sub,
        previousAmountCents: 1000,
        tierName: EVIL,
        previousTierName: null,
        changedAt: date,
        effectiveAt: date,
        manageUrl: `${ORIGIN}/subscriptions/cancel?token=t`,
      }),
    'creator subscription changed': () =>
      creatorSubscriptionChangedEmails({
        ...pause,
        previousAmountCents: 1000,
        tierName: EVIL,
        previousTierName: EVIL,
        changedAt: date,
        effectiveAt: null,
      }),
    'two-factor on': () => twoFactorEnabledEmail(recipient, date, ORIGIN),
    'two-factor off': () => twoFactorDisabledEmail(recipient, date, ORIGIN),
    'goal reached': async () =>
      (
        await goalReachedCandidate(
          {
            userId: 'c1',
            email: 'c@example.com',
            displayName: EVIL,
            notifyGoalReached: true,
            goalTitle: EVIL,
            goalAmountCents: 10_000,
            currency: 'usd',
            goalSetAt: date,
            goalReachedAt: null,
          },
          { amountCents: 2500, createdAt: date, supporterName: EVIL, isAnonymous: false, isRenewal: false },
          ORIGIN,
        )
      )?.email,
    'monthly report': () =>
      monthlyReportEmail(
        creator,
        {
          currency: 'usd',
          month: '2027-02',
          monthLabel: 'February 2027',
          figures,
          topSupporters: [{ name: EVIL, totalCents: 2500, supportCount: 1 }],
        },
        ORIGIN,
      ),
    'monthly report, empty month': () =>
      monthlyReportEmail(
        creator,
        {
          currency: 'usd',
          month: '2027-02',
          monthLabel: 'February 2027',
          figures: {
            ...figures,
            supportCount: 0,
            grossCents: 0,
            netCents: 0,
            newSupporters: 0,
            monthlySupporters: 0,
            refundCount: 0,
            refundedCents: 0,
            refundDebitCents: 0,
          },
          topSupporters: [],
        },
        ORIGIN,
      ),
  };

  it.each(Object.keys(producers))(
    '%s: branded HTML with the dark-mode block, escaped text and a plain-text part',
    async (name) => {
      const produced = await producers[name]?.();
      const emails = Array.isArray(produced) ? produced : [produced];
      expect(emails.length).toBeGreaterThan(0);
      for (const email of emails) {
        if (!email) throw new Error(`${name} produced no email`);
        // Queued with its content; the sender renders the HTML part from it.
        const html = await htmlOf(email);
        expect(html).toContain('>Be a Bro</p>');
        expect(html).toContain('prefers-color-scheme: dark');
        expect(html).toContain('You are receiving this email');
        expect(html).not.toContain('<script>');
        expect(html).not.toContain('<b>Bro</b>');
        if (email.text.includes(EVIL)) expect(html).toContain(EVIL_ESCAPED);
        expect(email.text).toContain('-- \nBe a Bro\nYou are receiving this email');
        expect(email.text).not.toMatch(/<(p|a|table|br)\b/);
        for (const href of html.matchAll(/href="([^"]+)"/g))
          expect(email.text).toContain((href[1] ?? '').replace(/&amp;/g, '&'));
      }
    },
  );

  it('offers pausing as well as cancelling in a monthly receipt, one-offs offer neither', async () => {
    for (const receipt of [
      await supportReceiptEmail('bro@example.com', facts),
      await supportReceiptEmail('bro@example.com', { ...facts, isRenewal: true }),
    ]) {
      const html = await htmlOf(receipt);
      expect(html).toMatch(/<a class="bab-button" href="https:\/\/beabro\.test\/subscriptions\/cancel\?token=t"/);
      expect(html).toContain(`href="${ORIGIN}/subscriptions/cancel?token=t#pause"`);
      expect(html).toContain('Pause monthly support instead</a>');
      expect(receipt.text).toContain(`Cancel monthly support: ${ORIGIN}/subscriptions/cancel?token=t`);
      expect(receipt.text).toContain(`Pause monthly support instead: ${ORIGIN}/subscriptions/cancel?token=t#pause`);
      expect(receipt.text).toContain('You can pause it for one to three months or until you resume it');
    }
    const oneOff = await supportReceiptEmail('bro@example.com', {
      ...facts,
      isRecurring: false,
      nextChargeAt: null,
      cancelUrl: null,
    });
    expect(oneOff.text).not.toMatch(/Pause|Cancel monthly/);
  });

  it('links notifications to the notification settings, and only them', async () => {
    const notice = (await creatorSubscriptionPausedEmails({ ...pause, pausedAt: date, resumesAt: null }))[0];
    if (!notice) throw new Error('no notice');
    expect(await htmlOf(notice)).toContain(`href="${ORIGIN}/settings?tab=notifications"`);
    const receipt = await supportReceiptEmail('bro@example.com', facts);
    expect(await htmlOf(receipt)).not.toContain('tab=notifications');
  });
});

describe('escapeHtml and linkifyText', () => {
  it('escapes the five HTML special characters', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });

  it('links http(s) URLs of plain text, leaving trailing punctuation and everything else escaped', () => {
    expect(linkifyText('Open https://beabro.test/x?a=1&b=2. <b>Or</b> not: javascript:alert(1)')).toBe(
      'Open <a href="https://beabro.test/x?a=1&amp;b=2">https://beabro.test/x?a=1&amp;b=2</a>. &lt;b&gt;Or&lt;/b&gt; not: javascript:alert(1)',
    );
  });
});
