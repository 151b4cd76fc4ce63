import { EventEmitter } from 'node:events';
import Stripe from 'stripe';

/*
 * What the stand-in does with the events it creates: keeps them for tests to read or wait for, and POSTs them to
 * webhook endpoints signed with the SDK's own `webhooks.generateTestHeaderString`, so an endpoint's
 * `constructEvent` check is exercised with a real Stripe-Signature header. As on Stripe, an endpoint is either the
 * platform's (events about its own objects) or a Connect endpoint (events of connected accounts, `event.account` set),
 * each with its own signing secret.
 */

export interface WebhookEndpointConfig {
  url: string;
  /** The endpoint's signing secret (`whsec_...`). */
  secret: string;
  /** A Connect endpoint: receives connected accounts' events (account.updated, payout.*) instead of the platform's. */
  connect?: boolean;
}

export interface WebhookDelivery {
  eventId: string;
  eventType: string;
  url: string;
  /** HTTP status of the endpoint's answer, or null when it could not be reached. */
  status: number | null;
  error: string | null;
}

const signer = new Stripe('sk_test_stand_in_signer');

export class EventLog {
  readonly events: Stripe.Event[] = [];
  readonly deliveries: WebhookDelivery[] = [];
  private readonly endpoints: WebhookEndpointConfig[];
  private readonly emitter = new EventEmitter();
  /** One chain per endpoint so each receives its events in the order they happened. */
  private readonly queues = new Map<string, Promise<void>>();
  private readonly inflight = new Set<Promise<void>>();
  /** Events recorded while held (`hold()`), not sent yet: `release()` sends them in the order a test chooses. */
  private held: Stripe.Event[] | null = null;

  constructor(endpoints: WebhookEndpointConfig[]) {
    this.endpoints = [...endpoints];
  }

  addEndpoint(endpoint: WebhookEndpointConfig): void {
    this.endpoints.push(endpoint);
  }

  record(event: Stripe.Event): void {
    this.events.push(event);
    const targets = this.endpoints.filter((endpoint) => Boolean(endpoint.connect) === Boolean(event.account));
    event.pending_webhooks = targets.length;
    if (this.held) this.held.push(event);
    else for (const endpoint of targets) this.enqueue(endpoint, event);
    this.emitter.emit('event', event);
  }

  /**
   * Keeps the events created from now on (they are recorded, and `waitFor` finds them) without sending them, until
   * `release()`: Stripe sends events in no guaranteed order, and this is how a test makes one arrive late.
   */
  hold(): void {
    this.held ??= [];
  }

  /**
   * Sends the held events one after the other: those named in `order` (event ids) first, in that order, then the
   * others in the order they were created (an id named twice is sent twice); holding stops. Resolves once every one
   * has been answered.
   */
  async release(order: readonly string[] = []): Promise<void> {
    const held = this.held ?? [];
    this.held = null;
    const byId = new Map(held.map((event) => [event.id, event]));
    for (const id of order) {
      if (!byId.has(id)) throw new Error(`The stand-in holds no event ${id}`);
    }
    const named = order.map((id) => byId.get(id) as Stripe.Event);
    const rest = held.filter((event) => !order.includes(event.id));
    for (const event of [...named, ...rest]) {
      for (const endpoint of this.endpoints) {
        if (Boolean(endpoint.connect) === Boolean(event.account)) this.enqueue(endpoint, event);
      }
    }
    await this.settled();
  }

  /** Sends an event again to its endpoints, as Stripe does on a retry or a "Resend" from the dashboard. */
  redeliver(eventId: string): void {
    const event = this.events.find((candidate) => candidate.id === eventId);
    if (!event) throw new Error(`The stand-in has no event ${eventId}`);
    for (const endpoint of this.endpoints) {
      if (Boolean(endpoint.connect) === Boolean(event.account)) this.enqueue(endpoint, event);
    }
  }

  /** Resolves with the first event (already recorded or still to come) that matches. */
  waitFor(match: string | ((event: Stripe.Event) => boolean), timeoutMs = 10_000): Promise<Stripe.Event> {
    const test = typeof match === 'string' ? (event: Stripe.Event) => event.type === match : match;
    const found = this.events.find(test);
    if (found) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const onEvent = (event: Stripe.Event) => {
        if (!test(event)) return;
        clearTimeout(timer);
        this.emitter.off('event', onEvent);
        resolve(event);
      };
      const timer = setTimeout(() => {
        this.emitter.off('event', onEvent);
        reject(new Error(`No stand-in event matched ${typeof match === 'string' ? match : 'the predicate'}`));
      }, timeoutMs);
      this.emitter.on('event', onEvent);
    });
  }

  /** Waits until every delivery started so far has been answered (or failed). */
  async settled(): Promise<void> {
    while (this.inflight.size > 0) await Promise.all([...this.inflight]);
  }

  private enqueue(endpoint: WebhookEndpointConfig, event: Stripe.Event): void {
    const previous = this.queues.get(endpoint.url) ?? Promise.resolve();
    const next = previous.then(() => this.deliver(endpoint, event));
    this.queues.set(endpoint.url, next);
    this.inflight.add(next);
    void next.finally(() => this.inflight.delete(next));
  }

  private async deliver(endpoint: WebhookEndpointConfig, event: Stripe.Event): Promise<void> {
    // Stripe sends the event pretty-printed; the signature covers these exact bytes.
    const payload = JSON.stringify(event, null, 2);
    const signature = signer.webhooks.generateTestHeaderString({ payload, secret: endpoint.secret });
    const delivery: WebhookDelivery = {
      eventId: event.id,
      eventType: event.type,
      url: endpoint.url,
      status: null,
      error: null,
    };
    try {
      const response = await fetch(endpoint.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': signature,
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        },
        body: payload,
        signal: AbortSignal.timeout(10_000),
      });
      await response.arrayBuffer();
      delivery.status = response.status;
    } catch (error) {
      delivery.error = error instanceof Error ? error.message : String(error);
    }
    this.deliveries.push(delivery);
  }
}
