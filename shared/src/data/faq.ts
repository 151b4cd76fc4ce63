// Help-centre articles (SPEC.md section 3 "FAQ item", figures from section 9).
// Answers only describe what the product really does: when a fee, date or limit changes in the
// spec, change it here too. Paragraphs inside an answer are separated by a blank line.

import type { FaqCategory, FaqItem } from '@beabro/shared/types/entities';

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
      'It is free to start: there are no setup fees and no subscription fees. We only earn when you do - a 5% platform fee on each support, so you keep 95% of it.\n\nEach support also has a card processing fee of 2.9% + $0.30, charged by our payment provider.',
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
    id: 'first-payout',
    category: 'payments',
    question: 'Why has my first payout not arrived yet?',
    answer:
      'Your first payout may be held for a 7-day verification period while we confirm your account. After that, payouts follow the normal weekly schedule every Tuesday.',
  },
  {
    id: 'payment-methods',
    category: 'payments',
    question: 'How can supporters pay?',
    answer:
      'Supporters can pay from anywhere in the world with a major credit card. Payments are processed securely by our payment provider.',
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
      'In Settings, then Notifications, you can switch four kinds of email on or off: new support, a monthly report, when a goal is reached, and messages from supporters.',
  },
  // integration
  {
    id: 'share-my-page',
    category: 'integration',
    question: 'How do I share my support page?',
    answer:
      'Your page lives at the site address followed by your username, for example /yourname. Use the Share button on your profile: on phones and tablets it opens your device\'s share menu, elsewhere it copies the link. Your dashboard also has "Copy Link" and "Share Profile" buttons.\n\nAdd the link to your social bios, video descriptions, newsletters and stream panels so your community can find it.',
  },
  {
    id: 'button-on-website',
    category: 'integration',
    question: 'Can I add a support button to my own website?',
    answer:
      'Yes. Add an ordinary link or button that points to your support page, which is your page address followed by /support (for example /yourname/support). Any website builder that lets you add a link or a button works.\n\nThere is no script or widget to install: a plain link is all you need, and it always sends people to your latest support options.',
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
      'Not directly. Social links are simple links to your accounts; we do not sign in to other platforms or read data from them. To reach your audience there, share your page link in your bios, descriptions and posts.',
  },
  // profile
  {
    id: 'change-username',
    category: 'profile',
    question: 'Can I change my username?',
    answer:
      'Yes, once every 30 days, in Settings, then Profile. Usernames are at least 3 characters and may contain lowercase letters, numbers and underscores.\n\nYour username is part of your page address, so update any links you have shared after changing it.',
  },
  {
    id: 'privacy-switches',
    category: 'profile',
    question: 'What do the privacy settings control?',
    answer:
      'In Settings, then Privacy, three switches decide what your public profile shows: "Show earnings" (off by default), "Show supporter count" (on by default) and "Allow messages" from supporters (on by default).\n\nWith earnings hidden, nothing that adds up to them is shown either: recent supports appear without their amounts, and your goal shows its title and target but not its progress. With the supporter count hidden, Discover does not rank you by it: sorted by supporters, creators who hide their count come after those who show it.',
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
  // security
  {
    id: 'password-safety',
    category: 'security',
    question: 'How is my password protected?',
    answer:
      'We never store your password itself, only a secure hash of it, so nobody at Be a Bro can read it. Passwords must be at least 8 characters; use one you do not use anywhere else.',
  },
  {
    id: 'card-details',
    category: 'security',
    question: 'Do you store my card details?',
    answer:
      'No. Card details are entered and handled by our payment provider, not by us. We only keep the card brand and the last four digits so you can recognise the card in your history.',
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
      'You can cancel at any time, with no fee: from your supporter dashboard, or with the cancel link in your receipt email. The cancellation takes effect at the end of the month you have already paid for, and you will not be charged again.',
  },
  {
    id: 'change-monthly-amount',
    category: 'recurring',
    question: 'Can I change the amount of my monthly support?',
    answer:
      'Cancel your current monthly support, then start a new one with the amount you want from the mission builder\'s support page. The old one runs until the end of the month you already paid for.',
  },
  {
    id: 'see-monthly-support',
    category: 'recurring',
    question: 'Where can I see my monthly support?',
    answer:
      'Supporters see it on their dashboard: the "Recurring Supports" figure, and a "Monthly Support Active" badge on each mission in My Missions. Mission builders see their recurring supports in the "This Month" card of their dashboard.',
  },
  // countries
  {
    id: 'creator-countries',
    category: 'countries',
    question: 'Which countries can mission builders receive payouts in?',
    answer: 'Mission builders can currently receive payouts in the United States, Canada, the United Kingdom and Australia.',
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
      'Amounts on Be a Bro are shown in US dollars ($). If your card is in another currency, your card issuer converts the amount and may add its own fee.',
  },
];
