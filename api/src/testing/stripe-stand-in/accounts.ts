import { randomBytes } from 'node:crypto';
import type Stripe from 'stripe';
import { currencyOfCountry, readCurrency } from './currencies';
import { fromFixture } from './fixtures';
import { rejectUnknownParams, type ParamReader, type ParamShape } from './form-params';
import { invalidRequest } from './stand-in-error';
import { list, randomId, type ApiRequest, type StandInState } from './stand-in-state';

/*
 * Connected accounts with Stripe's controller properties, onboarding links, and what Stripe does to an account on its
 * own (onboarding finished, more information required, automatic payouts).
 */

/** Countries where Stripe offers connected accounts (the stand-in checks the code, not country rules). */
const accountCountries = new Set(
  'AE AT AU BE BG BR CA CH CY CZ DE DK EE ES FI FR GB GI GR HK HR HU IE IT JP LI LT LU LV MT MX MY NL NO NZ PL PT RO SE SG SI SK TH US'.split(
    ' ',
  ),
);
const newAccountRequirements = [
  'business_profile.mcc',
  'business_profile.url',
  'business_type',
  'external_account',
  'tos_acceptance.date',
  'tos_acceptance.ip',
];

export function accountsResource(state: StandInState) {
  /** 403 when the account is the object asked for, 400 when a parameter names it. */
  function getAccount(id: string, param = 'account', status: 400 | 403 = 403): Stripe.Account {
    const account = state.accounts.get(id);
    if (!account) {
      // Stripe's answer for an account the platform does not control.
      throw invalidRequest(
        `The provided key does not have access to account '${id}' (or that account does not exist). Application access may have been revoked.`,
        { param, code: 'account_invalid', status },
      );
    }
    return account;
  }

  function payoutSchedule(read: ParamReader, current?: Stripe.Account.Settings.Payouts.Schedule) {
    const interval = read.oneOf('settings.payouts.schedule.interval', [
      'manual',
      'daily',
      'weekly',
      'monthly',
    ] as const);
    const weeklyAnchor = read.oneOf('settings.payouts.schedule.weekly_anchor', [
      'monday',
      'tuesday',
      'wednesday',
      'thursday',
      'friday',
      'saturday',
      'sunday',
    ] as const);
    const delayDays = read.string('settings.payouts.schedule.delay_days');
    const schedule: Stripe.Account.Settings.Payouts.Schedule = {
      ...(current ?? { delay_days: 2, interval: 'daily' }),
      ...(interval ? { interval } : {}),
    };
    if (schedule.interval === 'weekly') {
      const anchor = weeklyAnchor ?? schedule.weekly_anchor;
      if (!anchor) {
        throw invalidRequest('Missing required param: settings[payouts][schedule][weekly_anchor].', {
          param: 'settings[payouts][schedule][weekly_anchor]',
          code: 'parameter_missing',
        });
      }
      schedule.weekly_anchor = anchor;
    } else {
      delete schedule.weekly_anchor;
    }
    if (delayDays !== undefined) {
      schedule.delay_days =
        delayDays === 'minimum' ? 2 : read.integer('settings.payouts.schedule.delay_days', { min: 2 })!;
    }
    return schedule;
  }

  const accountShape: ParamShape = {
    type: true,
    controller: {
      fees: { payer: true },
      losses: { payments: true },
      requirement_collection: true,
      stripe_dashboard: { type: true },
    },
    country: true,
    email: true,
    business_type: true,
    default_currency: true,
    capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
    business_profile: { url: true, mcc: true, name: true, product_description: true },
    settings: { payouts: { schedule: { interval: true, weekly_anchor: true, delay_days: true } } },
    tos_acceptance: { service_agreement: true },
    metadata: 'map',
    expand: 'list',
  };

  function createAccount({ params, read }: ApiRequest) {
    rejectUnknownParams(params, accountShape);
    const type = read.oneOf('type', ['standard', 'express', 'custom'] as const);
    if (type && read.has('controller')) {
      throw invalidRequest('You cannot specify both `type` and `controller`.', { param: 'type' });
    }
    const feesPayer = read.oneOf('controller.fees.payer', ['account', 'application'] as const);
    const losses = read.oneOf('controller.losses.payments', ['stripe', 'application'] as const);
    const dashboard = read.oneOf('controller.stripe_dashboard.type', ['full', 'express', 'none'] as const);
    const collection = read.oneOf('controller.requirement_collection', ['stripe', 'application'] as const);
    const controller = {
      fees: { payer: feesPayer ?? (type && type !== 'standard' ? 'application' : 'account') },
      losses: { payments: losses ?? (type && type !== 'standard' ? 'application' : 'stripe') },
      stripe_dashboard: { type: dashboard ?? (type === 'express' ? 'express' : type === 'custom' ? 'none' : 'full') },
      requirement_collection: collection ?? (type === 'custom' ? 'application' : 'stripe'),
    };
    // Stripe's combinations: the platform collects fees only if it also bears losses; the Express dashboard and
    // requirement collection by the platform need the platform to pay fees and bear losses.
    if (controller.fees.payer === 'application' && controller.losses.payments !== 'application') {
      throw invalidRequest(
        '`controller[losses][payments]` must be `application` when `controller[fees][payer]` is `application`.',
        {
          param: 'controller[losses][payments]',
        },
      );
    }
    if (
      controller.stripe_dashboard.type === 'express' &&
      (controller.fees.payer !== 'application' || controller.losses.payments !== 'application')
    ) {
      throw invalidRequest(
        'Accounts with `controller[stripe_dashboard][type]=express` need `controller[fees][payer]=application` and `controller[losses][payments]=application`.',
        { param: 'controller[stripe_dashboard][type]' },
      );
    }
    if (controller.requirement_collection === 'application' && controller.stripe_dashboard.type !== 'none') {
      throw invalidRequest(
        '`controller[requirement_collection]=application` requires `controller[stripe_dashboard][type]=none`.',
        {
          param: 'controller[requirement_collection]',
        },
      );
    }
    const country = (read.string('country') ?? 'US').toUpperCase();
    if (!accountCountries.has(country)) {
      throw invalidRequest(
        `Country '${country}' is unknown. Try using a 2-character alphanumeric country code instead, such as 'US', 'EG', or 'GB'.`,
        { param: 'country' },
      );
    }
    const agreement = read.oneOf('tos_acceptance.service_agreement', ['full', 'recipient'] as const) ?? 'full';
    const cardPayments = read.boolean('capabilities.card_payments.requested') ?? false;
    const transfersRequested = read.boolean('capabilities.transfers.requested') ?? false;
    if (agreement === 'recipient' && cardPayments) {
      throw invalidRequest(
        'Accounts under the `recipient` service agreement cannot request the `card_payments` capability.',
        {
          param: 'capabilities[card_payments]',
        },
      );
    }
    const sample = fromFixture<Stripe.Account>('account', {});
    const id = randomId('acct', 16);
    const accountType =
      controller.stripe_dashboard.type === 'full'
        ? 'standard'
        : controller.stripe_dashboard.type === 'express'
          ? 'express'
          : 'custom';
    const account = fromFixture<Stripe.Account>('account', {
      id,
      type: accountType,
      controller: {
        fees: controller.fees,
        is_controller: true,
        losses: controller.losses,
        requirement_collection: controller.requirement_collection,
        stripe_dashboard: controller.stripe_dashboard,
        type: 'application',
      } as Stripe.Account.Controller,
      country,
      created: state.now(),
      // What the account settles and is paid out in: the country's currency unless the platform names another.
      default_currency: readCurrency(read.string('default_currency') ?? currencyOfCountry(country), 'default_currency'),
      email: read.string('email') ?? null,
      business_type: (read.oneOf('business_type', [
        'individual',
        'company',
        'non_profit',
        'government_entity',
      ] as const) ?? null) as Stripe.Account.BusinessType | null,
      business_profile: {
        ...sample.business_profile!,
        url: read.string('business_profile.url') ?? null,
        mcc: read.string('business_profile.mcc') ?? null,
        name: read.string('business_profile.name') ?? null,
        product_description: read.string('business_profile.product_description') ?? null,
      },
      capabilities: {
        ...(cardPayments ? { card_payments: 'inactive' as const } : {}),
        ...(transfersRequested ? { transfers: 'inactive' as const } : {}),
      },
      charges_enabled: false,
      payouts_enabled: false,
      details_submitted: false,
      external_accounts: list([], `/v1/accounts/${id}/external_accounts`) as Stripe.Account['external_accounts'],
      metadata: read.metadata() ?? {},
      requirements: {
        ...sample.requirements!,
        currently_due: [...newAccountRequirements],
        eventually_due: [...newAccountRequirements],
        past_due: [...newAccountRequirements],
        disabled_reason: 'requirements.past_due',
      },
      settings: {
        ...sample.settings!,
        payouts: { ...sample.settings!.payouts!, schedule: payoutSchedule(read) },
      },
      tos_acceptance: { date: null, ip: null, user_agent: null, service_agreement: agreement },
    });
    state.accounts.set(id, account);
    return account;
  }

  function updateAccount({ params, read, ids }: ApiRequest) {
    rejectUnknownParams(params, {
      business_profile: { url: true, mcc: true, name: true, product_description: true },
      settings: { payouts: { schedule: { interval: true, weekly_anchor: true, delay_days: true } } },
      metadata: 'map',
      email: true,
      expand: 'list',
    });
    const account = getAccount(ids[0]!);
    const previous: Record<string, unknown> = {};
    if (read.has('settings')) {
      previous.settings = { payouts: { schedule: structuredClone(account.settings!.payouts!.schedule) } };
      account.settings!.payouts!.schedule = payoutSchedule(read, account.settings!.payouts!.schedule);
    }
    for (const field of ['url', 'mcc', 'name', 'product_description'] as const) {
      const value = read.string(`business_profile.${field}`);
      if (value !== undefined) account.business_profile![field] = value;
    }
    const email = read.string('email');
    if (email) account.email = email;
    const metadata = read.metadata();
    if (metadata) account.metadata = { ...account.metadata, ...metadata };
    state.emit('account.updated', account, { previous, account: account.id });
    return account;
  }

  function createAccountLink({ params, read }: ApiRequest) {
    rejectUnknownParams(params, {
      account: true,
      refresh_url: true,
      return_url: true,
      type: true,
      collect: true,
      collection_options: { fields: true, future_requirements: true },
    });
    const accountId = read.string('account', { required: true });
    getAccount(accountId, 'account', 400);
    const type = read.oneOf('type', ['account_onboarding', 'account_update'] as const, { required: true });
    const account = state.accounts.get(accountId)!;
    if (type === 'account_update' && account.controller?.requirement_collection !== 'application') {
      throw invalidRequest(
        'You cannot create `account_update` type Account Links for accounts where Stripe collects requirements.',
        {
          param: 'type',
        },
      );
    }
    const refreshUrl = read.string('refresh_url', { required: true });
    const returnUrl = read.string('return_url', { required: true });
    for (const [param, value] of [
      ['refresh_url', refreshUrl],
      ['return_url', returnUrl],
    ] as const) {
      if (!/^https?:\/\//.test(value)) throw invalidRequest(`Not a valid URL`, { param });
    }
    const token = randomBytes(12).toString('hex');
    const created = state.now();
    // Stripe's account links are single-use and expire after a few minutes.
    state.accountLinks.set(token, { account: accountId, refreshUrl, returnUrl, expiresAt: created + 300, used: false });
    return fromFixture<Stripe.AccountLink>('account_link', {
      created,
      expires_at: created + 300,
      url: `${state.baseUrl}/stand-in/connect/onboarding/${token}`,
    });
  }

  function completeOnboarding(accountId: string): Stripe.Account {
    const account = getAccount(accountId);
    const previous = {
      charges_enabled: account.charges_enabled,
      payouts_enabled: account.payouts_enabled,
      details_submitted: account.details_submitted,
      capabilities: { ...account.capabilities },
      requirements: structuredClone(account.requirements),
    };
    for (const capability of Object.keys(account.capabilities ?? {}) as (keyof Stripe.Account.Capabilities)[]) {
      account.capabilities![capability] = 'active';
    }
    account.details_submitted = true;
    account.charges_enabled = account.capabilities?.card_payments === 'active';
    account.payouts_enabled = true;
    account.business_type ??= 'individual';
    account.tos_acceptance = { ...account.tos_acceptance, date: state.now(), ip: '127.0.0.1', user_agent: 'stand-in' };
    account.requirements = {
      ...account.requirements!,
      currently_due: [],
      eventually_due: [],
      past_due: [],
      disabled_reason: null,
    };
    account.external_accounts!.data = [
      {
        id: randomId('ba'),
        object: 'bank_account',
        account: account.id,
        account_holder_name: null,
        account_holder_type: 'individual',
        account_type: null,
        available_payout_methods: ['standard'],
        bank_name: 'STRIPE TEST BANK',
        country: account.country!,
        currency: account.default_currency!,
        default_for_currency: true,
        fingerprint: randomBytes(8).toString('hex'),
        last4: '6789',
        metadata: {},
        routing_number: '110000000',
        status: 'new',
      } as Stripe.BankAccount,
    ];
    state.emit('account.updated', account, { previous, account: account.id });
    return account;
  }

  function requireInformation(accountId: string, fields: string[]): Stripe.Account {
    const account = getAccount(accountId);
    const previous = { payouts_enabled: account.payouts_enabled, requirements: structuredClone(account.requirements) };
    account.payouts_enabled = false;
    account.requirements = {
      ...account.requirements!,
      currently_due: [...fields],
      eventually_due: [...fields],
      past_due: [...fields],
      disabled_reason: 'requirements.past_due',
    };
    state.emit('account.updated', account, { previous, account: account.id });
    return account;
  }

  const failureMessages: Record<string, string> = {
    account_closed: 'The bank account has been closed.',
    no_account:
      'The bank account details on file are probably incorrect. No bank account could be located with those details.',
    could_not_process: 'The bank could not process this payout.',
  };

  /** The payout fails: the money comes back to the account's balance, as on Stripe, and payout.failed is sent. */
  function fail(payout: Stripe.Payout, accountId: string, failureCode: string) {
    const previous = payout.status;
    payout.status = 'failed';
    payout.failure_code = failureCode;
    payout.failure_message = failureMessages[failureCode] ?? null;
    payout.failure_balance_transaction = state.balanceTransaction(
      payout.amount,
      0,
      'payout_failure',
      payout.id,
      payout.currency,
      { account: accountId },
    ).id;
    state.emit('payout.failed', payout, { previous: { status: previous }, account: accountId });
  }

  /**
   * The bank returns a payout Stripe already reported paid (it does so within a few days): payout.failed follows
   * payout.paid, the later event of the two.
   */
  function failPaidPayout(payoutId: string, failureCode = 'account_closed'): Stripe.Payout {
    const payout = state.payouts.get(payoutId);
    if (!payout) throw new Error(`The stand-in has no payout ${payoutId}`);
    if (payout.status !== 'paid') throw new Error(`Payout ${payoutId} is ${payout.status}, not paid`);
    const accountId = state.balanceOwners.get(payout.balance_transaction as string);
    if (!accountId) throw new Error(`Payout ${payoutId} belongs to no connected account`);
    fail(payout, accountId, failureCode);
    return payout;
  }

  /**
   * Stripe cancels a payout before it reaches the bank: the money comes back to the account's balance (a
   * `payout_cancel` balance transaction) and payout.canceled is sent.
   */
  function cancel(payout: Stripe.Payout, accountId: string) {
    const previous = payout.status;
    payout.status = 'canceled';
    state.balanceTransaction(payout.amount, 0, 'payout_cancel', payout.id, payout.currency, { account: accountId });
    state.emit('payout.canceled', payout, { previous: { status: previous }, account: accountId });
  }

  /**
   * Stripe's automatic payout of the account's balance in one currency (its default currency unless `currency` says
   * another) to its bank account in that currency: the amount as it is on the balance, never converted.
   */
  function payOut(
    accountId: string,
    options: { failureCode?: string; cancel?: boolean; currency?: string } = {},
  ): Stripe.Payout {
    const account = getAccount(accountId);
    const currency = options.currency ?? account.default_currency!;
    const amount = state.balanceTotal(accountId, currency);
    if (amount <= 0) throw new Error(`Account ${accountId} has no balance in ${currency} to pay out`);
    if (!account.payouts_enabled) throw new Error(`Payouts are not enabled on ${accountId}`);
    // Stripe pays out on the account's schedule; a manual one (our holds) is paid only when the platform asks.
    if (account.settings!.payouts!.schedule.interval === 'manual')
      throw new Error(`Payouts of ${accountId} are manual (held): Stripe pays nothing out on its own`);
    const bank = account.external_accounts!.data.find((external) => external.currency === currency);
    if (!bank) {
      throw new Error(
        `Account ${accountId} has no bank account in ${currency}: Stripe would convert that balance, the stand-in does not`,
      );
    }
    const payout = fromFixture<Stripe.Payout>('payout', {
      id: randomId('po'),
      amount,
      // The stand-in's payouts reach the bank (or fail) at once: paid means arrived.
      arrival_date: state.now(),
      automatic: true,
      balance_transaction: null,
      created: state.now(),
      currency,
      destination: bank.id,
      metadata: {},
      status: 'in_transit',
      trace_id: { status: 'pending', value: null },
    });
    state.payouts.set(payout.id, payout);
    payout.balance_transaction = state.balanceTransaction(-amount, 0, 'payout', payout.id, payout.currency, {
      account: accountId,
    }).id;
    state.emit('payout.created', payout, { account: accountId });
    if (options.cancel) {
      cancel(payout, accountId);
    } else if (options.failureCode) {
      fail(payout, accountId, options.failureCode);
    } else {
      payout.status = 'paid';
      payout.trace_id = { status: 'supported', value: randomBytes(8).toString('hex') };
      state.emit('payout.paid', payout, { previous: { status: 'in_transit' }, account: accountId });
    }
    return payout;
  }

  function retrieveAccount({ params, ids }: ApiRequest) {
    rejectUnknownParams(params, { expand: 'list' });
    return getAccount(ids[0]!);
  }

  /** GET /v1/accounts: the platform's connected accounts, newest first (`limit`, default 10, at most 100). */
  function listAccounts({ params, read }: ApiRequest) {
    rejectUnknownParams(params, { limit: true, expand: 'list' });
    const limit = Math.min(read.integer('limit', { min: 1 }) ?? 10, 100);
    const all = [...state.accounts.values()].sort((a, b) => (b.created ?? 0) - (a.created ?? 0));
    return { object: 'list', data: all.slice(0, limit), has_more: all.length > limit, url: '/v1/accounts' };
  }

  return {
    getAccount,
    payoutSchedule,
    createAccount,
    updateAccount,
    createAccountLink,
    completeOnboarding,
    requireInformation,
    payOut,
    failPaidPayout,
    retrieveAccount,
    listAccounts,
  };
}
