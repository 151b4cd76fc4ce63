// Help-centre articles (docs/product-rules.md#help-centre); their figures are the product rules'.
// Answers only describe what the product really does: when a fee, date or limit changes in the
// spec, change it here too. Paragraphs inside an answer are separated by a blank line.

import type { FaqCategory, FaqItem } from '@beabro/shared/types/entities';

/**
 * How a webhook receiver checks the Beabro-Signature header (Node 18+). The API's tests run this exact
 * text against a real delivery, so the sample cannot drift from what the server sends.
 */
export const WEBHOOK_VERIFY_SNIPPET = `import { createHmac, timingSafeEqual } from 'node:crypto';

// rawBody: the request body exactly as received (a string, before JSON.parse).
// header: the Beabro-Signature header, "t=<unix seconds>,v1=<hex>".
export function verifyBeabroSignature(secret, header, rawBody, toleranceSeconds = 300) {
  const parts = Object.fromEntries(header.split(',').map((part) => part.split('=', 2)));
  const timestamp = Number(parts.t);
  if (!Number.isInteger(timestamp) || Math.abs(Date.now() / 1000 - timestamp) > toleranceSeconds) return false;
  const expected = createHmac('sha256', secret).update(\`\${timestamp}.\${rawBody}\`).digest();
  const given = Buffer.from(parts.v1 ?? '', 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}`;

export type { FaqCategory, FaqItem };

export interface FaqCategoryInfo {
  id: FaqCategory;
  label: string;
}

/** Display order of the help-centre sidebar. */
export const FAQ_CATEGORIES: readonly FaqCategoryInfo[] = [
  { id: 'general', label: 'Getting started' },
  { id: 'pricing', label: 'Pricing & fees' },
  { id: 'payments', label: 'Payments & payouts' },
  { id: 'customization', label: 'Customizing your page' },
  { id: 'integration', label: 'Sharing your page' },
  { id: 'profile', label: 'Profile & account' },
  { id: 'security', label: 'Security & privacy' },
  { id: 'recurring', label: 'Monthly support' },
  { id: 'countries', label: 'Countries' },
];

export const FAQ_ITEMS: readonly FaqItem[] = [
  // general
  {
    id: 'what-is-be-a-bro',
    category: 'general',
    question: 'What is Be a Bro?',
    answer:
      'Be a Bro is a place where people with a mission - we call them mission builders - get direct financial support from their community. Supporters (the bros) can give a one-off amount or support a mission every month.\n\nMission builders get their own public page and a support page, so anyone can back them in a few clicks.',
  },
  {
    id: 'how-to-start',
    category: 'general',
    question: 'How do I start getting supported?',
    answer:
      'Select "Be a Bro" in the header and follow the three-step setup: first your basics (display name, username, bio and what kind of creator you are), then your social links, then your support settings (minimum amount, suggested amounts, an optional goal, and the country you live in, which decides where your payouts can go). It takes about five minutes.\n\nWhen you finish, your page is live at the site address followed by your username, for example /yourname.',
  },
  {
    id: 'contact-support',
    category: 'general',
    question: 'How do I contact support?',
    answer:
      'Use the form under "Still need help?" at the bottom of the help centre: your name, your email, a topic and your message. No mail app is needed, and when you are signed in your name and email are filled in for you.\n\nYou get a confirmation email straight away, and our team replies to the address you gave, usually within 2 hours.',
  },
  {
    id: 'conversion-rate',
    category: 'general',
    question: 'How is the conversion rate on my dashboard counted?',
    answer:
      'It is the people who supported you in the period, each counted once, divided by the visits to your support page in the same period. A second support from the same person and monthly renewals are not counted again, so the rate never goes above 100%.\n\nA visitor counts once per half hour; bots, link previews and your own visits are left out. The dashboard shows the last 30 days; Analytics shows the period you choose.',
  },
  {
    id: 'account-needed-to-support',
    category: 'general',
    question: 'Do I need an account to support someone?',
    answer:
      'No. Anyone can open a public profile and its support page without signing in. The support page only asks for your email address, which we use for the payment confirmation and your receipt.\n\nCreate a free supporter account if you want to see everything you have supported in one place and manage monthly support from your dashboard.',
  },
  {
    id: 'creator-or-supporter',
    category: 'general',
    question: "What's the difference between a mission builder and a supporter account?",
    answer:
      'You choose your role when you sign up. Mission builders get a dashboard with earnings and supporters, analytics, and settings for their public page. Supporters get "My Missions", a dashboard of the missions they back, their support history and their monthly support.',
  },
  {
    id: 'terms-of-service',
    category: 'general',
    question: 'What do the terms of service say, in short?',
    answer:
      'In short: be honest about who you are and what your mission is, only ask for support for lawful activities, keep your sign-in details to yourself, and do not use the platform to mislead or harass anyone. Support is a voluntary contribution to a mission, not a purchase of goods or services.\n\nWe may suspend pages that break these rules. This is a summary, not the full legal text; if you have a question about the terms, email our support team.',
  },
  // pricing
  {
    id: 'how-much-does-it-cost',
    category: 'pricing',
    question: 'How much does Be a Bro cost?',
    answer:
      'It is free to start: there are no setup fees and no subscription fees. We only earn when you do - a 5% platform fee on each support, so you keep 95% of it.\n\nEach support also has a card processing fee of 2.9% + $0.30 (2.9% + £0.20 for mission builders paid in pounds), charged by our payment provider.',
  },
  {
    id: 'fee-example',
    category: 'pricing',
    question: 'How much of a support do I actually receive?',
    answer:
      'You receive the support amount minus the 5% platform fee and the card processing fee of 2.9% + $0.30. Each fee is rounded up to the cent.\n\nExample for a $10 support: platform fee $0.50, processing fee $0.59 ($0.29 + $0.30), so you receive $8.91. For a $25 support: platform fee $1.25, processing fee $1.03, so you receive $22.72.',
  },
  {
    id: 'who-pays-fees',
    category: 'pricing',
    question: 'Who pays the fees, the supporter or the mission builder?',
    answer:
      'Supporters pay exactly the amount they choose. Both fees are taken from that amount before it reaches the mission builder, and the support page shows the full breakdown before anyone pays.',
  },
  {
    id: 'hidden-fees',
    category: 'pricing',
    question: 'Are there any other fees?',
    answer:
      'No. The 5% platform fee and the card processing fee (2.9% + $0.30 per support) are the only fees. There are no setup fees, monthly subscription fees or fees for a creator account.',
  },
  // payments
  {
    id: 'payout-schedule',
    category: 'payments',
    question: 'When do I get paid?',
    answer:
      'Payouts are weekly. Every Tuesday we pay out the support you received in the previous week, Monday to Sunday, after fees.',
  },
  {
    id: 'payout-account',
    category: 'payments',
    question: 'How does my money reach my bank account?',
    answer:
      'Payouts go through our payment provider, Stripe, to a Stripe account of your own (see "How do I connect Stripe to get paid?"). Each support is paid into that account with our 5% platform fee taken, and Stripe pays your balance out to your bank every Tuesday. Until your account is connected you cannot receive supports.\n\nYour Dashboard shows, under Payouts, whether Stripe pays you out and anything it still needs, and each payout to your bank with its amount and the date it arrives. If your bank returns a payout (a closed account or wrong details, for example), the Dashboard says why, Stripe puts the money back on your Stripe balance, and it goes out with a later payout once you correct your bank details in Stripe.\n\nWhile a site runs in test mode, Payouts in Settings says so: supports are paid to your Be a Bro balance and there is no Stripe account to connect.',
  },
  {
    id: 'connect-stripe',
    category: 'payments',
    question: 'How do I connect Stripe to get paid?',
    answer:
      'In Settings, open Support Settings and go to Payouts. Choose your payout country and save it, then select "Connect with Stripe". Stripe opens its own pages and asks who you are (your name, date of birth, address and, depending on the country, an ID number such as the last 4 digits of your SSN, sometimes a photo of an identity document) and the bank account to pay you into. We never see your bank details. Stripe then sends you back to Settings.\n\nPayouts in Settings, and Payouts on your Dashboard, then show whether payouts are enabled, whether you can receive support, and anything Stripe still needs. "Continue with Stripe" takes you back to finish; if Stripe\'s link expired before you finished, select the button again for a new one. Stripe may ask for more later (a document, for example): payouts stop until you give it.\n\nStripe pays your balance out every Tuesday; your bank usually shows it within a few business days, and the Dashboard shows the date Stripe expects it to arrive.\n\nCountries: mission builders in the United States, Canada, the United Kingdom and Australia get a Stripe account in their country. Your supporters pay you in its currency (US dollars, Canadian dollars, pounds sterling or Australian dollars), and Stripe pays you out in it, without a conversion. Your payout country cannot change once your Stripe account is connected, because Stripe cannot move an account to another country: contact us if you move.',
  },
  {
    id: 'first-payout',
    category: 'payments',
    question: 'Why has my first payout not arrived yet?',
    answer:
      'Your first payout may be held for a 7-day verification period while we confirm your account. After that, payouts follow the normal weekly schedule every Tuesday.',
  },
  {
    id: 'refund-a-support',
    category: 'payments',
    question: 'How do I refund a support?',
    answer:
      'Open your Dashboard and find the support under Recent Support, then select "Refund". Enter the amount (it starts at everything that has not been refunded yet, and you can refund less), choose a reason, and add a note for the supporter if you like. For a monthly support you can also tick "Also cancel this monthly support now", so they are not charged again.\n\nThe money goes back to the card that paid, usually within 5 to 10 business days. The supporter gets a refund email with your note. The list then shows "Refunded" or "Partially refunded" with the amount, and the supporter sees the refund in their support history.\n\nYou can refund a support more than once, in parts, but never more than it was in total.',
  },
  {
    id: 'refund-fees',
    category: 'pricing',
    question: 'What happens to the fees when I refund a support?',
    answer:
      'We give back our 5% platform fee in proportion to what you refund. The card processing fee of 2.9% + $0.30 is kept by the card processor, as on other platforms, so it is not returned: a refund costs you that fee.\n\nExample: a $10 support paid you $8.91 (platform fee $0.50, processing fee $0.59). Refunding all $10 returns the $0.50 platform fee, so $9.50 comes off your balance and the $0.59 processing fee stays lost. Refunding $5 of it returns $0.25, so $4.75 comes off your balance. The refund dialog shows these figures before you confirm.',
  },
  {
    id: 'refund-after-payout',
    category: 'payments',
    question: 'What if I refund a support that was already paid out?',
    answer:
      'Your balance goes below zero by what the refund takes off it. Your next weekly payouts recover that first: the refund is deducted from the support you receive next, and if that is not enough, nothing is paid out that week and the rest waits for the following Tuesday.\n\nYour earnings and analytics count a refund on the day you make it, not on the day of the support, and the CSV export lists each refund as its own row with negative amounts.',
  },
  {
    id: 'payment-methods',
    category: 'payments',
    question: 'How can supporters pay?',
    answer:
      'Supporters can pay from anywhere in the world with a major credit card. Payments are processed securely by our payment provider.',
  },
  {
    id: 'replace-card',
    category: 'payments',
    question: 'How do I change the card of my monthly support, or fix a renewal that failed?',
    answer:
      'In your supporter dashboard, open My Missions and choose Replace card on the mission (Update card while a renewal is being retried), or, if you supported as a guest, open the link in your receipt email and go to "Replace your card": no sign-in needed. You type the new card in our payment provider\'s secure card field, as at checkout: the card never passes through Be a Bro, and we keep only its brand and last four digits. Nothing is charged when you replace the card (your bank may ask you to confirm it); your next renewal is charged to the new card, and you get an email confirming the change.\n\nWhen a renewal does not go through, we email you a link to update your card. Use it (it works without signing in, as long as the monthly support runs and for 30 days after it ends): the new card is charged for that month right away, your bank may ask you to confirm the payment there, and your monthly support is active again. If the new card is refused too, nothing changes: we still try again 1, 3 and 5 days after the renewal was due, and the mission builder sees it as retrying on their dashboard until then. You can replace the card up to 10 times a day.',
  },
  {
    id: 'receipts',
    category: 'payments',
    question: 'Will I get a receipt for my support?',
    answer:
      'Yes. The support page asks for your email address so we can send a payment confirmation and a receipt. For monthly support, the receipt email also contains a link to cancel.',
  },
  {
    id: 'minimum-support',
    category: 'payments',
    question: 'What is the smallest amount I can give?',
    answer:
      'Each mission builder sets a minimum support amount between $1 and $100; it is $3 unless they change it. You can pick one of the suggested amounts or enter your own.',
  },
  // customization
  {
    id: 'set-minimum-amount',
    category: 'customization',
    question: 'How do I set my minimum support amount?',
    answer:
      'Go to Settings, then Support Settings, and enter an amount between $1 and $100. New pages start with a minimum of $3. Select "Save Changes" to apply it.',
  },
  {
    id: 'suggested-amounts',
    category: 'customization',
    question: 'What are suggested amounts and how do I change them?',
    answer:
      'Suggested amounts are the four quick support options your community can choose from on your support page. They start at $5, $15, $25 and $50. You can change each of them (minimum $1) during setup or later in Settings, then Support Settings.',
  },
  {
    id: 'funding-goal',
    category: 'customization',
    question: 'How do I add a funding goal?',
    answer:
      'Give your goal a title and an amount in the last step of setup, or later in Settings, then Support Settings. Your profile then shows its title and target, how many people support your mission (if you show your supporter count) and, if you show your earnings, a progress bar with the percentage reached: progress would reveal what you raised, so it stays hidden with your earnings. Both fields are optional.',
  },
  {
    id: 'edit-profile-content',
    category: 'customization',
    question: 'Can I change my bio, photo and social links later?',
    answer:
      'Yes. Go to Settings, then Profile, to change your profile image, display name, bio (up to 200 characters) and social links.',
  },
  {
    id: 'notification-emails',
    category: 'customization',
    question: 'Which emails will I receive?',
    answer:
      'Mission builders: in Settings, then Notifications, you can switch four kinds of email on or off: new support, a monthly report, when a goal is reached, and messages from supporters.\n\nSupporters get a receipt for every support, emails about their monthly supports (renewals, a card that needs attention, pausing, resuming and cancelling) and security emails. These are always sent, so a supporter\'s Notifications tab has nothing to switch off.',
  },
  // integration
  {
    id: 'share-my-page',
    category: 'integration',
    question: 'How do I share my support page?',
    answer:
      'Your page lives at the site address followed by your username, for example /yourname. Use the Share button on your profile: on phones and tablets it opens your device\'s share menu, elsewhere it copies the link. On your dashboard, in "Share Your Page", "Copy Link" copies the link, and "Share Profile" opens your phone\'s share menu or, on a computer, a menu to copy the link, post it on X, Facebook or WhatsApp, send it by email, or get a QR code of your page. Download the QR code as PNG for screens or as SVG for print (posters, flyers, stickers): scanning it opens your page.\n\nAdd the link to your social bios, video descriptions, newsletters and stream panels so your community can find it.',
  },
  {
    id: 'button-on-website',
    category: 'integration',
    question: 'Can I add a support button to my own website?',
    answer:
      'Yes. On your dashboard, in "Share Your Page", choose "Add to your website". Pick the button\'s text, colour and position (in the text where you paste it, or floating in the bottom-right or bottom-left corner), watch the preview, then copy the button code and paste it into your site\'s HTML. Visitors click the button and support you in a window on top of your site, without leaving it.\n\nIf your site does not allow scripts, copy the plain link instead: it opens your support page (your page address followed by /support) in a new tab.',
  },
  {
    id: 'embed-support-button',
    category: 'integration',
    question: 'How does the embedded support button work?',
    answer:
      'The button code is one script tag that loads /embed.js from Be a Bro. It draws the button with the options in its data- attributes (data-username, data-text, data-color as #rrggbb, data-position as inline, bottom-right or bottom-left) and, on a click, opens your checkout in a dialog on top of the page. Visitors pay there as guests, see their receipt, and close the dialog with its Close button or the Escape key; keyboard focus stays inside the dialog while it is open and goes back to the button afterwards.\n\nIf your website sends a Content-Security-Policy, add the Be a Bro address to its script-src and frame-src; nothing else is needed (the button sets its styles without a style sheet). Only your checkout can be shown inside other websites: every other Be a Bro page refuses to be framed.\n\nFor developers: after a successful support, the button sends a "beabro:support" event (it bubbles up to the document) whose detail holds username, supportId, amountCents, currency ("USD") and type ("one-time" or "monthly"), so your site can thank the supporter too. No email address or card details are shared with your site.',
  },
  {
    id: 'social-links',
    category: 'integration',
    question: 'Which social links can I show on my profile?',
    answer:
      'You can add your website, YouTube, Instagram, Twitter, LinkedIn, TikTok, Twitch, GitHub, Behance, SoundCloud and Facebook, during setup or later in Settings, then Profile. Each link opens the matching site in a new tab from your profile.',
  },
  {
    id: 'platform-connections',
    category: 'integration',
    question: 'Does Be a Bro connect to YouTube, Twitch or other platforms?',
    answer:
      'Not directly. Social links are simple links to your accounts; we do not sign in to other platforms or read data from them. To reach your audience there, share your page link in your bios, descriptions and posts.\n\nTo connect your own tools (a Discord bot, Zapier, a spreadsheet), use webhooks: see "How do webhooks work?".',
  },
  {
    id: 'webhooks',
    category: 'integration',
    question: 'How do webhooks work?',
    answer:
      'Webhooks tell your own server, the moment it happens, about a new support (one-off, first month or renewal), a refund, a monthly support that starts, could not be renewed and will be retried, is paused, runs again, changes its amount, tier or card (subscription.updated) or is cancelled, a weekly payout, and a post you publish (post.published, sent once at its first publish; a post for supporters is sent without its body). Mission builders add them in Settings, then Integrations: enter an https:// address, choose the events, and copy the signing secret shown once (you can rotate it later; the old one stops working at once).\n\nWe POST each event as JSON: its id, type, createdAt and data (ids, amounts in cents with the mission builder\'s currency: "usd", "cad", "gbp" or "aud", and times). Supporters who chose to stay anonymous are sent without a name. Answer with any 2xx status within 10 seconds. Otherwise we try again with growing waits (30 seconds, 2 minutes, 8 minutes and so on, up to every 12 hours) for 3 days, always with the same event id, so you can ignore repeats. Redirects are not followed, and only public internet addresses can receive webhooks.\n\nThe delivery log under each endpoint shows every event with its status and your server\'s response code; "Send test event" sends a webhook.test event to try it. An endpoint that keeps failing for 3 days is turned off and we email you: fix it, then select "Turn back on" and the waiting events are sent again.',
  },
  {
    id: 'webhook-signatures',
    category: 'integration',
    question: 'How do I check that a webhook really comes from Be a Bro?',
    answer:
      'Every delivery carries a Beabro-Signature header like t=1795500000,v1=5f2c... and a Beabro-Event-Id header. v1 is the HMAC-SHA256, keyed with your endpoint\'s signing secret, of the timestamp t, a dot, and the raw request body. Compute it yourself over the body exactly as received (before parsing the JSON), compare the two in constant time, and refuse a timestamp more than 5 minutes away from your clock, so an old delivery cannot be replayed.\n\nIn Node.js:',
    code: WEBHOOK_VERIFY_SNIPPET,
  },
  // profile
  {
    id: 'change-username',
    category: 'profile',
    question: 'Can I change my username?',
    answer:
      'Yes, once every 30 days, in Settings, then Profile. Usernames are at least 3 characters and may contain lowercase letters, numbers and underscores.\n\nYour username is part of your page address. Links to your old address keep working after a change: your old page, support page, QR codes and embedded support buttons lead to the new address. Your old username stays yours for as long as you have your account, so nobody else can take it, and you can change back to it. Update the links you control when you can, so visitors go straight to the new address.',
  },
  {
    id: 'privacy-switches',
    category: 'profile',
    question: 'What do the privacy settings control?',
    answer:
      'In Settings, then Privacy, three switches decide what your public profile shows: "Show earnings" (off by default), "Show supporter count" (on by default) and "Allow messages" from supporters (on by default).\n\nWith earnings hidden, nothing that adds up to them is shown either: recent supports appear without their amounts, and your goal shows its title and target but not its progress. Setting up your page, you can turn "Show earnings" on right under the funding goal, so the goal shows its progress from the start. With the supporter count hidden, Discover does not rank you by it: sorted by supporters, creators who hide their count come after those who show it.',
  },
  {
    id: 'change-display-name',
    category: 'profile',
    question: 'How do I change the name creators see when I support them?',
    answer:
      'Go to Settings, then Profile, change your display name and select Save Changes. Checkout fills it in for you, and creators see it when you support them without typing another name. Supporting anonymously always hides it. Mission builders change the name on their page in the same place.',
  },
  {
    id: 'change-email-password',
    category: 'profile',
    question: 'How do I change my email address or password?',
    answer:
      'Go to Settings, then Account. Your email address is shown there, and the change-password form asks for your current password and a new one of at least 8 characters.',
  },
  {
    id: 'delete-account',
    category: 'profile',
    question: 'How do I delete my account?',
    answer:
      'Go to Settings, then Account, and use "Delete account" in the Danger Zone. You will be asked to confirm before anything is deleted, and you can cancel at that step.',
  },
  {
    id: 'supporter-wall',
    category: 'profile',
    question: 'What is the supporter wall, and how do I get on it or off it?',
    answer:
      'The supporter wall on a creator\'s page lists the supporters who chose to appear there: their name and the tier they chose, newest first. When you support, tick "Show me on the supporter wall" (it is off unless you tick it) and give the name to show. Anonymous supporters never appear on the wall.\n\nTo leave a wall, open My Missions in your supporter dashboard and choose "Leave the wall" on that mission; supporting again with the box ticked puts you back. Mission builders see who is on their wall in the Recent Support list of their dashboard, and can hide anyone from it ("Hide from wall") or show them again.',
  },
  {
    id: 'posts',
    category: 'profile',
    question: 'How do posts work?',
    answer:
      'Mission builders write posts from their dashboard: open Posts, then New post. A post has a title and a text with simple formatting (bold, links, lists, quotes and headings; add pictures with the Add image button), and you choose who can read it: everyone, all supporters, monthly supporters, or supporters of a tier and above (whose support is at least that tier\'s amount). Save draft keeps it to yourself; Publish puts it on your page. You can edit or delete a post later, and pin one to the top of your page.\n\nEarly access: for a post only supporters can read, choose a number of days (1 to 30). Supporters read it first, and everyone can read it that many days after it was published.\n\nWho can read: a one-off support counts unless it was refunded; a monthly support counts for the months that are paid, so after cancelling, or a renewal that failed, reading ends when the paid month does. Everyone else sees the title, the date and who can read it, with a button to support. Supporters find posts on the creator\'s page and in the Posts tab of My Missions.\n\nEmails: when a post is published, each supporter who can read it gets it once by email, including guests who supported with their email address. To stop them for one creator, use the unsubscribe link at the bottom of the email (no sign-in needed). To stop them for every creator, turn off "New posts from creators I support" in Settings, then Notifications.',
  },
  {
    id: 'delivered-perks',
    category: 'profile',
    question: 'Which perks does Be a Bro deliver for me, and which are mine to keep?',
    answer:
      'New pages start with four tiers that promise only what Be a Bro delivers by itself: a thank-you and a receipt by email (every month for a monthly tier), the supporter\'s name on your supporter wall if they choose it, and, for monthly tiers, pausing or cancelling anytime from My Missions.\n\nIn Settings, then Support Settings, each perk of a tier is marked "Delivered by Be a Bro" or "Yours to deliver". You can add any perk you like, such as updates or shout-outs: those are promises you keep yourself, so only offer what you will deliver.',
  },
  // security
  {
    id: 'password-safety',
    category: 'security',
    question: 'How is my password protected?',
    answer:
      'We never store your password itself, only a secure hash of it, so nobody at Be a Bro can read it. Passwords must be at least 8 characters; use one you do not use anywhere else.',
  },
  {
    id: 'forgot-password',
    category: 'security',
    question: 'I forgot my password. How do I get back in?',
    answer:
      'On the sign-in page, select "Forgot password?", enter the email of your account and choose "Send reset link". We email a link to that address if it belongs to an account (the page says the same either way, so nobody can use it to find out who has an account). Check your spam folder if nothing arrives within a few minutes; you can ask for a few links an hour.\n\nThe link works once, for 30 minutes. It opens a page where you choose a new password of at least 8 characters. Choosing it signs you out on every device, and we email you to confirm. Then sign in with the new password. If two-factor authentication is on, it stays on: signing in still asks for the code from your app, or one of your recovery codes.\n\nNo longer have access to your email address? Email our support team.',
  },
  {
    id: 'two-factor-sign-in',
    category: 'security',
    question: 'How do I turn on two-factor authentication?',
    answer:
      'Two-factor authentication asks for a 6-digit code from an app on your phone after your password, so someone who learns your password still cannot sign in. We recommend it to everyone who receives support.\n\nGo to Settings, then Account, and choose "Set Up Two-Factor Authentication". Scan the QR code with an authenticator app (such as Google Authenticator, 1Password or Authy), or type the key shown under it into the app. Enter your password and the code the app shows, then "Turn On". Every other device you were signed in on is signed out, and we email you to confirm.\n\nFrom then on, signing in asks for the code after your password. Each code works once and changes every 30 seconds. To turn it off, go back to Settings, Account, choose "Turn Off" and enter your password and a code (we email you then too).',
  },
  {
    id: 'recovery-codes',
    category: 'security',
    question: 'What are recovery codes, and what if I lose my phone?',
    answer:
      'When you turn on two-factor authentication you get ten recovery codes, shown only once: copy them, download them or write them down, and keep them somewhere safe (not only on your phone). We keep only a scrambled version we cannot read back.\n\nIf you lose your phone or cannot use your authenticator app, enter a recovery code instead of the 6-digit code when you sign in. Each recovery code works once. Settings, Account shows how many are left; "New Recovery Codes" (with your password and a code) replaces them all with ten new ones.\n\nSigned in with a recovery code because your phone is gone? Turn two-factor authentication off with your password and another recovery code, then set it up again on your new phone. If you have no recovery codes left either, email our support team.',
  },
  {
    id: 'card-details',
    category: 'security',
    question: 'Do you store my card details?',
    answer:
      'No. Card details are entered and handled by our payment provider, not by us, at checkout and when you replace the card of a monthly support. We only keep the card brand and the last four digits so you can recognise the card in your history.',
  },
  {
    id: 'support-anonymously',
    category: 'security',
    question: 'Can I support someone anonymously?',
    answer:
      'Yes. Tick the anonymous option on the support page and your name is shown as "Anonymous" on the mission builder\'s page. We still need your email address to send the receipt.',
  },
  {
    id: 'privacy-policy',
    category: 'security',
    question: 'What does the privacy policy say, in short?',
    answer:
      'We collect what we need to run the service: your account details (name, email, username), what you publish on your page, records of the support you give or receive, and the card brand and last four digits of cards used. We use them to process support, send receipts and the emails you choose, and keep the platform safe.\n\nWe do not sell your personal data. You control what your public profile shows with the privacy switches in Settings, and you can delete your account at any time.',
  },
  {
    id: 'cookie-policy',
    category: 'security',
    question: 'Which cookies do you use?',
    answer:
      'We only use cookies and similar browser storage that the site needs to work, such as keeping you signed in. We do not use advertising cookies.',
  },
  // recurring
  {
    id: 'how-monthly-works',
    category: 'recurring',
    question: 'How does monthly support work?',
    answer:
      'On the support page, choose an amount and tick the monthly option. The same amount is then charged every month until you cancel, and the button shows "/month" so you always know what you are signing up for.',
  },
  {
    id: 'cancel-monthly',
    category: 'recurring',
    question: 'How do I cancel monthly support?',
    answer:
      'You can cancel at any time, with no fee: from your supporter dashboard, or with the cancel link in your receipt email. The cancellation takes effect at the end of the month you have already paid for, and you will not be charged again. The link in your receipts works as long as your monthly support runs (paused too), and for 30 days after it ends; after that, sign in or use the link in your newest receipt.',
  },
  {
    id: 'pause-monthly',
    category: 'recurring',
    question: 'Can I pause my monthly support instead of cancelling it?',
    answer:
      'Yes. In your supporter dashboard, open My Missions and choose Pause on the mission, or, if you supported as a guest, select "Pause monthly support instead" in your receipt email (under "Cancel monthly support"): it opens the pause choices, no sign-in needed. Pause for 1, 2 or 3 months, or until you resume it. Nothing is charged while it is paused, and the month you already paid for still counts. A pause for a set number of months ends by itself: the card shows "Paused until" that date, and the next charge happens that day. You can choose Resume at any time: resumed within the month you already paid for, the next charge is at its end; resumed later, the month you resume in is charged that day, and then monthly as before. A month is never charged twice. A paused support can also be cancelled. The mission builder sees it as paused on their dashboard and gets an email if they receive new-support notifications (a few minutes later: a pause you undo straight away is not emailed to them). You can pause or resume it up to 6 times a day.',
  },
  {
    id: 'change-monthly-amount',
    category: 'recurring',
    question: 'Can I change the amount of my monthly support?',
    answer:
      'Yes. In your supporter dashboard, open My Missions and choose Change amount on the mission, or use the link in your receipt email if you supported as a guest. Pick one of the mission builder\'s support options or type another amount in whole dollars (at least their minimum). The month you already paid for does not change: the new amount is charged from your next renewal, and the form tells you that date (for a paused support, from when it resumes). You get an email confirming the change, and the mission builder is told too if they receive new-support notifications. A monthly support whose last renewal is being retried, or one that is cancelled, cannot be changed. You can change it up to 10 times a day.',
  },
  {
    id: 'see-monthly-support',
    category: 'recurring',
    question: 'Where can I see my monthly support?',
    answer:
      'Supporters see it on their dashboard: the "Recurring Supports" figure, and a "Monthly Support Active" badge on each mission in My Missions. A paused one shows "Paused until" its date, or "Paused". One whose renewal did not go through shows "Retrying" and the date of the next try (we try again 1, 3 and 5 days after it was due and email you each time; it stops if every try fails): choose Update card, or the link in the email, to pay with another card right away. Mission builders see their recurring supports, the paused ones apart, and any renewals being retried, in the "This Month" card of their dashboard.',
  },
  // countries
  {
    id: 'creator-countries',
    category: 'countries',
    question: 'Which countries can mission builders receive payouts in?',
    answer:
      'Mission builders can currently receive payouts in the United States, Canada, the United Kingdom and Australia. Your supporters pay you in your country\'s currency, and your payouts are in it too (see "How do I connect Stripe to get paid?").',
  },
  {
    id: 'supporter-countries',
    category: 'countries',
    question: 'Can people outside those countries support me?',
    answer: 'Yes. Supporters can pay from anywhere in the world with a major credit card.',
  },
  {
    id: 'country-not-listed',
    category: 'countries',
    question: 'My country is not listed. Can I still use Be a Bro?',
    answer:
      'You can support any mission from anywhere. To receive support as a mission builder you need to be based in the United States, Canada, the United Kingdom or Australia for now.',
  },
  {
    id: 'currency',
    category: 'countries',
    question: 'Which currency are amounts shown in?',
    answer:
      'Each mission builder is supported in the currency of their payout country: US dollars in the United States, Canadian dollars in Canada, pounds sterling in the United Kingdom and Australian dollars in Australia (US dollars elsewhere). Their page and support page show amounts in it, and your receipt says what you paid. If your card is in another currency, your card issuer converts the amount and may add its own fee.',
  },
];
